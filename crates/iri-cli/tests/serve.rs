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
        let (child, addr) = common::spawn_serve(args, Stdio::inherit());
        Server { child, addr }
    }

    /// Sends `request` as it is and reads the whole answer (the server closes).
    fn send(&self, request: &[u8]) -> Answer {
        send(self.addr, request)
    }

    /// `GET target`, with the Host header field a browser on this machine sends.
    fn get(&self, target: &str) -> Answer {
        self.send(self.request(target).as_bytes())
    }

    /// The request `GET target` with a `Host` header field naming the server's address.
    fn request(&self, target: &str) -> String {
        format!("GET {target} HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr)
    }

    /// `GET target` with `Host: host`.
    fn get_with_host(&self, target: &str, host: &str) -> Answer {
        self.send(format!("GET {target} HTTP/1.1\r\nHost: {host}\r\n\r\n").as_bytes())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends `request` as it is to `addr` and reads the whole answer (the server closes).
fn send(addr: SocketAddr, request: &[u8]) -> Answer {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    // The server may answer and close before reading all of an oversized request.
    let _ = s.write_all(request);
    let _ = s.shutdown(Shutdown::Write);
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    Answer::parse(&raw)
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
    // Every asset comes from this server: relative references, since the same page is also
    // written as static files (crates/iri-wasm/build.sh), which resolve against `/` here.
    for asset in ["viewer.css", "viewer.js"] {
        assert!(html.contains(&format!("\"{asset}\"")), "{asset}");
        let a = server.get(&format!("/{asset}"));
        assert_eq!(a.status, 200, "{asset}");
        assert!(!a.body.is_empty());
    }
    // Nothing from elsewhere: no URL with a scheme or an authority in an attribute, no url()
    // or @import in the style, and the script asks only its own API.
    for attr in ["src=\"", "href=\""] {
        for (i, _) in html.match_indices(attr) {
            let value = &html[i + attr.len()..];
            let value = &value[..value.find('"').unwrap()];
            assert!(!value.contains(':') && !value.starts_with("//"), "{value}");
        }
    }
    let css = server.get("/viewer.css").text();
    assert!(!css.contains("url(") && !css.contains("@import"));
    let js = server.get("/viewer.js").text();
    assert_eq!(js.matches("fetch(").count(), 2);
    assert!(js.contains("fetch(\"/api/inspect?\""));
    assert!(js.contains("fetch(\"/api/expand?\""));
    // HEAD: the head only.
    let head = server.send(server.request("/").replacen("GET", "HEAD", 1).as_bytes());
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

// RFC 3986 §5.2.1, erratum 4789, §6.2.2.2: the page offers the presets, the API takes one
// as `preset` and resolves with it; an unknown one is a 400 that names the choices.
#[test]
fn inspect_resolves_with_the_chosen_preset() {
    let server = Server::start(&[]);
    let html = server.get("/").text();
    assert!(html.contains("<select id=\"preset\""), "no preset selector");
    for value in ["strict", "rdf", "browser"] {
        assert!(
            html.contains(&format!("<option value=\"{value}\"")),
            "{value}"
        );
    }
    let js = server.get("/viewer.js").text();
    assert!(
        js.contains("params.set(\"preset\""),
        "the page does not pass the preset"
    );
    let ask = |iri: &str, base: &str, preset: Option<&str>| {
        let mut q = format!("/api/inspect?iri={}&base={}", encode(iri), encode(base));
        if let Some(p) = preset {
            q.push_str(&format!("&preset={p}"));
        }
        let a = server.get(&q);
        assert_eq!(a.status, 200, "{q}");
        a.json()["resolved"].clone()
    };
    let base = "http://a/bb/ccc/./d;p?q";
    let strict = ask("?y", base, None);
    assert_eq!(strict["iri"], "http://a/bb/ccc/./d;p?y");
    assert_eq!(strict["preset"], "strict");
    assert_eq!(
        ask("?y", base, Some("strict"))["iri"],
        "http://a/bb/ccc/./d;p?y"
    );
    let rdf = ask("?y", base, Some("rdf"));
    assert_eq!(rdf["iri"], "http://a/bb/ccc/d;p?y");
    assert_eq!(rdf["preset"], "rdf");
    let deep = "scheme://a/b/c/d/e/f";
    assert_eq!(
        ask("%2E%2E/g", deep, Some("rdf"))["iri"],
        "scheme://a/b/c/d/e/%2E%2E/g"
    );
    let browser = ask("%2E%2E/g", deep, Some("browser"));
    assert_eq!(browser["iri"], "scheme://a/b/c/d/g");
    assert_eq!(browser["uri"], "scheme://a/b/c/d/g");
    let bad = server.get("/api/inspect?iri=a&base=http%3A%2F%2Fa%2F&preset=html");
    assert_eq!(bad.status, 400);
    assert!(
        bad.text().contains("strict, rdf or browser"),
        "{}",
        bad.text()
    );
}

// Processing draft §6.2: the script of a javascript IRI, decoded; null for other schemes.
#[test]
fn inspect_shows_the_script_of_a_javascript_iri() {
    let server = Server::start(&[]);
    let v = server
        .get(&format!(
            "/api/inspect?iri={}",
            encode("javascript:alert('%C3%A9')?1:go('#x')")
        ))
        .json();
    assert_eq!(v["javascript"]["script"], "alert('é')?1:go('#x')");
    assert_eq!(v["javascript"]["encoding"], "UTF-8");
    let v = server
        .get(&format!("/api/inspect?iri={}", encode("javascript:%FF")))
        .json();
    assert!(v["javascript"]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("UTF-8"));
    assert_eq!(v["javascript"]["error"]["byte"], 11);
    assert_eq!(v["javascript"]["error"]["column"], 12);
    let v = server.get("/api/inspect?iri=http%3A%2F%2Fa%2F").json();
    assert!(v["javascript"].is_null());
}

#[test]
fn inspect_invalid_input_and_diagnostics() {
    let server = Server::start(&[]);
    // '+' is a space in a form value: the space is the error.
    let v = server.get("/api/inspect?iri=http://a/b+c").json();
    assert_eq!(v["valid"], false);
    assert_eq!(v["error"]["kind"], "invalid-char");
    assert_eq!(v["error"]["byte"], 10);
    assert_eq!(v["error"]["column"], 11);
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

/// Checks that `a` is an error in the server's one JSON shape,
/// `{"error":{"status":…,"reason":…,"message":…}}`, and returns its message.
fn json_error(a: &Answer, status: u16) -> String {
    assert_eq!(a.status, status, "{}", a.text());
    let v = a.json();
    let e = &v["error"];
    assert_eq!(e["status"], status, "{v}");
    assert!(e["reason"].as_str().is_some_and(|r| !r.is_empty()), "{v}");
    assert_eq!(
        v.as_object().unwrap().len(),
        1,
        "only the error is answered: {v}"
    );
    e["message"].as_str().unwrap().to_owned()
}

#[test]
fn every_error_is_json() {
    let server = Server::start(&["--timeout", "1"]);
    let host = format!("Host: {}\r\n", server.addr);
    let with_host = |request: &str| request.replacen("\r\n", &format!("\r\n{host}"), 1);
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (
            with_host("GET /nowhere HTTP/1.1\r\n\r\n").into_bytes(),
            404,
            "nothing at /nowhere",
        ),
        (
            with_host("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n").into_bytes(),
            405,
            "POST",
        ),
        (b"garbage\r\n\r\n".to_vec(), 400, "METHOD TARGET"),
        (b"GET / HTTP/9.9\r\n\r\n".to_vec(), 505, "HTTP/1.1"),
        (
            with_host("GET / HTTP/1.1\r\nno colon\r\n\r\n").into_bytes(),
            400,
            "':'",
        ),
        (
            with_host("GET / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc").into_bytes(),
            413,
            "no body",
        ),
        (
            format!("GET /{} HTTP/1.1\r\n{host}\r\n", "a".repeat(9000)).into_bytes(),
            414,
            "longer than 8192",
        ),
        (
            format!(
                "GET / HTTP/1.1\r\n{host}{}\r\n",
                "X-Filler: 0123456789\r\n".repeat(2000)
            )
            .into_bytes(),
            431,
            "longer than",
        ),
        (
            with_host("GET / HTTP/1.1\r\nX: y").into_bytes(),
            400,
            "closed before the end",
        ),
        (b"GET / HTTP/1.1\r\n\r\n".to_vec(), 400, "no Host"),
        (
            with_host("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n").into_bytes(),
            400,
            "more than one Host",
        ),
    ];
    for (request, status, text) in cases {
        let a = server.send(&request);
        let what = String::from_utf8_lossy(&request[..request.len().min(60)]).into_owned();
        let message = json_error(&a, status);
        assert!(message.contains(text), "{what}: {message}");
        assert_eq!(a.header("connection"), Some("close"), "{what}");
    }
    let a = server.send(with_host("DELETE / HTTP/1.1\r\n\r\n").as_bytes());
    assert_eq!(a.header("allow"), Some("GET, HEAD"));
    // A HEAD of an unknown path: the head of the JSON error, no body.
    let a = server.send(with_host("HEAD /nowhere HTTP/1.1\r\n\r\n").as_bytes());
    assert_eq!(
        (a.status, a.header("content-type")),
        (404, Some("application/json"))
    );
    assert!(a.body.is_empty());
    // The API's own errors.
    for (target, text) in [
        ("/api/inspect", "missing"),
        ("/api/inspect?iri=%E2%82", "not UTF-8"),
        ("/api/inspect?iri=%zz", "hex digits"),
        ("/api/inspect?iri=a&iri=b", "twice"),
        ("/api/inspect?iri=a&base=%", "parameter base"),
    ] {
        let message = json_error(&server.get(target), 400);
        assert!(message.contains(text), "{target}: {message}");
    }
    // What the page sends for an input of more than 8 KiB.
    let long = format!(
        "/api/inspect?iri=http%3A%2F%2Fa%2F{}",
        "%C3%A9".repeat(1500)
    );
    let message = json_error(&server.get(&long), 414);
    assert!(message.contains("8192"), "{message}");
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
    let message = json_error(&a, 408);
    assert!(message.contains("in time"), "{message}");
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(8),
        "{took:?}"
    );
    // Another client is served meanwhile and afterwards.
    assert_eq!(server.get("/api/inspect?iri=a").status, 200);
}

#[test]
fn only_requests_for_this_machine_are_served() {
    let server = Server::start(&[]);
    let port = server.addr.port();
    // RFC 9110 §7.2: the Host header field names the server the client meant. The names of
    // this machine are served, with the port, in any case.
    for host in [
        format!("127.0.0.1:{port}"),
        format!("localhost:{port}"),
        format!("LocalHost:{port}"),
        format!("[::1]:{port}"),
    ] {
        assert_eq!(
            server.get_with_host("/api/inspect?iri=a", &host).status,
            200,
            "{host}"
        );
    }
    // A page of another site whose name now points here (DNS rebinding) sends its own name;
    // so do requests with the wrong port or none.
    for host in [
        format!("evil.example:{port}"),
        "evil.example".to_owned(),
        "127.0.0.1".to_owned(),
        format!("localhost:{}", port.wrapping_add(1)),
        format!("127.0.0.1.nip.io:{port}"),
        format!("localhost.:{port}"),
        format!("0.0.0.0:{port}"),
        String::new(),
    ] {
        let a = server.get_with_host("/api/inspect?iri=a", &host);
        let message = json_error(&a, 421);
        assert!(message.contains("Host"), "{host}: {message}");
        // The page itself is refused too: nothing of it reaches another site's script.
        assert_eq!(server.get_with_host("/", &host).status, 421, "{host}");
    }
}

#[test]
fn a_bind_address_that_is_not_loopback_is_served_by_its_name_and_warned_about() {
    // 0.0.0.0 listens on every interface for the short life of this test; no request is
    // sent to any address but loopback.
    let mut child = iri()
        .args(["serve", "--port", "0", "--bind", "0.0.0.0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn iri serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line
        .trim_end()
        .strip_prefix("listening on http://0.0.0.0:")
        .and_then(|s| s.strip_suffix('/'))
        .unwrap_or_else(|| panic!("{line:?}"))
        .parse()
        .unwrap();
    // The bound address with its port is a name of the server.
    let a = send(
        SocketAddr::from(([127, 0, 0, 1], port)),
        format!("GET / HTTP/1.1\r\nHost: 0.0.0.0:{port}\r\n\r\n").as_bytes(),
    );
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(a.status, 200);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(
        err.contains("warning") && err.contains("0.0.0.0") && err.contains("not a loopback"),
        "{err}"
    );
    // On loopback, no warning.
    let mut child = iri()
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "");
}

/// Sends `GET target` on a fresh connection and returns the status, or the I/O error (a reset
/// counts as an error, not an answer).
fn status_of(addr: SocketAddr, request: &str) -> Result<(u16, Vec<u8>), String> {
    let mut s = TcpStream::connect(addr).map_err(|e| format!("connect: {e}"))?;
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    s.write_all(request.as_bytes())
        .map_err(|e| format!("write: {e}"))?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).map_err(|e| format!("read: {e}"))?;
    if raw.is_empty() {
        return Err("closed without an answer".to_owned());
    }
    let a = Answer::parse(&raw);
    Ok((a.status, a.body))
}

#[test]
fn load_on_loopback_then_idle_sockets() {
    // Bounded: 2,000 requests at concurrency 32, to 127.0.0.1 only.
    const REQUESTS: usize = 2_000;
    const CONCURRENCY: usize = 32;
    let server = Server::start(&[]);
    let iri = "http://例え.テスト/δοκιμή?q=1#ñ";
    let request = server.request(&format!("/api/inspect?iri={}", encode(iri)));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    let results: Vec<Vec<Result<u16, String>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..CONCURRENCY)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    while next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < REQUESTS {
                        mine.push(status_of(server.addr, &request).map(|(status, body)| {
                            if status == 200 {
                                let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
                                assert_eq!(v["input"], iri);
                            }
                            status
                        }));
                    }
                    mine
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let took = start.elapsed();
    let all: Vec<&Result<u16, String>> = results.iter().flatten().collect();
    assert_eq!(all.len(), REQUESTS);
    let bad: Vec<_> = all.iter().filter(|r| ***r != Ok(200)).collect();
    assert!(
        bad.is_empty(),
        "{} of {REQUESTS} not answered 200, e.g. {:?}",
        bad.len(),
        &bad[..bad.len().min(5)]
    );
    assert!(took < Duration::from_secs(120), "{took:?}");

    // 100 connections that send nothing do not keep a real request waiting.
    let idle: Vec<TcpStream> = (0..100)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    let answer = status_of(server.addr, &request);
    let took = start.elapsed();
    assert_eq!(answer.map(|(s, _)| s), Ok(200));
    assert!(took < Duration::from_secs(2), "{took:?}");
    // And the server closes them, without an answer, once the head deadline has passed.
    for mut s in idle {
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut buf = Vec::new();
        assert_eq!(s.read_to_end(&mut buf).map_err(|e| e.kind()), Ok(0));
    }
}

#[test]
fn past_the_connection_limit_503_with_a_json_body() {
    let server = Server::start(&["--max-connections", "4"]);
    // Four connections hold the four places, sending nothing.
    let holders: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    // Time for the server to accept them, well within their deadline of 1 s.
    std::thread::sleep(Duration::from_millis(300));
    // Each further client gets an answer, never a reset: 503 with the JSON error.
    let request = server.request("/api/inspect?iri=a");
    let answers: Vec<Result<(u16, Vec<u8>), String>> = std::thread::scope(|scope| {
        let clients: Vec<_> = (0..20)
            .map(|_| scope.spawn(|| status_of(server.addr, &request)))
            .collect();
        clients.into_iter().map(|c| c.join().unwrap()).collect()
    });
    for answer in answers {
        let (status, body) = answer.expect("an answer, not a reset");
        assert_eq!(status, 503);
        let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(v["error"]["status"], 503);
        assert!(v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("4 connections"));
    }
    let raw = {
        let mut s = TcpStream::connect(server.addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        raw
    };
    assert_eq!(Answer::parse(&raw).header("retry-after"), Some("1"));
    // The server lets the silent ones go once the head deadline (1 s) has passed, and the
    // places are free again.
    let start = Instant::now();
    loop {
        match status_of(server.addr, &request) {
            Ok((200, _)) => break,
            other => assert!(
                start.elapsed() < Duration::from_secs(5),
                "still {other:?} after {:?}",
                start.elapsed()
            ),
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    drop(holders);
}

#[test]
fn bad_bind_address_is_a_usage_error() {
    let o = run(&["serve", "--bind", "viewer.example"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--bind"));
}
