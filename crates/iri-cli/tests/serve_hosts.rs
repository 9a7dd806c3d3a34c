//! `iri serve` on an address that is not loopback: `--allow-host` names the server for the
//! clients that reach it by another name, the warning says who is served; `--bind localhost`;
//! a control character in a header field value is refused (RFC 9110 §5.5); every answer says
//! `Referrer-Policy: no-referrer`, and the page may not be framed.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

/// A running `iri serve --port 0 ARGS`, with its standard error kept for the end.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let (child, addr) = common::spawn_serve(args, Stdio::piped());
        Server {
            child,
            port: addr.port(),
        }
    }

    /// Sends `request` to 127.0.0.1 (only loopback is ever asked) and reads the answer head.
    fn send(&self, request: &str) -> String {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    }

    fn status(&self, host: &str) -> u16 {
        let answer = self.send(&format!("GET / HTTP/1.1\r\nHost: {host}\r\n\r\n"));
        answer[9..12].parse().unwrap()
    }

    /// Stops the server and returns what it wrote on standard error.
    fn stop(mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        err
    }
}

#[test]
fn allowed_hosts_are_served_and_the_warning_tells_the_truth() {
    // 0.0.0.0 listens on every interface for the short life of this test; requests go to
    // loopback only, with the Host a remote client would send.
    let server = Server::start(&[
        "--bind",
        "0.0.0.0",
        "--allow-host",
        "viewer.example",
        "--allow-host",
        "192.0.2.7:8443",
    ]);
    let port = server.port;
    assert_eq!(server.status(&format!("viewer.example:{port}")), 200);
    assert_eq!(server.status(&format!("VIEWER.EXAMPLE:{port}")), 200);
    assert_eq!(server.status("192.0.2.7:8443"), 200);
    assert_eq!(server.status(&format!("192.0.2.7:{port}")), 421);
    assert_eq!(server.status(&format!("evil.example:{port}")), 421);
    let err = server.stop();
    assert!(
        err.contains("not a loopback") && err.contains(&format!("viewer.example:{port}")),
        "{err}"
    );
    // Without --allow-host, the warning says that remote clients get 421 and how to fix it.
    let server = Server::start(&["--bind", "0.0.0.0"]);
    let port = server.port;
    assert_eq!(server.status(&format!("viewer.example:{port}")), 421);
    let err = server.stop();
    assert!(
        err.contains("421") && err.contains("--allow-host NAME"),
        "{err}"
    );
}

#[test]
fn bind_localhost() {
    let server = Server::start(&["--bind", "localhost"]);
    assert_eq!(server.status(&format!("localhost:{}", server.port)), 200);
    assert_eq!(server.stop(), "");
}

#[test]
fn bad_allow_host_is_a_usage_error() {
    for bad in [
        "",
        "a b",
        "x/y",
        "[::1",
        "[zz]",
        "a:port",
        "a@b",
        "é.example",
    ] {
        let o = common::run(&["serve", "--allow-host", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(common::stderr(&o).contains("--allow-host"), "{bad:?}");
    }
}

#[test]
fn a_control_character_in_a_header_value_is_refused() {
    let server = Server::start(&[]);
    let port = server.port;
    for value in ["a\0b", "\0", "x\u{1b}[2J", "a\u{7f}"] {
        let answer = server.send(&format!(
            "GET / HTTP/1.1\r\nHost: localhost:{port}\r\nX-Note: {value}\r\n\r\n"
        ));
        assert!(answer.starts_with("HTTP/1.1 400 "), "{value:?}: {answer}");
        let answer = server.send(&format!(
            "GET / HTTP/1.1\r\nHost: localhost:{port}{value}\r\n\r\n"
        ));
        assert!(answer.starts_with("HTTP/1.1 400 "), "{value:?}: {answer}");
    }
    // A tab inside a value is allowed.
    let answer = server.send(&format!(
        "GET / HTTP/1.1\r\nHost: localhost:{port}\r\nX-Note: a\tb\r\n\r\n"
    ));
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    server.stop();
}

#[test]
fn no_referrer_and_no_framing() {
    let server = Server::start(&[]);
    let port = server.port;
    for target in ["/", "/viewer.js", "/api/inspect?iri=a", "/nothing"] {
        let answer = server.send(&format!(
            "GET {target} HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n"
        ));
        let head = answer.split("\r\n\r\n").next().unwrap();
        assert!(
            head.lines().any(|l| l == "Referrer-Policy: no-referrer"),
            "{target}: {head}"
        );
    }
    let answer = server.send(&format!("GET / HTTP/1.1\r\nHost: localhost:{port}\r\n\r\n"));
    let csp = answer
        .lines()
        .find(|l| l.starts_with("Content-Security-Policy:"))
        .unwrap_or_default();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    server.stop();
}
