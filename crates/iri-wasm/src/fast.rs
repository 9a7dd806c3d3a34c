//! The hot calls of the npm package without per-call allocation or JSON: validation (RFC 3987
//! §2.2, RFC 3986 §3–§4), the components' places (the same grammar), resolution (RFC 3986
//! §5.2, strict) and validation of many lines at once.
//!
//! The JavaScript side writes its strings as UTF-8 (`TextEncoder.encodeInto`) into one input
//! buffer that lives here and is reused from call to call ([`input_buffer`]); a call reads
//! `input[..len]`, and answers with a number, with the components' places in the slots
//! ([`slots`]: sixteen `u32`, read through a `Uint32Array`), or with bytes in the output
//! buffer (its place and length in the slots too). A failure gives no details here: the
//! wrapper then calls the JSON binding of the same function, which says what and where.
//!
//! Offsets in the slots are UTF-16 indexes (what `String.prototype.slice` takes), [`NONE`]
//! for an absent component.

use std::cell::RefCell;

use iri::{HostKind, Iri, IriRef, Kind};

/// The slot value of an absent component.
pub const NONE: u32 = u32::MAX;

/// How many `u32` the slots hold: the start and end of scheme, authority, userinfo, host,
/// port, path, query and fragment (0–15), the host's kind (16: 0 reg-name, 1 ipv4, 2 ipv6,
/// 3 ipvfuture, [`NONE`] without host), the output's place and length (17, 18), and the
/// place and length of the second output, one byte per line of a batch map (19, 20).
pub const SLOTS: usize = 21;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static FLAGS: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static SLOT: RefCell<[u32; SLOTS]> = const { RefCell::new([NONE; SLOTS]) };
}

/// The address of the input buffer, made at least `len` bytes long (its old bytes kept). The
/// address changes when the buffer grows: ask again before each write.
///
/// ```
/// let at = iri_toolkit_wasm::fast::input_buffer(64);
/// assert_ne!(at, 0);
/// ```
pub fn input_buffer(len: usize) -> usize {
    INPUT.with_borrow_mut(|b| {
        if b.len() < len {
            b.resize(len, 0);
        }
        b.as_mut_ptr() as usize
    })
}

/// The address of the slots (see [`SLOTS`]); it never changes.
///
/// ```
/// assert_eq!(iri_toolkit_wasm::fast::slots(), iri_toolkit_wasm::fast::slots());
/// ```
pub fn slots() -> usize {
    SLOT.with_borrow_mut(|s| s.as_mut_ptr() as usize)
}

/// Copies `bytes` into the input buffer at `at` (what the JavaScript side does with
/// `encodeInto`; for tests and Rust callers).
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, is_valid_at};
/// put_input(0, "http://a/".as_bytes());
/// assert!(is_valid_at(9, 0));
/// ```
pub fn put_input(at: usize, bytes: &[u8]) {
    input_buffer(at + bytes.len());
    INPUT.with_borrow_mut(|b| b[at..at + bytes.len()].copy_from_slice(bytes));
}

/// The code of a grammar's name for the calls here (its place in [`Kind::ALL`]), or -1.
///
/// ```
/// assert_eq!(iri_toolkit_wasm::fast::kind_code("iri-ref"), 0);
/// assert_eq!(iri_toolkit_wasm::fast::kind_code("url"), -1);
/// ```
pub fn kind_code(name: &str) -> i32 {
    Kind::from_name(name)
        .and_then(|kind| Kind::ALL.iter().position(|&k| k == kind))
        .map_or(-1, |i| i as i32)
}

/// The grammar of a code (the default, `iri-ref`, for any code out of range).
fn kind_of(code: u32) -> Kind {
    Kind::ALL
        .get(code as usize)
        .copied()
        .unwrap_or(Kind::IriReference)
}

/// Runs `f` on the text of `input[from..to]`; `None` when it is not UTF-8 (which `encodeInto`
/// never writes) or out of the buffer.
fn with_input<T>(from: usize, to: usize, f: impl FnOnce(&str) -> T) -> Option<T> {
    INPUT.with_borrow(|b| {
        let bytes = b.get(from..to)?;
        std::str::from_utf8(bytes).ok().map(f)
    })
}

/// Whether `input[..len]` matches the grammar of `kind` (a [`kind_code`]).
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, is_valid_at, kind_code};
/// put_input(0, "http://例え.テスト/".as_bytes());
/// let len = "http://例え.テスト/".len();
/// assert!(is_valid_at(len, 0));
/// assert!(!is_valid_at(len, kind_code("uri") as u32));
/// ```
pub fn is_valid_at(len: usize, kind: u32) -> bool {
    with_input(0, len, |s| iri::validate(s, kind_of(kind)).is_ok()).unwrap_or(false)
}

/// Parses `input[..len]`, a text of `units` UTF-16 units (what JavaScript's `length` counts:
/// `len` exactly when the text is ASCII), against `kind` and writes the components' places
/// into the slots, as UTF-16 indexes; returns whether it parsed.
///
/// The authority is split once into userinfo, host and port ([`split_authority`]), a host's
/// kind is read from its text where that decides it ([`kind_of_host`]), and the UTF-16
/// indexes are counted in one pass from the first non-ASCII byte on ([`to_utf16`]).
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, parse_at, slot, NONE};
/// put_input(0, "http://é@h:8/p?q#f".as_bytes());
/// let s = "http://é@h:8/p?q#f";
/// assert!(parse_at(s.len(), s.encode_utf16().count(), 0));
/// // scheme 0..4, userinfo 7..8 (é is one UTF-16 unit), port 11..12, fragment 17..18
/// assert_eq!((slot(0), slot(1), slot(4), slot(5), slot(8), slot(9)), (0, 4, 7, 8, 11, 12));
/// assert_eq!((slot(14), slot(15), slot(16)), (17, 18, 0));
/// put_input(0, b"a");
/// assert!(parse_at(1, 1, 0));
/// assert_eq!((slot(0), slot(6), slot(16)), (NONE, NONE, NONE));
/// ```
pub fn parse_at(len: usize, units: usize, kind: u32) -> bool {
    let kind = kind_of(kind);
    with_input(0, len, |s| {
        if kind != Kind::IriReference && iri::validate(s, kind).is_err() {
            return false;
        }
        let Ok(r) = IriRef::parse(s) else {
            return false;
        };
        let at = |p: &str| (p.as_ptr() as usize - s.as_ptr() as usize) as u32;
        let span = |p: Option<&str>| p.map_or((NONE, NONE), |p| (at(p), at(p) + p.len() as u32));
        SLOT.with_borrow_mut(|slot| {
            (slot[0], slot[1]) = span(r.scheme());
            let authority = r.authority();
            (slot[2], slot[3]) = span(authority);
            let (userinfo, host, port) = authority.map_or((None, None, None), split_authority);
            (slot[4], slot[5]) = span(userinfo);
            (slot[6], slot[7]) = span(host);
            (slot[8], slot[9]) = span(port);
            (slot[10], slot[11]) = span(Some(r.path()));
            (slot[12], slot[13]) = span(r.query());
            (slot[14], slot[15]) = span(r.fragment());
            slot[16] = host.map_or(NONE, |h| kind_of_host(&r, h));
            if units != len {
                to_utf16(s.as_bytes(), slot);
            }
        });
        true
    })
    .unwrap_or(false)
}

/// Why `input[..len]` does not parse against `kind`: the JSON text of the [`Failure`] the
/// JSON binding of `parse` throws, or the empty string when it parses. The wrapper asks it
/// after [`parse_at`] said no, and throws it.
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, parse_failure_at};
/// put_input(0, "http://é/a b".as_bytes());
/// let f: serde_json::Value = serde_json::from_str(&parse_failure_at(13, 0)).unwrap();
/// // The space: byte 11 of the UTF-8 text, UTF-16 index 10.
/// assert_eq!((&f["kind"], &f["offset"], &f["index"]), (&"invalid-char".into(), &11.into(), &10.into()));
/// assert_eq!(parse_failure_at(11, 0), "");
/// ```
pub fn parse_failure_at(len: usize, kind: u32) -> String {
    let name = Kind::ALL.get(kind as usize).map(|k| k.as_str());
    with_input(0, len, |s| crate::parse(s, name).err())
        .flatten()
        .map_or_else(String::new, |f| f.to_json())
}

/// The userinfo, host and port of a valid authority (RFC 3986 §3.2): those of
/// [`IriRef::userinfo`], [`IriRef::host_str`] and [`IriRef::port`], found in one look at it.
/// In a valid authority `@` occurs only after the userinfo (neither a host nor a port holds
/// one), `[` only at the start of an IP literal, which ends at its only `]`, and any other
/// host ends at the first `:`, before the port.
fn split_authority(a: &str) -> (Option<&str>, Option<&str>, Option<&str>) {
    let b = a.as_bytes();
    let at = b.iter().position(|&c| c == b'@');
    let start = at.map_or(0, |i| i + 1);
    let rest = &b[start..];
    let host = if rest.first() == Some(&b'[') {
        rest.iter()
            .position(|&c| c == b']')
            .map_or(rest.len(), |i| i + 1)
    } else {
        rest.iter().position(|&c| c == b':').unwrap_or(rest.len())
    };
    let end = start + host;
    (
        at.map(|i| &a[..i]),
        Some(&a[start..end]),
        (end < a.len()).then(|| &a[end + 1..]),
    )
}

/// The slot value of the kind of `host`, the host of `r`: a host without `[` that holds a byte
/// other than a digit or `.` is a registered name (an `IPv4address` holds only those,
/// RFC 3986 §3.2.2); the library classifies every other one.
fn kind_of_host(r: &IriRef<&str>, host: &str) -> u32 {
    let b = host.as_bytes();
    if b.first() != Some(&b'[') && b.iter().any(|&c| c != b'.' && !c.is_ascii_digit()) {
        return 0;
    }
    r.host().map_or(NONE, |h| match h.kind() {
        HostKind::RegName => 0,
        HostKind::Ipv4 => 1,
        HostKind::Ipv6 => 2,
        HostKind::IpvFuture => 3,
    })
}

/// The slots of the components' places in the order of the places in the text: scheme,
/// the authority's start, userinfo, host, port, the authority's end, path, query, fragment.
const TEXT_ORDER: [usize; 16] = [0, 1, 2, 4, 5, 6, 7, 8, 9, 3, 10, 11, 12, 13, 14, 15];

/// Turns the byte offsets in the slots (character boundaries of the UTF-8 text `b`) into
/// UTF-16 indexes: the same up to the first non-ASCII byte, then counted on from one place
/// to the next in the order of the text.
fn to_utf16(b: &[u8], slot: &mut [u32; SLOTS]) {
    let (mut from, mut units) = (0, 0);
    for k in TEXT_ORDER {
        let at = slot[k] as usize;
        if slot[k] == NONE {
            continue;
        }
        units += utf16_len(&b[from..at]);
        from = at;
        slot[k] = units as u32;
    }
}

/// The number of UTF-16 units of UTF-8 text: one for each byte that starts a character (not
/// `10xxxxxx`) and a second one for each four-byte character (`11110xxx`, a surrogate pair).
fn utf16_len(b: &[u8]) -> usize {
    b.iter()
        .map(|&c| usize::from(c & 0xC0 != 0x80) + usize::from(c >= 0xF0))
        .sum::<usize>()
}

/// The value of slot `k` (for tests and Rust callers; JavaScript reads them in memory).
///
/// ```
/// assert!(iri_toolkit_wasm::fast::slot(99) == iri_toolkit_wasm::fast::NONE);
/// ```
pub fn slot(k: usize) -> u32 {
    SLOT.with_borrow(|s| s.get(k).copied().unwrap_or(NONE))
}

/// Writes `bytes` as the output: the output buffer's place and length into slots 17 and 18.
fn set_output(fill: impl FnOnce(&mut Vec<u8>)) {
    OUTPUT.with_borrow_mut(|out| {
        out.clear();
        fill(out);
        SLOT.with_borrow_mut(|slot| {
            slot[17] = out.as_ptr() as usize as u32;
            slot[18] = out.len() as u32;
        });
    });
}

/// The output bytes (for tests and Rust callers).
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, resolve_at, output};
/// put_input(0, b"http://a/b/c");
/// put_input(12, b"../d");
/// assert!(resolve_at(12, 4));
/// assert_eq!(output(), b"http://a/d");
/// ```
pub fn output() -> Vec<u8> {
    OUTPUT.with_borrow(|o| o.clone())
}

/// Resolves the reference `input[base_len..base_len + ref_len]` against the base IRI
/// `input[..base_len]` (RFC 3986 §5.2, strict), the result into the output; returns whether
/// both parsed.
pub fn resolve_at(base_len: usize, ref_len: usize) -> bool {
    INPUT.with_borrow(|b| {
        let (Some(base), Some(reference)) =
            (b.get(..base_len), b.get(base_len..base_len + ref_len))
        else {
            return false;
        };
        let (Ok(base), Ok(reference)) = (std::str::from_utf8(base), std::str::from_utf8(reference))
        else {
            return false;
        };
        let (Ok(base), Ok(reference)) = (Iri::parse(base), IriRef::parse(reference)) else {
            return false;
        };
        set_output(|out| {
            let mut s = String::from_utf8(std::mem::take(out)).unwrap_or_default();
            base.resolve_into(&reference, &mut s);
            *out = s.into_bytes();
        });
        true
    })
}

/// Validates each line of `input[..len]` (lines end at `\n`; with `strip_cr`, a `\r` before
/// it is dropped, as the `iri` command reads lines) against `kind`; the output gets one byte
/// per line, 1 for a valid line and 0 for an invalid one. Returns the number of lines (a text
/// that ends with `\n` has no empty line after it; the empty text has none).
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, valid_lines_at, output};
/// let text = "http://a/\r\na b\n\n/x";
/// put_input(0, text.as_bytes());
/// assert_eq!(valid_lines_at(text.len(), 0, true), 4);
/// assert_eq!(output(), [1, 0, 1, 1]);
/// assert_eq!(valid_lines_at(text.len(), 0, false), 4);
/// assert_eq!(output(), [0, 0, 1, 1]);
/// ```
pub fn valid_lines_at(len: usize, kind: u32, strip_cr: bool) -> usize {
    let kind = kind_of(kind);
    INPUT.with_borrow(|b| {
        set_output(|out| {
            each_line(b.get(..len).unwrap_or_default(), strip_cr, |line| {
                out.push(u8::from(
                    line.is_some_and(|s| iri::validate(s, kind).is_ok()),
                ));
            });
        });
        OUTPUT.with_borrow(Vec::len)
    })
}

/// Maps each line of `input[..len]` (lines as in [`valid_lines_at`]) from an IRI reference to
/// a URI reference (RFC 3987 §3.1): the output gets one line for each line, its URI reference
/// (an empty line for a line that is not an IRI reference), each followed by `\n`, and the
/// second output one byte per line, 1 for a line mapped and 0 for one that is not an IRI
/// reference. With `same`, the output holds only the URI references of the non-ASCII lines
/// mapped: an ASCII line, which is its own URI reference, gets 2 and nothing in the output
/// (the caller has it already), and a line not mapped nothing. Returns the number of lines.
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, to_uri_lines_at, output, flags};
/// let text = "http://é/\r\na b\n/x";
/// put_input(0, text.as_bytes());
/// assert_eq!(to_uri_lines_at(text.len(), true, false), 3);
/// assert_eq!(output(), b"http://%C3%A9/\n\n/x\n");
/// assert_eq!(flags(), [1, 0, 1]);
/// assert_eq!(to_uri_lines_at(text.len(), true, true), 3);
/// assert_eq!(output(), b"http://%C3%A9/\n");
/// assert_eq!(flags(), [1, 0, 2]);
/// ```
pub fn to_uri_lines_at(len: usize, strip_cr: bool, same: bool) -> usize {
    INPUT.with_borrow(|b| {
        FLAGS.with_borrow_mut(|flags| {
            flags.clear();
            let mut scratch = String::new();
            set_output(|out| {
                each_line(
                    b.get(..len).unwrap_or_default(),
                    strip_cr,
                    |line| match line.map(|s| (s, IriRef::parse(s))) {
                        // The mapping changes only non-ASCII octets (§3.1 step 2.2): an ASCII
                        // line is its own URI reference, written without the scratch copy. The
                        // parse knows whether the line is ASCII: no second look at its bytes.
                        Some((s, Ok(r))) if r.is_ascii() => {
                            if same {
                                flags.push(2);
                            } else {
                                out.extend_from_slice(s.as_bytes());
                                out.push(b'\n');
                                flags.push(1);
                            }
                        }
                        Some((_, Ok(r))) => {
                            out.extend_from_slice(r.to_uri_into(&mut scratch).as_str().as_bytes());
                            out.push(b'\n');
                            flags.push(1);
                        }
                        _ => {
                            if !same {
                                out.push(b'\n');
                            }
                            flags.push(0);
                        }
                    },
                );
            });
            SLOT.with_borrow_mut(|slot| {
                slot[19] = flags.as_ptr() as usize as u32;
                slot[20] = flags.len() as u32;
            });
            flags.len()
        })
    })
}

/// The second output's bytes (for tests and Rust callers).
///
/// ```
/// use iri_toolkit_wasm::fast::{put_input, to_uri_lines_at, flags};
/// put_input(0, b"a\n%");
/// to_uri_lines_at(3, false, false);
/// assert_eq!(flags(), [1, 0]);
/// ```
pub fn flags() -> Vec<u8> {
    FLAGS.with_borrow(|f| f.clone())
}

/// Calls `f` with each line of `text` (lines end at `\n`, a text ending with `\n` has no
/// empty line after it; with `strip_cr`, a `\r` before the `\n` is dropped), as text, or
/// `None` for a line that is not UTF-8. A UTF-8 text (what `encodeInto` writes) is checked
/// once, and its lines, which end before an ASCII byte, are slices of it.
fn each_line(text: &[u8], strip_cr: bool, mut f: impl FnMut(Option<&str>)) {
    // simdutf8 checks 16 bytes per step with simd128 (std's check takes a word at a time).
    let whole = simdutf8::basic::from_utf8(text).ok();
    let mut at = 0;
    while at < text.len() {
        let end = iri::bytes::find_byte(&text[at..], b'\n').map_or(text.len(), |k| at + k);
        let cr = strip_cr && end > at && text[end - 1] == b'\r';
        let line = at..end - usize::from(cr);
        f(match whole {
            Some(t) => t.get(line),
            None => std::str::from_utf8(&text[line]).ok(),
        });
        at = end + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slots_are_the_components_of_parse() {
        for s in [
            "http://user@例え.テスト:8080/δ?q#f",
            "//[::1]:80",
            "mailto:a@b",
            "../a?b",
            "",
            "#",
            "http://1.2.3.4/",
            "http://[v7.x]/",
            "http://𝔸é/𝔸?𝔸#𝔸",
            "http://u:p:x@h:/",
            "http://@:8/",
            "http://u@[2001:db8::7]:/",
            "http://[V1F.a]:9",
            "http://01.2.3.4/",
            "http://1.2.3.4./",
            "file:///x",
            "//𝔸é𝔸@é𝔸é:1/é𝔸?𝔸é#é𝔸",
        ] {
            put_input(0, s.as_bytes());
            assert!(parse_at(s.len(), s.encode_utf16().count(), 0), "{s}");
            let v: serde_json::Value =
                serde_json::from_str(&crate::parse(s, None).unwrap()).unwrap();
            let utf16: Vec<u16> = s.encode_utf16().collect();
            let names = [
                "scheme",
                "authority",
                "userinfo",
                "host",
                "port",
                "path",
                "query",
                "fragment",
            ];
            for (k, name) in names.iter().enumerate() {
                let got = match (slot(2 * k), slot(2 * k + 1)) {
                    (NONE, NONE) => serde_json::Value::Null,
                    (a, b) => String::from_utf16(&utf16[a as usize..b as usize])
                        .unwrap()
                        .into(),
                };
                assert_eq!(got, v[name], "{s}: {name}");
            }
            let kinds = ["reg-name", "ipv4", "ipv6", "ipvfuture"];
            let kind = kinds.get(slot(16) as usize).copied();
            assert_eq!(
                kind.map(serde_json::Value::from).unwrap_or_default(),
                v["host_kind"],
                "{s}"
            );
        }
        put_input(0, b"a b");
        assert!(!parse_at(3, 3, 0));
        put_input(0, b"../a");
        assert!(!parse_at(4, 4, kind_code("iri") as u32));
    }

    #[test]
    fn fast_calls_agree_with_the_json_ones() {
        for (s, kind) in [
            ("http://a/é", "uri"),
            ("http://a/é", "iri"),
            ("a:b", "relative-ref"),
            ("http://a/#f", "absolute-iri"),
            ("", "iri-ref"),
        ] {
            put_input(0, s.as_bytes());
            let code = kind_code(kind);
            assert!(code >= 0);
            assert_eq!(
                is_valid_at(s.len(), code as u32),
                crate::is_valid(s, Some(kind)).unwrap(),
                "{s} {kind}"
            );
        }
        // Not UTF-8 (never written by encodeInto): not valid.
        put_input(0, b"http://a/\xFF");
        assert!(!is_valid_at(10, 0));
        for (r, b) in [
            ("../w/Genève?x#y", "http://example.org/wiki/Zürich"),
            ("", "http://a/b?c#d"),
        ] {
            put_input(0, b.as_bytes());
            put_input(b.len(), r.as_bytes());
            assert!(resolve_at(b.len(), r.len()));
            assert_eq!(
                String::from_utf8(output()).unwrap(),
                crate::resolve(r, b).unwrap()
            );
            assert_eq!(slot(18) as usize, output().len());
        }
        put_input(0, b"relative");
        put_input(8, b"x");
        assert!(!resolve_at(8, 1), "a base without scheme");
    }

    #[test]
    fn lines_are_validated_one_by_one() {
        let text = "http://a/\nhttp://a/b c\r\n\r\nhttp://é/\nx";
        put_input(0, text.as_bytes());
        assert_eq!(valid_lines_at(text.len(), 0, true), 5);
        assert_eq!(output(), [1, 0, 1, 1, 1]);
        assert_eq!(
            valid_lines_at(text.len(), kind_code("uri-ref") as u32, true),
            5
        );
        assert_eq!(output(), [1, 0, 1, 0, 1]);
        put_input(0, b"a\n");
        assert_eq!(valid_lines_at(2, 0, true), 1);
        assert_eq!(valid_lines_at(0, 0, true), 0);
    }

    #[test]
    fn lines_are_mapped_as_to_uri_maps_each() {
        let lines = [
            "http://例え.テスト/δ?ε#ζ",
            "a b",
            "",
            "/𐌀",
            "http://a/%zz",
            "mailto:é@x",
        ];
        let text = lines.join("\r\n");
        put_input(0, text.as_bytes());
        assert_eq!(to_uri_lines_at(text.len(), true, true), lines.len());
        let mapped: Vec<Option<String>> =
            lines.iter().map(|s| crate::to_uri(s, false).ok()).collect();
        assert_eq!(
            flags(),
            lines
                .iter()
                .zip(&mapped)
                .map(|(s, m)| match m {
                    Some(_) if s.is_ascii() => 2,
                    m => u8::from(m.is_some()),
                })
                .collect::<Vec<_>>()
        );
        // With `same`: the URI references of the non-ASCII lines only.
        let expected: String = mapped
            .iter()
            .zip(lines)
            .filter(|(m, s)| m.is_some() && !s.is_ascii())
            .map(|(u, _)| format!("{}\n", u.as_deref().unwrap_or_default()))
            .collect();
        assert_eq!(String::from_utf8(output()).unwrap(), expected);
        assert_eq!(
            (slot(18) as usize, slot(20) as usize),
            (expected.len(), lines.len())
        );
        // Without: each line's URI reference, or an empty line.
        assert_eq!(to_uri_lines_at(text.len(), true, false), lines.len());
        assert_eq!(
            flags(),
            mapped
                .iter()
                .map(|m| u8::from(m.is_some()))
                .collect::<Vec<_>>()
        );
        let every: String = mapped
            .iter()
            .map(|u| format!("{}\n", u.as_deref().unwrap_or_default()))
            .collect();
        assert_eq!(String::from_utf8(output()).unwrap(), every);
        // Not UTF-8 (never written by encodeInto): that line is not mapped, the others are.
        put_input(0, b"a\n\xFF\nb");
        assert_eq!(to_uri_lines_at(5, false, false), 3);
        assert_eq!((flags(), output()), (vec![1, 0, 1], b"a\n\nb\n".to_vec()));
        put_input(0, b"a\n\xFF\nb");
        assert_eq!(valid_lines_at(5, 0, false), 3);
        assert_eq!(output(), [1, 0, 1]);
    }
}
