//! The HTTP/1.1 message layer of `iri serve` (RFC 9112): reading a request head within a
//! deadline and size limits (§2.3, §3), parsing its request line (§3) and header fields (§5),
//! checking the `Host` header field (§3.2; RFC 9110 §7.2, §7.4), and writing a response with
//! `Content-Length` and `Connection: close` (§6.3, §9.6).
//!
//! Every error is answered in one JSON shape, `{"error":{"status":…,"reason":…,"message":…}}`,
//! so that the page can show any of them the same way.
//!
//! Left out: keep-alive, request bodies, chunked transfer coding, `obs-fold` (refused as a
//! header field without `:`), absolute-form and asterisk-form request targets.

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::json::JsonObject;

/// The longest request line accepted.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;

/// The longest request head (request line and header fields) accepted.
pub const MAX_HEAD: usize = 24 * 1024;

/// An HTTP response.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    /// The status code.
    pub status: u16,
    /// The media type of the body.
    pub content_type: &'static str,
    /// Further header fields.
    pub headers: Vec<(&'static str, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// A response with `body` of type `content_type`.
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Response {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// An error: `{"error":{"status":…,"reason":…,"message":…}}`, its members in the order
    /// that `--help` and docs/serve.md show.
    pub fn error(status: u16, message: &str) -> Self {
        let mut body = Vec::new();
        // Writing into memory cannot fail.
        let _ = JsonObject::begin(&mut body).and_then(|mut o| {
            o.object("error", |e| {
                e.num("status", Some(u64::from(status)))?;
                e.str("reason", Some(reason(status)))?;
                e.str("message", Some(message))
            })?;
            o.end()
        });
        Response::new(status, "application/json", body)
    }

    /// Writes the response; the body only when `body` (not for HEAD).
    pub fn write(&self, w: &mut impl Write, body: bool) -> io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
             Referrer-Policy: no-referrer\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut all = head.into_bytes();
        if body {
            all.extend_from_slice(&self.body);
        }
        // One write: a rejected client's socket is non-blocking, and a short answer then goes
        // out whole or not at all.
        w.write_all(&all)?;
        w.flush()
    }
}

/// The reason phrase of the status codes this server sends.
pub fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        421 => "Misdirected Request",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Internal Server Error",
    }
}

/// A stream whose reads can time out: a TCP stream, or a test double.
pub trait ReadTimeout: Read {
    /// Sets how long the next read may wait.
    fn set_timeout(&mut self, d: Duration);
}

impl ReadTimeout for TcpStream {
    fn set_timeout(&mut self, d: Duration) {
        let _ = self.set_read_timeout(Some(d));
    }
}

/// Reads the request head, up to the empty line, within `timeout` counted from now.
/// `Ok(None)` when the client closed the connection, or stayed silent until the deadline,
/// without sending a byte (a browser's unused spare connection: nothing to answer); an error
/// response when the head is too long, the client too slow, or the connection closed
/// mid-request.
pub fn read_head(
    stream: &mut impl ReadTimeout,
    timeout: Duration,
) -> Result<Option<Vec<u8>>, Response> {
    let deadline = Instant::now() + timeout;
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 4096];
    // Where the search for the end of the line and of the head resumes: each byte is looked
    // at a bounded number of times, however the client splits its request.
    let mut searched = 0usize;
    let mut line_end = None;
    let late = |buf: &[u8]| {
        if buf.is_empty() {
            Ok(None)
        } else {
            Err(Response::error(408, "the request did not arrive in time"))
        }
    };
    loop {
        let from = searched.saturating_sub(3);
        let complete = head_end(&buf[from..]).map(|end| from + end);
        if line_end.is_none() {
            line_end = buf[searched..]
                .iter()
                .position(|&b| b == b'\n')
                .map(|i| searched + i);
        }
        if line_end.unwrap_or(buf.len()) > MAX_REQUEST_LINE {
            return Err(Response::error(
                414,
                &format!("the request line is longer than {MAX_REQUEST_LINE} bytes"),
            ));
        }
        if complete.unwrap_or(buf.len()) > MAX_HEAD {
            return Err(Response::error(
                431,
                &format!("the request head is longer than {MAX_HEAD} bytes"),
            ));
        }
        if let Some(end) = complete {
            buf.truncate(end);
            return Ok(Some(buf));
        }
        searched = buf.len();
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return late(&buf);
        }
        stream.set_timeout(left);
        match stream.read(&mut chunk) {
            Ok(0) if buf.is_empty() => return Ok(None),
            Ok(0) => {
                return Err(Response::error(
                    400,
                    "the connection closed before the end of the request head",
                ))
            }
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                return late(&buf);
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return Ok(None),
        }
    }
}

/// Where the head ends (after `\r\n\r\n`, or a bare `\n\n`), if it has.
fn head_end(buf: &[u8]) -> Option<usize> {
    let crlf = buf.windows(4).position(|w| w == b"\r\n\r\n").map(|i| i + 4);
    let lf = buf.windows(2).position(|w| w == b"\n\n").map(|i| i + 2);
    match (crlf, lf) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A parsed request: method, path and query (still percent-encoded), and the `Host` header
/// field's value (`None` when there is none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The method, a token.
    pub method: String,
    /// The path of the target.
    pub path: String,
    /// The query of the target, without its `?`.
    pub query: Option<String>,
    /// The value of the one `Host` header field.
    pub host: Option<String>,
}

/// Parses a request head (RFC 9112 §3, §5): the request line, then header fields, each
/// `name: value`. A body is refused, and so are two `Host` header fields (§3.2).
pub fn parse_request(head: &[u8]) -> Result<Request, Response> {
    let bad = |m: &str| Response::error(400, m);
    let text = std::str::from_utf8(head)
        .ok()
        .filter(|t| t.is_ascii())
        .ok_or_else(|| bad("the request head is not ASCII"))?;
    let mut lines = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l));
    let request_line = lines.next().unwrap_or("");
    let parts: Vec<&str> = request_line.split(' ').collect();
    let [method, target, version] = parts[..] else {
        return Err(bad("the request line is not METHOD TARGET HTTP-VERSION"));
    };
    let is_token = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
    };
    if !is_token(method) {
        return Err(bad("the method is not a token"));
    }
    match version {
        "HTTP/1.1" | "HTTP/1.0" => {}
        v if v.starts_with("HTTP/") => {
            return Err(Response::error(
                505,
                "only HTTP/1.0 and HTTP/1.1 are served",
            ))
        }
        _ => return Err(bad("the request line does not end with an HTTP version")),
    }
    if !target.starts_with('/') || target.bytes().any(|b| b <= b' ' || b == 0x7F) {
        return Err(bad("the request target is not an absolute path"));
    }
    let mut host = None;
    for line in lines.filter(|l| !l.is_empty()) {
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header field has no ':'"));
        };
        if !is_token(name) {
            return Err(bad("a header field name is not a token"));
        }
        let value = value.trim_matches([' ', '\t']);
        // RFC 9110 §5.5: a field value is visible characters, spaces and tabs; a NUL or another
        // control character in it is refused rather than passed on.
        if value.bytes().any(|b| (b < b' ' && b != b'\t') || b == 0x7F) {
            return Err(bad(
                "a header field value holds a control character (RFC 9110 §5.5)",
            ));
        }
        if name.eq_ignore_ascii_case("transfer-encoding")
            || (name.eq_ignore_ascii_case("content-length") && value != "0")
        {
            return Err(Response::error(413, "requests to the viewer have no body"));
        }
        if name.eq_ignore_ascii_case("host") && host.replace(value.to_owned()).is_some() {
            return Err(bad("the request has more than one Host header field"));
        }
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p, Some(q.to_owned())),
        None => (target, None),
    };
    Ok(Request {
        method: method.to_owned(),
        path: path.to_owned(),
        query,
        host,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Slow<'a>(&'a [u8]);

    impl Read for Slow<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            // One byte at a time, then a timeout.
            match self.0.split_first() {
                Some((&b, rest)) if !buf.is_empty() => {
                    buf[0] = b;
                    self.0 = rest;
                    Ok(1)
                }
                _ => Err(io::Error::new(io::ErrorKind::WouldBlock, "timed out")),
            }
        }
    }

    impl ReadTimeout for Slow<'_> {
        fn set_timeout(&mut self, _: Duration) {}
    }

    fn head(bytes: &[u8]) -> Result<Option<Vec<u8>>, Response> {
        read_head(&mut Slow(bytes), Duration::from_secs(5))
    }

    #[test]
    fn reads_heads_and_limits() {
        assert_eq!(
            head(b"GET / HTTP/1.1\r\n\r\nrest").unwrap().unwrap(),
            b"GET / HTTP/1.1\r\n\r\n"
        );
        assert_eq!(
            head(b"GET / HTTP/1.0\n\n").unwrap().unwrap(),
            b"GET / HTTP/1.0\n\n"
        );
        assert_eq!(head(b"GET / HTTP/1.1\r\n").unwrap_err().status, 408);
        // Nothing at all before the deadline: no answer.
        assert_eq!(head(b""), Ok(None));
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_REQUEST_LINE));
        assert_eq!(head(long.as_bytes()).unwrap_err().status, 414);
        let many = format!(
            "GET / HTTP/1.1\r\n{}\r\n",
            "X-A: b\r\n".repeat(MAX_HEAD / 8 + 1)
        );
        assert_eq!(head(many.as_bytes()).unwrap_err().status, 431);
    }

    #[test]
    fn request_lines() {
        let ok = parse_request(b"GET /api/inspect?iri=a HTTP/1.1\r\nHost:\t x:1 \r\n\r\n").unwrap();
        assert_eq!(
            (ok.method.as_str(), ok.path.as_str()),
            ("GET", "/api/inspect")
        );
        assert_eq!(ok.query.as_deref(), Some("iri=a"));
        assert_eq!(ok.host.as_deref(), Some("x:1"));
        assert_eq!(parse_request(b"GET / HTTP/1.0\r\n\r\n").unwrap().host, None);
        // The method is checked later, with the route.
        assert_eq!(
            parse_request(b"POST / HTTP/1.1\r\n\r\n").unwrap().method,
            "POST"
        );
        for (head, status) in [
            (&b"GET /\r\n\r\n"[..], 400),
            (b"GET  / HTTP/1.1\r\n\r\n", 400),
            (b"G(T / HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/2.0\r\n\r\n", 505),
            (b"GET / FTP/1.0\r\n\r\n", 400),
            (b"GET http://a/ HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nbad header\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", 400),
            (b"GET /\xC3\xA9 HTTP/1.1\r\n\r\n", 400),
            (b"GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n", 413),
            (b"GET / HTTP/1.1\r\nHost: a\r\nhost: a\r\n\r\n", 400),
        ] {
            let r = parse_request(head).unwrap_err();
            assert_eq!(r.status, status, "{}", String::from_utf8_lossy(head));
            let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
            assert_eq!(v["error"]["status"], status);
        }
    }

    #[test]
    fn errors_are_json() {
        let r = Response::error(414, "too \"long\"");
        assert_eq!(r.content_type, "application/json");
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"error": {"status": 414, "reason": "URI Too Long",
                "message": "too \"long\""}})
        );
        // The bytes too: the members in the documented order.
        assert_eq!(
            String::from_utf8(r.body.clone()).unwrap(),
            r#"{"error":{"status":414,"reason":"URI Too Long","message":"too \"long\""}}"#
        );
        let mut out = Vec::new();
        r.write(&mut out, false).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{text}");
        assert!(text.ends_with("\r\n\r\n"), "{text}");
    }
}
