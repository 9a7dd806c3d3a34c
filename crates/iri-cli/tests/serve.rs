//! End-to-end tests of `iri serve`: a real server on a free port of 127.0.0.1, real requests
//! over TCP, well-formed, malformed and oversized.

mod common;

use common::{iri, run, stderr};

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A running `iri serve`, stopped when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    /// Starts `iri serve --port 0 ARGS` and reads the address it prints.
    fn start(args: &[&str]) -> Server {
        let mut child = iri()
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn iri serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim_end()
            .strip_prefix("listening on http://")
            .and_then(|s| s.strip_suffix('/'))
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        Server {
            child,
            addr: addr.parse().unwrap(),
        }
    }

    /// Sends `request` as it is and reads the whole answer (the server closes).
    fn send(&self, request: &[u8]) -> Answer {
        let mut s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        // The server may answer and close before reading all of an oversized request.
        let _ = s.write_all(request);
        let _ = s.shutdown(Shutdown::Write);
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        Answer::parse(&raw)
    }

    /// `GET target`.
    fn get(&self, target: &str) -> Answer {
        self.send(format!("GET {target} HTTP/1.1\r\nHost: localhost\r\n\r\n").as_bytes())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response: status, header fields (names in lower case) and body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn parse(raw: &[u8]) -> Answer {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(raw)));
        let head = std::str::from_utf8(&raw[..end]).unwrap();
        let mut lines = head.split("\r\n");
        let status_line = lines.next().unwrap();
        let status = status_line
            .strip_prefix("HTTP/1.1 ")
            .and_then(|s| s.get(..3))
            .unwrap()
            .parse()
            .unwrap();
        let headers = lines
            .map(|l| {
                let (n, v) = l.split_once(':').unwrap();
                (n.to_ascii_lowercase(), v.trim().to_owned())
            })
            .collect();
        Answer {
            status,
            headers,
            body: raw[end + 4..].to_vec(),
        }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> serde_json::Value {
        assert_eq!(self.header("content-type"), Some("application/json"));
        serde_json::from_slice(&self.body).unwrap()
    }

    fn text(&self) -> String {
        String::from_utf8(self.body.clone()).unwrap()
    }
}

/// Percent-encodes everything but unreserved characters, as a form field value.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn binds_loopback_and_serves_the_page_without_outside_assets() {
    let server = Server::start(&[]);
    assert!(server.addr.ip().is_loopback(), "{}", server.addr);
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(
        page.header("content-length"),
        Some(page.body.len().to_string().as_str())
    );
    let html = page.text();
    assert!(html.contains("<title>"), "{html}");
    // Every asset comes from this server.
    for asset in ["/viewer.css", "/viewer.js"] {
        assert!(html.contains(&format!("\"{asset}\"")), "{asset}");
        let a = server.get(asset);
        assert_eq!(a.status, 200, "{asset}");
        assert!(!a.body.is_empty());
    }
    // Nothing from elsewhere: no absolute URL in an attribute, no url() or @import in the
    // style, and the script asks only its own API.
    for attr in ["src=\"", "href=\""] {
        for (i, _) in html.match_indices(attr) {
            let value = &html[i + attr.len()..];
            assert!(
                value.starts_with('/') && !value.starts_with("//"),
                "{}",
                &value[..20]
            );
        }
    }
    let css = server.get("/viewer.css").text();
    assert!(!css.contains("url(") && !css.contains("@import"));
    let js = server.get("/viewer.js").text();
    assert_eq!(js.matches("fetch(").count(), 1);
    assert!(js.contains("fetch(\"/api/inspect?\""));
    // HEAD: the head only.
    let head = server.send(b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(head.status, 200);
    assert!(head.body.is_empty());
    assert_ne!(head.header("content-length"), Some("0"));
}

#[test]
fn inspect_an_iri_with_arabic_and_cyrillic() {
    let server = Server::start(&[]);
    let iri = "https://пример.рф:8443/مرحبا/мир?q=كتاب#раздел";
    let base = "https://пример.рф/каталог/";
    let a = server.get(&format!(
        "/api/inspect?iri={}&base={}",
        encode(iri),
        encode(base)
    ));
    assert_eq!(a.status, 200);
    let v = a.json();
    assert_eq!(v["input"], iri);
    assert_eq!(v["valid"], true);
    assert_eq!(v["host_kind"], "reg-name");
    let parts: Vec<(String, String)> = v["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["part"].as_str().unwrap().to_owned(),
                c["text"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let named: Vec<(&str, &str)> = parts
        .iter()
        .filter(|(p, _)| p != "delimiter")
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        named,
        [
            ("scheme", "https"),
            ("host", "пример.рф"),
            ("port", "8443"),
            ("path", "/مرحبا/мир"),
            ("query", "q=كتاب"),
            ("fragment", "раздел"),
        ]
    );
    let whole: String = parts.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(whole, iri);
    // RFC 3987 §3.1: each non-ASCII character as the %HH of its UTF-8 bytes.
    let want_uri: String = iri
        .chars()
        .map(|c| {
            if c.is_ascii() {
                c.to_string()
            } else {
                encode(&c.to_string())
            }
        })
        .collect();
    assert_eq!(v["uri"], want_uri.as_str());
    assert_eq!(v["iri"], iri, "§3.2 of the URI form gives the IRI back");
    assert!(v["uri_idna"]["value"]
        .as_str()
        .unwrap()
        .starts_with("https://xn--e1afmkfd.xn--p1ai:8443/"));
    assert_eq!(v["resolved"]["iri"], iri);
    assert_eq!(v["normalized"][1]["level"], "scheme");
    assert_eq!(v["bidi"]["is_bidi"], true);
    assert_eq!(
        v["bidi"]["display"],
        format!("\u{202A}{iri}\u{202C}").as_str()
    );
}

#[test]
fn inspect_invalid_input_and_diagnostics() {
    let server = Server::start(&[]);
    // '+' is a space in a form value: the space is the error.
    let v = server.get("/api/inspect?iri=http://a/b+c").json();
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["kind"], "invalid-char");
    assert_eq!(v["error"]["offset"], 10);
    assert_eq!(v["error"]["before"], "http://a/b");
    assert_eq!(v["error"]["char"], " ");
    assert!(v["components"].is_null() && v["uri"].is_null());
    let v = server
        .get(&format!(
            "/api/inspect?iri={}",
            encode("http://user:pw@0x7f.1/%C0%AF..")
        ))
        .json();
    let codes: Vec<&str> = v["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    for code in [
        "password-in-userinfo",
        "ipv4-lookalike-host",
        "overlong-traversal",
    ] {
        assert!(codes.contains(&code), "{codes:?}");
    }
    let d = &v["diagnostics"][0];
    assert!(d["section"].as_str().unwrap().starts_with("RFC "), "{d}");
    // The empty reference is valid.
    let v = server.get("/api/inspect?iri=").json();
    assert_eq!(v["valid"], true);
}

#[test]
fn clear_4xx_answers() {
    let server = Server::start(&["--timeout", "1"]);
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (
            b"GET /nowhere HTTP/1.1\r\n\r\n".to_vec(),
            404,
            "nothing at /nowhere",
        ),
        (
            b"POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n".to_vec(),
            405,
            "POST",
        ),
        (b"garbage\r\n\r\n".to_vec(), 400, "METHOD TARGET"),
        (b"GET / HTTP/9.9\r\n\r\n".to_vec(), 505, "HTTP/1.1"),
        (b"GET / HTTP/1.1\r\nno colon\r\n\r\n".to_vec(), 400, "':'"),
        (
            b"GET / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc".to_vec(),
            413,
            "no body",
        ),
        (
            format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(9000)).into_bytes(),
            414,
            "longer than 8192",
        ),
        (
            format!(
                "GET / HTTP/1.1\r\n{}\r\n",
                "X-Filler: 0123456789\r\n".repeat(2000)
            )
            .into_bytes(),
            431,
            "longer than",
        ),
        (
            b"GET / HTTP/1.1\r\nHost: x".to_vec(),
            400,
            "closed before the end",
        ),
    ];
    for (request, status, text) in cases {
        let a = server.send(&request);
        assert_eq!(
            a.status,
            status,
            "{}",
            String::from_utf8_lossy(&request[..request.len().min(60)])
        );
        assert!(a.text().contains(text), "{status}: {}", a.text());
        assert_eq!(a.header("connection"), Some("close"));
    }
    let a = server.send(b"DELETE / HTTP/1.1\r\n\r\n");
    assert_eq!(a.header("allow"), Some("GET, HEAD"));
    // API errors are JSON.
    for (target, text) in [
        ("/api/inspect", "missing"),
        ("/api/inspect?iri=%E2%82", "not UTF-8"),
        ("/api/inspect?iri=%zz", "hex digits"),
        ("/api/inspect?iri=a&iri=b", "twice"),
        ("/api/inspect?iri=a&base=%", "parameter base"),
    ] {
        let a = server.get(target);
        assert_eq!(a.status, 400, "{target}");
        let message = a.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(message.contains(text), "{target}: {message}");
    }
    // The server still answers after all that.
    assert_eq!(server.get("/").status, 200);
}

#[test]
fn a_silent_client_gets_408() {
    let server = Server::start(&["--timeout", "1"]);
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let start = Instant::now();
    s.write_all(b"GET / HT").unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let a = Answer::parse(&raw);
    assert_eq!(a.status, 408);
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(8),
        "{took:?}"
    );
    // Another client is served meanwhile and afterwards.
    assert_eq!(server.get("/api/inspect?iri=a").status, 200);
}

#[test]
fn bad_bind_address_is_a_usage_error() {
    let o = run(&["serve", "--bind", "localhost"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--bind"));
}
