//! `iri serve`: the live IRI viewer, a page that takes an IRI apart as you type, served with
//! its JSON API by a small HTTP/1.1 server (RFC 9112 message syntax, in [`http`]) on
//! `std::net`.
//!
//! GET and HEAD only, one request per connection (`Connection: close`), no request body. The
//! page, its style and its script are compiled into the binary (`include_str!`): it needs no
//! network. It binds 127.0.0.1 unless told otherwise, and warns on standard error when told
//! to bind an address that is not loopback, saying which `Host` names it answers to.
//!
//! How it stays available, and why each rule:
//!
//! - A thread per connection, at most `--max-connections` (default
//!   [`crate::cli::DEFAULT_MAX_CONNECTIONS`]) at once. Past that, the connection is answered
//!   at once with 503 and a JSON body (`Retry-After: 1`), never dropped or reset.
//! - A connection must deliver its whole request head within `--timeout` (default 1 s) of
//!   being accepted: 408 when part of it came, silently closed when nothing came (a browser's
//!   spare connection). So silent or slow clients hold a place for at most that long, and a
//!   hundred of them do not keep a real request waiting.
//! - Every answered connection is handed to one lingering thread that half-closes it and reads
//!   what the client still sends until the client closes (at most [`LINGER`]): closing a
//!   socket with unread input would reset it, and a reset can destroy the answer in flight
//!   (RFC 9112 §9.6). The threads that answer are free again as soon as they have written.
//! - The `Host` header field must name this server (RFC 9110 §7.2): `127.0.0.1`, `localhost`,
//!   `[::1]`, the bound address or a name given with `--allow-host`, each with the port (without it only on port
//!   80). A page of another site whose name has been pointed at 127.0.0.1 (DNS rebinding)
//!   sends its own name and gets 421 (RFC 9110 §15.5.20), so its script cannot read the
//!   viewer's answers.
//!
//! Why not a server crate: tiny_http 0.12 (the small synchronous one) sets no read deadline
//! on the connections it accepts and starts a thread for each without a limit, so a silent
//! client holds a thread for as long as it likes and overload is not answered with 503; both
//! are what this module must guarantee, and the rest (one request per connection, no body) is
//! small.
//!
//! Left out: keep-alive, chunked bodies, TLS, compression, and any other route than `/`,
//! `/viewer.css`, `/viewer.js` and `/api/inspect`.

mod http;
mod template;

use iri::inspect::inspect;

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::cli::ServeArgs;
use crate::output::warn;
use http::{parse_request, read_head, Request, Response};

/// How long an answered connection is kept open for the client to close it first.
pub const LINGER: Duration = Duration::from_millis(500);

/// How long writing an answer may take.
const WRITE_TIMEOUT: Duration = Duration::from_secs(5);

/// Answered connections kept lingering at most; past that, the oldest is closed.
const MAX_LINGERING: usize = 4096;

/// How often the lingering connections are looked at.
const LINGER_POLL: Duration = Duration::from_millis(5);

const PAGE: &str = include_str!("page.html");
const STYLE: &str = include_str!("page.css");
const SCRIPT: &str = include_str!("page.js");

/// Runs `iri serve`: binds, prints `listening on http://ADDR/` on `out`, and serves until
/// the process is stopped.
pub fn serve(args: ServeArgs, out: &mut impl Write) -> io::Result<()> {
    let listener = TcpListener::bind((args.bind, args.port)).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot listen on {}:{}: {e}", args.bind, args.port),
        )
    })?;
    let addr = listener.local_addr()?;
    let hosts = allowed_hosts(addr, &args.allow_host);
    if !addr.ip().is_loopback() {
        warn(not_loopback_warning(addr, &hosts, &args.allow_host));
    }
    writeln!(out, "listening on http://{addr}/")?;
    out.flush()?;
    let config = Arc::new(Config {
        timeout: Duration::from_secs(args.timeout),
        hosts,
    });
    let max = args.max_connections;
    let linger = spawn_linger()?;
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let mut stream = match stream {
            Ok(s) => s,
            Err(e) => {
                warn(format_args!("accept: {e}"));
                // Out of file descriptors, say: let the lingering connections go first.
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        if active.fetch_add(1, Ordering::SeqCst) >= max {
            active.fetch_sub(1, Ordering::SeqCst);
            // A fresh socket's send buffer takes this short answer whole without waiting.
            let _ = stream.set_nonblocking(true);
            let mut busy = Response::error(
                503,
                &format!("the viewer is serving {max} connections, its limit; try again"),
            );
            busy.headers.push(("Retry-After", "1".to_owned()));
            let _ = busy.write(&mut stream, true);
            let _ = linger.send(stream);
            continue;
        }
        let (counter, config, linger) = (Arc::clone(&active), Arc::clone(&config), linger.clone());
        let spawned = std::thread::Builder::new()
            .name("iri-serve".to_owned())
            .spawn(move || {
                if handle(&mut stream, &config) {
                    let _ = linger.send(stream);
                }
                counter.fetch_sub(1, Ordering::SeqCst);
            });
        if let Err(e) = spawned {
            active.fetch_sub(1, Ordering::SeqCst);
            warn(format_args!("cannot start a thread: {e}"));
        }
    }
    Ok(())
}

/// What every connection is checked against.
struct Config {
    /// How long the request head may take to arrive.
    timeout: Duration,
    /// The accepted values of the `Host` header field, in lower case.
    hosts: Vec<String>,
}

/// The `Host` values that name this server (RFC 9110 §7.2): the loopback names, the bound
/// address and the `--allow-host` names (lower case), each with the port, and also without it when the port is 80 (the
/// default of `http`, RFC 9110 §4.2.1); an allowed name given with its port stands as given.
fn allowed_hosts(addr: SocketAddr, allow: &[String]) -> Vec<String> {
    let mut names = vec![
        "127.0.0.1".to_owned(),
        "localhost".to_owned(),
        "[::1]".to_owned(),
    ];
    let bound = match addr.ip() {
        IpAddr::V4(ip) => ip.to_string(),
        IpAddr::V6(ip) => format!("[{ip}]"),
    };
    if !names.contains(&bound) {
        names.push(bound);
    }
    let mut with_port = Vec::new();
    for name in allow.iter().map(|n| n.to_ascii_lowercase()) {
        if crate::cli::host_has_port(&name) {
            with_port.push(name);
        } else if !names.contains(&name) {
            names.push(name);
        }
    }
    let port = addr.port();
    let mut hosts: Vec<String> = names.iter().map(|n| format!("{n}:{port}")).collect();
    if port == 80 {
        hosts.extend(names);
    }
    for h in with_port {
        if !hosts.contains(&h) {
            hosts.push(h);
        }
    }
    hosts
}

/// The warning for an address that is not loopback: who can use the viewer, truly.
fn not_loopback_warning(addr: SocketAddr, hosts: &[String], allow: &[String]) -> String {
    let mut w = format!(
        "warning: listening on {addr}, which is not a loopback address; requests are served \
         only when their Host header names {}",
        hosts.join(", ")
    );
    if allow.is_empty() {
        w.push_str(
            ", so a browser on another machine, which sends the name or address it used, gets \
             421: add --allow-host NAME for each name clients use (whoever can reach the port \
             and send that name can then use the viewer)",
        );
    } else {
        w.push_str(": whoever can reach the port and send one of these names can use the viewer");
    }
    w
}

/// Serves one connection: reads one request and answers it. Whether there was an answer
/// (the connection then lingers; without one it is closed at once).
fn handle(stream: &mut TcpStream, config: &Config) -> bool {
    let _ = stream.set_write_timeout(Some(WRITE_TIMEOUT));
    let (response, body) = match read_head(stream, config.timeout) {
        Ok(Some(head)) => match parse_request(&head) {
            Ok(req) => (answer(&req, config), req.method != "HEAD"),
            Err(response) => (response, true),
        },
        // The client went away, or never spoke: nothing to answer.
        Ok(None) => return false,
        Err(response) => (response, true),
    };
    let _ = response.write(stream, body);
    true
}

/// The answer to a well-formed request: its `Host` checked, then its method, then its path.
fn answer(req: &Request, config: &Config) -> Response {
    let Some(host) = &req.host else {
        return Response::error(400, "the request has no Host header field (RFC 9112 §3.2)");
    };
    if !config.hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
        return Response::error(
            421,
            &format!(
                "the Host header field names {host:?}, not this server; it answers to {}",
                config.hosts.join(", ")
            ),
        );
    }
    if req.method != "GET" && req.method != "HEAD" {
        let mut r = Response::error(405, &format!("{} is not served; use GET", req.method));
        r.headers.push(("Allow", "GET, HEAD".to_owned()));
        return r;
    }
    route(req)
}

/// Starts the thread where answered connections linger, and returns where to send them.
fn spawn_linger() -> io::Result<mpsc::Sender<TcpStream>> {
    let (tx, rx) = mpsc::channel::<TcpStream>();
    std::thread::Builder::new()
        .name("iri-serve-linger".to_owned())
        .spawn(move || linger(&rx))?;
    Ok(tx)
}

/// Half-closes each connection it receives, then reads and drops what the client still sends
/// until the client closes or [`LINGER`] has passed; then closes it.
fn linger(rx: &mpsc::Receiver<TcpStream>) {
    let mut waiting: VecDeque<(TcpStream, Instant)> = VecDeque::new();
    let add = |waiting: &mut VecDeque<(TcpStream, Instant)>, s: TcpStream| {
        let _ = s.shutdown(Shutdown::Write);
        if s.set_nonblocking(true).is_ok() {
            waiting.push_back((s, Instant::now() + LINGER));
        }
        while waiting.len() > MAX_LINGERING {
            waiting.pop_front();
        }
    };
    loop {
        let next = if waiting.is_empty() {
            rx.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected)
        } else {
            rx.recv_timeout(LINGER_POLL)
        };
        match next {
            Ok(s) => add(&mut waiting, s),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) if waiting.is_empty() => return,
            Err(mpsc::RecvTimeoutError::Disconnected) => std::thread::sleep(LINGER_POLL),
        }
        while let Ok(s) = rx.try_recv() {
            add(&mut waiting, s);
        }
        let now = Instant::now();
        waiting.retain_mut(|(s, deadline)| now < *deadline && !closed_by_client(s));
    }
}

/// Reads what a non-blocking connection holds; whether the client has closed it (or it
/// failed).
fn closed_by_client(s: &mut TcpStream) -> bool {
    let mut sink = [0u8; 4096];
    // Bounded, so that a client that keeps sending cannot hold the thread.
    for _ in 0..16 {
        match s.read(&mut sink) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => return false,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return true,
        }
    }
    false
}

/// The answer to a well-formed request.
fn route(req: &Request) -> Response {
    match req.path.as_str() {
        "/" | "/index.html" => {
            let mut r = Response::new(200, "text/html; charset=utf-8", PAGE);
            r.headers.push((
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'".to_owned(),
            ));
            r
        }
        "/viewer.css" => Response::new(200, "text/css; charset=utf-8", STYLE),
        "/viewer.js" => Response::new(200, "text/javascript; charset=utf-8", SCRIPT),
        "/api/inspect" => api_inspect(req.query.as_deref().unwrap_or("")),
        "/api/expand" => template::api_expand(req.query.as_deref().unwrap_or("")),
        path => Response::error(404, &format!("nothing at {path}")),
    }
}

/// `GET /api/inspect?iri=…&base=…&preset=…` (`preset`: `strict`, the default, `rdf` or
/// `browser`, the resolution options of [`iri::ResolveOptions`]).
fn api_inspect(query: &str) -> Response {
    let mut iri = None;
    let mut base = None;
    let mut preset = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let slot = match name {
            "iri" => &mut iri,
            "base" => &mut base,
            "preset" => &mut preset,
            _ => continue,
        };
        let value = match form_decode(value) {
            Ok(v) => v,
            Err(m) => return Response::error(400, &format!("parameter {name}: {m}")),
        };
        if slot.replace(value).is_some() {
            return Response::error(400, &format!("parameter {name} is given twice"));
        }
    }
    let Some(iri) = iri else {
        return Response::error(400, "the parameter iri is missing");
    };
    let answer = match preset.map(|p| p.parse::<iri::ResolveOptions>()) {
        None => inspect(&iri, base.as_deref()),
        Some(Ok(opts)) => iri::inspect::inspect_with(&iri, base.as_deref(), opts),
        Some(Err(e)) => return Response::error(400, &format!("parameter preset: {e}")),
    };
    // The library's `Inspection`, serialized: the same bytes as the npm package's `inspect`.
    // Writing plain data into memory cannot fail.
    let body = serde_json::to_vec(&answer).unwrap_or_default();
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

    fn config() -> Config {
        Config {
            timeout: Duration::from_secs(1),
            hosts: allowed_hosts(SocketAddr::from(([127, 0, 0, 1], 8080)), &[]),
        }
    }

    fn request(method: &str, path: &str, host: Option<&str>) -> Request {
        Request {
            method: method.to_owned(),
            path: path.to_owned(),
            query: None,
            host: host.map(str::to_owned),
        }
    }

    #[test]
    fn allowed_names_and_unspecified_addresses() {
        let allow = ["Viewer.Example".to_owned(), "10.0.0.5:9000".to_owned()];
        assert_eq!(
            allowed_hosts(SocketAddr::from(([0, 0, 0, 0], 8080)), &allow),
            [
                "127.0.0.1:8080",
                "localhost:8080",
                "[::1]:8080",
                "0.0.0.0:8080",
                "viewer.example:8080",
                "10.0.0.5:9000"
            ]
        );
        let mut c = config();
        c.hosts = allowed_hosts(SocketAddr::from(([0, 0, 0, 0], 8080)), &allow);
        for host in [
            "viewer.example:8080",
            "VIEWER.example:8080",
            "10.0.0.5:9000",
        ] {
            assert_eq!(
                answer(&request("GET", "/", Some(host)), &c).status,
                200,
                "{host}"
            );
        }
        for host in ["viewer.example", "10.0.0.5:8080", "evil.example:8080"] {
            assert_eq!(
                answer(&request("GET", "/", Some(host)), &c).status,
                421,
                "{host}"
            );
        }
        let addr = SocketAddr::from(([0, 0, 0, 0], 8080));
        let w = not_loopback_warning(addr, &allowed_hosts(addr, &[]), &[]);
        assert!(w.contains("--allow-host") && w.contains("421"), "{w}");
    }

    #[test]
    fn hosts_of_this_server() {
        assert_eq!(
            allowed_hosts(SocketAddr::from(([127, 0, 0, 1], 8080)), &[]),
            ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"]
        );
        assert_eq!(
            allowed_hosts("[fe80::1]:80".parse().unwrap(), &[]),
            [
                "127.0.0.1:80",
                "localhost:80",
                "[::1]:80",
                "[fe80::1]:80",
                "127.0.0.1",
                "localhost",
                "[::1]",
                "[fe80::1]"
            ]
        );
        let c = config();
        assert_eq!(
            answer(&request("GET", "/", Some("LOCALHOST:8080")), &c).status,
            200
        );
        assert_eq!(answer(&request("GET", "/", None), &c).status, 400);
        for host in ["localhost", "localhost:80", "evil.example:8080", ""] {
            assert_eq!(
                answer(&request("GET", "/", Some(host)), &c).status,
                421,
                "{host}"
            );
        }
        // The Host is checked before the method and the path.
        assert_eq!(answer(&request("POST", "/x", Some("a")), &c).status, 421);
        let r = answer(&request("PUT", "/", Some("[::1]:8080")), &c);
        assert_eq!(r.status, 405);
        assert_eq!(r.headers, [("Allow", "GET, HEAD".to_owned())]);
        assert_eq!(
            answer(&request("GET", "/nowhere", Some("[::1]:8080")), &c).status,
            404
        );
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
        assert_eq!(api_inspect("iri=a&preset=rdf&preset=rdf").status, 400);
        assert_eq!(api_inspect("iri=a&preset=html").status, 400);
        let r = api_inspect("iri=%3Fy&base=http%3A%2F%2Fa%2Fb%2F.%2Fc&preset=rdf");
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(v["resolved"]["iri"], "http://a/b/c?y");
    }

    /// The answer is the library's inspection of the decoded parameters, serialized: the
    /// bytes the npm package's `inspect` gives too (the library's tests hold those bytes).
    #[test]
    fn api_answers_are_the_library_s_inspection() {
        for (query, iri, base) in [
            ("iri=http%3A%2F%2Fa%2F", "http://a/", None),
            (
                "iri=http%3A%2F%2F%E4%BE%8B%2F%22%5C%E2%80%AE%01%F0%9F%98%80&base=x",
                "http://例/\"\\\u{202E}\u{1}😀",
                Some("x"),
            ),
            ("iri=%3Fy&base=http%3A%2F%2Fa%2Fb", "?y", Some("http://a/b")),
        ] {
            let r = api_inspect(query);
            let expected = serde_json::to_string(&inspect(iri, base)).unwrap();
            assert_eq!(String::from_utf8(r.body).unwrap(), expected, "{query}");
        }
    }
}
