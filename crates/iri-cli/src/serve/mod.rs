//! `iri serve`: the live IRI viewer, a page that takes an IRI apart as you type, served with
//! its JSON API by a small HTTP/1.1 server (RFC 9112 message syntax) on `std::net`.
//!
//! The server is deliberately small: GET and HEAD only, one request per connection
//! (`Connection: close`), no request body, a thread per connection up to
//! [`MAX_CONNECTIONS`] (beyond, 503). What it checks: a request line of at most
//! [`MAX_REQUEST_LINE`] bytes (414), a head of at most [`MAX_HEAD`] bytes (431), a well-formed
//! request line and header fields (400), an HTTP/1.x version (505), the method (405, with
//! `Allow`), no body (413), and a client that sends its request within the timeout (408).
//! The page, its style and its script are compiled into the binary (`include_str!`): it needs
//! no network. It binds 127.0.0.1 unless told otherwise.
//!
//! Left out: keep-alive, chunked bodies, TLS, compression, and any other route than `/`,
//! `/viewer.css`, `/viewer.js` and `/api/inspect`.

mod inspect;

pub use inspect::inspect;

use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::cli::ServeArgs;
use crate::commands::Outcome;
use crate::output::warn;

/// The longest request line accepted.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;

/// The longest request head (request line and header fields) accepted.
pub const MAX_HEAD: usize = 24 * 1024;

/// Connections served at once; more get 503.
pub const MAX_CONNECTIONS: usize = 64;

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Runs `iri serve`: binds, prints `listening on http://ADDR/` on `out`, and serves until
/// the process is stopped.
pub fn serve(args: ServeArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let listener = TcpListener::bind((args.bind, args.port)).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot listen on {}:{}: {e}", args.bind, args.port),
        )
    })?;
    let addr = listener.local_addr()?;
    writeln!(out, "listening on http://{addr}/")?;
    out.flush()?;
    let timeout = Duration::from_secs(args.timeout);
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let mut stream = match stream {
            Ok(s) => s,
            Err(e) => {
                warn(format_args!("accept: {e}"));
                continue;
            }
        };
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            active.fetch_sub(1, Ordering::SeqCst);
            let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
            let _ =
                Response::text(503, "too many connections, try again").write(&mut stream, false);
            continue;
        }
        let active = Arc::clone(&active);
        let spawned = std::thread::Builder::new()
            .name("iri-serve".to_owned())
            .spawn(move || {
                handle(stream, timeout);
                active.fetch_sub(1, Ordering::SeqCst);
            });
        if let Err(e) = spawned {
            warn(format_args!("cannot start a thread: {e}"));
        }
    }
    Ok(Outcome::AllValid)
}

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
    fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Self {
        Response {
            status,
            content_type,
            headers: Vec::new(),
            body: body.into(),
        }
    }

    /// A plain-text answer: `STATUS REASON: message`.
    fn text(status: u16, message: &str) -> Self {
        let body = format!("{status} {}: {message}\n", reason(status));
        Response::new(status, "text/plain; charset=utf-8", body)
    }

    /// A JSON error for the API: `{"error":{"status":…,"message":…}}`.
    fn json_error(status: u16, message: &str) -> Self {
        let body = serde_json::json!({ "error": { "status": status, "message": message } });
        Response::new(status, "application/json", body.to_string())
    }

    /// Writes the response; the body only when `body` (not for HEAD).
    fn write(&self, w: &mut impl Write, body: bool) -> io::Result<()> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        w.write_all(head.as_bytes())?;
        if body {
            w.write_all(&self.body)?;
        }
        w.flush()
    }
}

/// The reason phrase of the status codes this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Internal Server Error",
    }
}

/// Serves one connection: reads one request, answers it, closes.
fn handle(mut stream: TcpStream, timeout: Duration) {
    let _ = stream.set_write_timeout(Some(timeout));
    let (response, body) = match read_head(&mut stream, timeout) {
        Ok(Some(head)) => match parse_request(&head) {
            Ok(req) => (route(&req), req.method != "HEAD"),
            Err(response) => (response, true),
        },
        // The client went away without a request: nothing to answer.
        Ok(None) => return,
        Err(response) => (response, true),
    };
    let _ = response.write(&mut stream, body);
    let _ = stream.shutdown(std::net::Shutdown::Write);
    // Let the client read the answer before the socket is dropped: drain what it still sends
    // (briefly), so that the close does not reset the connection.
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let mut sink = [0u8; 4096];
    let deadline = Instant::now() + Duration::from_millis(500);
    while Instant::now() < deadline {
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
}

/// Reads the request head, up to the empty line. `Ok(None)` when the client closed the
/// connection without sending anything; an error response when the head is too long, the
/// client too slow, or the connection closed mid-request.
fn read_head(
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
            return Err(Response::text(
                414,
                &format!("the request line is longer than {MAX_REQUEST_LINE} bytes"),
            ));
        }
        if complete.unwrap_or(buf.len()) > MAX_HEAD {
            return Err(Response::text(
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
            return Err(Response::text(408, "the request did not arrive in time"));
        }
        stream.set_timeout(left);
        match stream.read(&mut chunk) {
            Ok(0) if buf.is_empty() => return Ok(None),
            Ok(0) => {
                return Err(Response::text(
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
                return Err(Response::text(408, "the request did not arrive in time"));
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return Ok(None),
        }
    }
}

/// A stream whose reads can time out: a TCP stream, or a test double.
trait ReadTimeout: Read {
    fn set_timeout(&mut self, d: Duration);
}

impl ReadTimeout for TcpStream {
    fn set_timeout(&mut self, d: Duration) {
        let _ = self.set_read_timeout(Some(d));
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

/// A parsed request: method, path and query (still percent-encoded).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Request {
    method: String,
    path: String,
    query: Option<String>,
}

/// Parses a request head (RFC 9112 §3, §5): the request line, then header fields, each
/// `name: value`. A body is refused.
fn parse_request(head: &[u8]) -> Result<Request, Response> {
    let bad = |m: &str| Response::text(400, m);
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
            return Err(Response::text(505, "only HTTP/1.0 and HTTP/1.1 are served"))
        }
        _ => return Err(bad("the request line does not end with an HTTP version")),
    }
    if !target.starts_with('/') || target.bytes().any(|b| b <= b' ' || b == 0x7F) {
        return Err(bad("the request target is not an absolute path"));
    }
    for line in lines.filter(|l| !l.is_empty()) {
        let Some((name, value)) = line.split_once(':') else {
            return Err(bad("a header field has no ':'"));
        };
        if !is_token(name) {
            return Err(bad("a header field name is not a token"));
        }
        let value = value.trim();
        if name.eq_ignore_ascii_case("transfer-encoding")
            || (name.eq_ignore_ascii_case("content-length") && value != "0")
        {
            return Err(Response::text(413, "requests to the viewer have no body"));
        }
    }
    if method != "GET" && method != "HEAD" {
        let mut r = Response::text(405, &format!("{method} is not served; use GET"));
        r.headers.push(("Allow", "GET, HEAD".to_owned()));
        return Err(r);
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p, Some(q.to_owned())),
        None => (target, None),
    };
    Ok(Request {
        method: method.to_owned(),
        path: path.to_owned(),
        query,
    })
}

/// The answer to a well-formed request.
fn route(req: &Request) -> Response {
    match req.path.as_str() {
        "/" | "/index.html" => {
            let mut r = Response::new(200, "text/html; charset=utf-8", PAGE);
            r.headers.push((
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:".to_owned(),
            ));
            r
        }
        "/viewer.css" => Response::new(200, "text/css; charset=utf-8", STYLE),
        "/viewer.js" => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        "/api/inspect" => api_inspect(req.query.as_deref().unwrap_or("")),
        path => Response::text(404, &format!("nothing at {path}")),
    }
}

/// `GET /api/inspect?iri=…&base=…`.
fn api_inspect(query: &str) -> Response {
    let mut iri = None;
    let mut base = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = match name {
            "iri" => &mut iri,
            "base" => &mut base,
            _ => continue,
        };
        let value = match form_decode(value) {
            Ok(v) => v,
            Err(m) => return Response::json_error(400, &format!("parameter {name}: {m}")),
        };
        if slot.replace(value).is_some() {
            return Response::json_error(400, &format!("parameter {name} is given twice"));
        }
    }
    let Some(iri) = iri else {
        return Response::json_error(400, "the parameter iri is missing");
    };
    let body = inspect(&iri, base.as_deref()).to_string();
    Response::new(200, "application/json", body)
}

/// Decodes an `application/x-www-form-urlencoded` value: `+` is a space, `%HH` a byte; the
/// bytes must be UTF-8.
fn form_decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let digit = |j: usize| bytes.get(j).and_then(|&b| char::from(b).to_digit(16));
                match (digit(i + 1), digit(i + 2)) {
                    (Some(hi), Some(lo)) => out.push((hi * 16 + lo) as u8),
                    _ => return Err(format!("'%' at byte {i} is not followed by two hex digits")),
                }
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|e| {
        format!(
            "the decoded value is not UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        )
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
        let ok = parse_request(b"GET /api/inspect?iri=a HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
        assert_eq!(
            (ok.method.as_str(), ok.path.as_str()),
            ("GET", "/api/inspect")
        );
        assert_eq!(ok.query.as_deref(), Some("iri=a"));
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
            (b"POST / HTTP/1.1\r\n\r\n", 405),
            (b"DELETE / HTTP/1.1\r\n\r\n", 405),
        ] {
            let r = parse_request(head).unwrap_err();
            assert_eq!(r.status, status, "{}", String::from_utf8_lossy(head));
        }
        let r = parse_request(b"PUT / HTTP/1.1\r\n\r\n").unwrap_err();
        assert_eq!(r.headers, [("Allow", "GET, HEAD".to_owned())]);
    }

    #[test]
    fn form_decoding() {
        assert_eq!(form_decode("a+b%20c%2B%C3%A9").unwrap(), "a b c+é");
        assert!(form_decode("%4").is_err());
        assert!(form_decode("%zz").is_err());
        assert!(form_decode("%+1").is_err());
        assert!(form_decode("%FF").unwrap_err().contains("not UTF-8"));
    }

    #[test]
    fn api_answers() {
        assert_eq!(api_inspect("").status, 400);
        assert_eq!(api_inspect("iri=a&iri=b").status, 400);
        assert_eq!(api_inspect("iri=%").status, 400);
        let r = api_inspect("iri=http%3A%2F%2Fa%2F&other=1");
        assert_eq!(r.status, 200);
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(v["valid"], true);
    }
}
