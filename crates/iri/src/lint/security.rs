//! Security: RFC 3987 §8 and §3.2, RFC 3986 §7.
//!
//! - Percent-encoded octets ≥ 0x80 are read with a lax UTF-8 decoder (up to the old six-octet
//!   forms) to say what a fault-tolerant decoder would make of them: an overlong form
//!   (`overlong-utf8`, naming the character it smuggles), a UTF-16 surrogate
//!   (`encoded-surrogate`, a high and low surrogate together as one finding naming the
//!   character of the pair) or anything else that is not UTF-8 (`non-utf8-octets`: stray
//!   continuation octets, truncated sequences, code points above U+10FFFF, `%FE`/`%FF`),
//!   one finding per run of such octets, with a guess at the ISO-8859-1 characters.
//! - `overlong-traversal`: in the path and the query, a `.` or `..` segment next to or made of
//!   overlong `/`, `\` or `.` (`%C0%AF..`, `..%C0%AF`, `%C0%AE%C0%AE/`), where the segments are
//!   found by decoding the overlong forms (and `%2E`, `%2F`, `%5C`) as a lax decoder would;
//!   the query also splits at `&` and `=`. Each overlong sequence also gets its own
//!   `overlong-utf8`, so that silencing one code never hides the other.
//! - `encoded-delimiter-in-path`: `%2F`, `%3F` and `%23` in the path, each; `%2E` when it makes
//!   a segment `.` or `..` (elsewhere a `%2E` is an ordinary, if needless, encoding of `.`).
//! - `password-in-userinfo`: a userinfo with a non-empty text after its first `:` (RFC 3986
//!   §3.2.1: an empty one means "no password"). The message shows `user:***`, never the
//!   password.
//! - `ipv4-lookalike-host`: a registered name that `inet_aton()` and WHATWG URL parsers read as
//!   an IPv4 address (RFC 3986 §7.4): one to four parts, each decimal, octal (leading `0`) or
//!   hexadecimal (`0x`), the last filling the remaining bytes, with an optional final dot, after
//!   decoding percent-encoded unreserved characters, NFKC (full-width digits) and the IDNA
//!   full stops. A strict `IPv4address` is a `Host::Ipv4` and is not reported; names whose
//!   parts are not all numbers (`1.example`) are not either.
//! - `mixed-script-host-label`: a host label that fails the UTS #39 single-script test (with
//!   the `idna` feature, an `xn--` label in its Unicode form). Host labels get this code only,
//!   never `mixed-script`.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use unicode_normalization::UnicodeNormalization;

use super::characters::{
    ace_label, decode, describe, host_labels, is_mixed, pct_at, script_names, text_of,
};
use super::{excerpt, Code, Ctx, Diagnostic, Sink};
use crate::error::Component;

/// What a lax UTF-8 decoder makes of a sequence of octets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// One ASCII octet.
    Ascii(u8),
    /// Strictly legal UTF-8.
    Valid,
    /// An overlong form of the code point.
    Overlong(u32),
    /// A UTF-16 surrogate.
    Surrogate(u32),
    /// A code point above U+10FFFF.
    TooBig(u32),
    /// One octet that starts no sequence.
    Invalid,
}

/// A sequence: its first index in the octets, its length and its kind.
type Seq = (usize, usize, Kind);

/// Splits octets into sequences as a lax decoder would (lead octets up to `%FD`).
fn sequences(o: &[u8]) -> Vec<Seq> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < o.len() {
        let b = o[i];
        let n = match b {
            0x00..=0x7F => {
                out.push((i, 1, Kind::Ascii(b)));
                i += 1;
                continue;
            }
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            0xF8..=0xFB => 5,
            0xFC..=0xFD => 6,
            _ => 0,
        };
        if n == 0 || i + n > o.len() || !o[i + 1..i + n].iter().all(|c| (0x80..=0xBF).contains(c)) {
            out.push((i, 1, Kind::Invalid));
            i += 1;
            continue;
        }
        let mut v = (b as u32) & (0x7F >> n);
        for &c in &o[i + 1..i + n] {
            v = (v << 6) | (c as u32 & 0x3F);
        }
        let shortest = match v {
            0..=0x7F => 1,
            0x80..=0x7FF => 2,
            0x800..=0xFFFF => 3,
            0x1_0000..=0x1F_FFFF => 4,
            0x20_0000..=0x3FF_FFFF => 5,
            _ => 6,
        };
        let kind = if n > shortest {
            Kind::Overlong(v)
        } else if (0xD800..=0xDFFF).contains(&v) {
            Kind::Surrogate(v)
        } else if v > 0x10_FFFF {
            Kind::TooBig(v)
        } else {
            Kind::Valid
        };
        out.push((i, n, kind));
        i += n;
    }
    out
}

/// A run of adjacent `%HH` triplets: the position of each, its octet, and its sequences.
struct Run {
    at: Vec<usize>,
    octets: Vec<u8>,
    seqs: Vec<Seq>,
}

impl Run {
    /// The run of triplets starting at `i` (which holds one).
    fn at(b: &[u8], i: usize, end: usize) -> Run {
        let mut at = Vec::new();
        let mut octets = Vec::new();
        let mut j = i;
        while let Some(o) = pct_at(b, j, end) {
            at.push(j);
            octets.push(o);
            j += 3;
        }
        let seqs = sequences(&octets);
        Run { at, octets, seqs }
    }

    fn end(&self) -> usize {
        self.at.last().map_or(0, |&p| p + 3)
    }

    /// The bytes of octets `from..from + len`.
    fn span(&self, from: usize, len: usize) -> Range<usize> {
        self.at[from]..self.at[from + len - 1] + 3
    }
}

/// The runs of triplets in `text[range]`.
fn runs(text: &str, range: Range<usize>) -> Vec<Run> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = range.start;
    while i < range.end {
        if pct_at(b, i, range.end).is_some() {
            let run = Run::at(b, i, range.end);
            i = run.end();
            out.push(run);
        } else {
            i += 1;
        }
    }
    out
}

/// `'/' (U+002F SOLIDUS)` or `U+0000 NULL`.
fn smuggled(v: u32) -> String {
    match char::from_u32(v) {
        Some(c) if c.is_ascii_graphic() => format!("'{c}' ({})", describe(c)),
        Some(c) => describe(c),
        None => format!("U+{v:04X}"),
    }
}

pub(crate) fn check(ctx: &Ctx<'_>, out: &mut Sink<'_>) {
    password(ctx, out);
    ipv4_lookalike(ctx, out);
    mixed_script_labels(ctx, out);
    for part in &ctx.parts {
        if matches!(part.component, Component::Scheme | Component::Port) {
            continue;
        }
        encoded_octets(ctx, part.component, part.span.clone(), out);
        if matches!(part.component, Component::Path | Component::Query) {
            traversal(ctx, part.component, part.span.clone(), out);
        }
        if part.component == Component::Path {
            encoded_delimiters(ctx, part.span.clone(), out);
        }
    }
}

/// `overlong-utf8`, `encoded-surrogate` and `non-utf8-octets`.
fn encoded_octets(ctx: &Ctx<'_>, component: Component, range: Range<usize>, out: &mut Sink<'_>) {
    for run in runs(ctx.text, range) {
        let mut k = 0;
        while k < run.seqs.len() {
            let (from, len, kind) = run.seqs[k];
            k += 1;
            match kind {
                Kind::Ascii(_) | Kind::Valid => {}
                Kind::Overlong(v) => {
                    let span = run.span(from, len);
                    let written = &ctx.text[span.clone()];
                    out.push(Diagnostic::new(
                        Code::OverlongUtf8,
                        Some(component),
                        span,
                        format!(
                            "{written} is an overlong encoding of {}: strict UTF-8 forbids it, \
                             and a lax decoder that accepts it lets the character slip past \
                             checks made before decoding (RFC 3987 §8)",
                            smuggled(v)
                        ),
                    ));
                }
                Kind::Surrogate(hi) => {
                    let pair = match run.seqs.get(k) {
                        Some(&(_, n, Kind::Surrogate(lo)))
                            if (0xD800..=0xDBFF).contains(&hi)
                                && (0xDC00..=0xDFFF).contains(&lo) =>
                        {
                            k += 1;
                            Some((n, lo))
                        }
                        _ => None,
                    };
                    let total = len + pair.map_or(0, |(n, _)| n);
                    let span = run.span(from, total);
                    let written = &ctx.text[span.clone()];
                    let what = match pair {
                        Some((_, lo)) => {
                            let cp = 0x1_0000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                            format!(
                                "the UTF-16 surrogate pair U+{hi:04X} U+{lo:04X} (CESU-8 for {})",
                                smuggled(cp)
                            )
                        }
                        None => format!("the UTF-16 surrogate U+{hi:04X}"),
                    };
                    out.push(Diagnostic::new(
                        Code::EncodedSurrogate,
                        Some(component),
                        span,
                        format!(
                            "{written} encodes {what}, which UTF-8 must not contain; RFC 3987 \
                             §3.2 keeps it encoded, and lax decoders disagree on it"
                        ),
                    ));
                }
                Kind::TooBig(v) => {
                    let span = run.span(from, len);
                    let written = &ctx.text[span.clone()];
                    out.push(Diagnostic::new(
                        Code::NonUtf8Octets,
                        Some(component),
                        span,
                        format!(
                            "{written} is not UTF-8: it would be the code point 0x{v:X}, beyond \
                             U+10FFFF; RFC 3987 §3.2 keeps it encoded"
                        ),
                    ));
                }
                Kind::Invalid => {
                    let mut n = len;
                    while let Some(&(_, l, Kind::Invalid)) = run.seqs.get(k) {
                        n += l;
                        k += 1;
                    }
                    let span = run.span(from, n);
                    let written = &ctx.text[span.clone()];
                    let octets = &run.octets[from..from + n];
                    let guess = if octets.iter().all(|&o| o >= 0xA0) {
                        let latin1: String = octets.iter().map(|&o| char::from(o)).collect();
                        format!(
                            "probably a legacy charset such as ISO-8859-1 ('{}')",
                            excerpt(&latin1)
                        )
                    } else {
                        String::from(
                            "probably a legacy charset such as windows-1252, or a cut sequence",
                        )
                    };
                    out.push(Diagnostic::new(
                        Code::NonUtf8Octets,
                        Some(component),
                        span,
                        format!(
                            "{} is not UTF-8; {guess}. RFC 3987 §3.2 keeps it encoded and \
                             an IRI cannot show it as characters",
                            excerpt(written)
                        ),
                    ));
                }
            }
        }
    }
}

/// A character of a path or query as a lax decoder sees it.
struct Item {
    c: char,
    span: Range<usize>,
    /// From `%HH` triplets.
    pct: bool,
    /// From an overlong sequence.
    overlong: bool,
}

/// The characters of `text[range]`, with ASCII triplets and overlong forms decoded; other
/// sequences stand as `'%'`.
fn items(text: &str, range: Range<usize>) -> Vec<Item> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = range.start;
    while i < range.end {
        if pct_at(b, i, range.end).is_none() {
            let c = text[i..].chars().next().unwrap_or('\0');
            out.push(Item {
                c,
                span: i..i + c.len_utf8(),
                pct: false,
                overlong: false,
            });
            i += c.len_utf8();
            continue;
        }
        let run = Run::at(b, i, range.end);
        for &(from, len, kind) in &run.seqs {
            let (c, overlong) = match kind {
                Kind::Ascii(o) => (o as char, false),
                Kind::Overlong(v) => (char::from_u32(v).unwrap_or('%'), true),
                _ => ('%', false),
            };
            out.push(Item {
                c,
                span: run.span(from, len),
                pct: true,
                overlong,
            });
        }
        i = run.end();
    }
    out
}

/// `overlong-traversal`: a `.` or `..` segment next to or made of overlong characters.
fn traversal(ctx: &Ctx<'_>, component: Component, range: Range<usize>, out: &mut Sink<'_>) {
    let items = items(ctx.text, range);
    let query = component == Component::Query;
    let is_sep = |it: &Item| matches!(it.c, '/' | '\\') || (query && matches!(it.c, '&' | '='));
    let mut a = 0;
    while a < items.len() {
        if is_sep(&items[a]) {
            a += 1;
            continue;
        }
        let mut b = a;
        while b < items.len() && !is_sep(&items[b]) {
            b += 1;
        }
        let seg = &items[a..b];
        let dots = seg.len() <= 2 && seg.iter().all(|it| it.c == '.');
        let left = a > 0 && items[a - 1].overlong;
        let right = b < items.len() && items[b].overlong;
        if dots && (left || right || seg.iter().any(|it| it.overlong)) {
            let first = if left { a - 1 } else { a };
            let last = if right { b } else { b - 1 };
            let span = items[first].span.start..items[last].span.end;
            let written = &ctx.text[span.clone()];
            let read: String = items[first..=last].iter().map(|it| it.c).collect();
            out.push(Diagnostic::new(
                Code::OverlongTraversal,
                Some(component),
                span,
                format!(
                    "'{written}' in the {component} is the traversal pattern of RFC 3987 §8: a lax \
                     UTF-8 decoder reads it as '{read}', a dot segment that climbs the directory \
                     tree after the checks on the encoded text have passed"
                ),
            ));
        }
        a = b;
    }
}

/// `encoded-delimiter-in-path`.
fn encoded_delimiters(ctx: &Ctx<'_>, range: Range<usize>, out: &mut Sink<'_>) {
    let items = items(ctx.text, range);
    for it in &items {
        if !it.pct || it.span.len() != 3 {
            continue;
        }
        let effect = match it.c {
            '/' => {
                "'/': it is data, not a segment separator, but software that decodes before \
                    splitting sees different segments"
            }
            '?' => "'?': software that decodes it before parsing sees a query start there",
            '#' => "'#': software that decodes it before parsing sees a fragment start there",
            _ => continue,
        };
        let written = &ctx.text[it.span.clone()];
        out.push(Diagnostic::new(
            Code::EncodedDelimiterInPath,
            Some(Component::Path),
            it.span.clone(),
            format!("{written} in the path is an encoded {effect} (RFC 3986 §2.2, §7.3)"),
        ));
    }
    for seg in items.split(|it| it.c == '/' && !it.pct) {
        let dots =
            !seg.is_empty() && seg.len() <= 2 && seg.iter().all(|it| it.c == '.' && !it.overlong);
        if dots && seg.iter().any(|it| it.pct) {
            let span = seg[0].span.start..seg[seg.len() - 1].span.end;
            let written = &ctx.text[span.clone()];
            let read = if seg.len() == 1 { "." } else { ".." };
            out.push(Diagnostic::new(
                Code::EncodedDelimiterInPath,
                Some(Component::Path),
                span,
                format!(
                    "'{written}' in the path is an encoded '{read}' segment: it hides a dot \
                     segment from checks on the text, and decoding it (RFC 3986 §6.2.2.2) makes \
                     it one (RFC 3986 §2.2, §7.3)"
                ),
            ));
        }
    }
}

/// `password-in-userinfo`.
fn password(ctx: &Ctx<'_>, out: &mut Sink<'_>) {
    let Some(part) = ctx.part(Component::Userinfo) else {
        return;
    };
    let text = ctx.slice(part);
    let Some((user, pass)) = text.split_once(':') else {
        return;
    };
    if pass.is_empty() {
        return; // "user:" says there is no password (RFC 3986 §3.2.1)
    }
    out.push(Diagnostic::new(
        Code::PasswordInUserinfo,
        Some(Component::Userinfo),
        part.span.clone(),
        format!(
            "the userinfo '{}:***' holds a password in clear text; RFC 3986 §3.2.1 \
             deprecates \"user:password\" and applications should not show what follows the ':'",
            excerpt(user)
        ),
    ));
}

/// A number of an IPv4 part as `inet_aton()` reads it: `0x` hex, leading-`0` octal, decimal.
fn ipv4_number(p: &str) -> Option<u64> {
    if p.is_empty() {
        return None;
    }
    let (digits, radix) = if let Some(h) = p.strip_prefix("0x").or_else(|| p.strip_prefix("0X")) {
        (h, 16)
    } else if p.len() > 1 && p.starts_with('0') {
        (&p[1..], 8)
    } else {
        (p, 10)
    };
    if digits.is_empty() {
        return Some(0); // "0x" is 0 to WHATWG URL parsers
    }
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

/// The address `inet_aton()` and WHATWG URL parsers make of a host, if any.
fn lax_ipv4(host: &str) -> Option<[u8; 4]> {
    let host = host.strip_suffix('.').unwrap_or(host);
    let mut nums = Vec::new();
    for p in host.split('.') {
        nums.push(ipv4_number(p)?);
    }
    if nums.len() > 4 {
        return None;
    }
    let last = nums.pop()?;
    if nums.iter().any(|&n| n > 255) || last >= 1u64 << (8 * (4 - nums.len())) {
        return None;
    }
    let mut v = last as u32;
    for (i, &n) in nums.iter().enumerate() {
        v |= (n as u32) << (8 * (3 - i));
    }
    Some(v.to_be_bytes())
}

/// `ipv4-lookalike-host`.
fn ipv4_lookalike(ctx: &Ctx<'_>, out: &mut Sink<'_>) {
    let Some(part) = ctx.part(Component::Host) else {
        return;
    };
    let host = ctx.slice(part);
    if host.is_empty()
        || host.starts_with('[')
        || crate::parser::parse_ipv4(host.as_bytes()).is_some()
    {
        return;
    }
    let decoded = text_of(&decode(ctx.text, part.span.clone(), false));
    let mapped: String = decoded
        .nfkc()
        .map(|c| match c {
            '\u{3002}' | '\u{FF0E}' | '\u{FF61}' => '.',
            c => c,
        })
        .collect();
    let Some([a, b, c, d]) = lax_ipv4(&mapped) else {
        return;
    };
    out.push(Diagnostic::new(
        Code::Ipv4LookalikeHost,
        Some(Component::Host),
        part.span.clone(),
        format!(
            "the host '{}' is not an IPv4 address in URI syntax (four decimal numbers, \
             RFC 3986 §3.2.2), but inet_aton() and WHATWG URL parsers read it as {a}.{b}.{c}.{d}; \
             filter on the numeric address, not on the text (RFC 3986 §7.4)",
            excerpt(host)
        ),
    ));
}

/// `mixed-script-host-label`.
fn mixed_script_labels(ctx: &Ctx<'_>, out: &mut Sink<'_>) {
    for label in host_labels(ctx) {
        let written = &ctx.text[label.span.clone()];
        let decoded = text_of(&label.chars);
        let (text, shown) = match ace_label(&decoded) {
            Some(u) => {
                let shown = format!("'{}' ('{}')", excerpt(written), excerpt(&u));
                (u, shown)
            }
            None if decoded == written => (decoded, format!("'{}'", excerpt(written))),
            None => {
                let shown = format!("'{}' ('{}')", excerpt(written), excerpt(&decoded));
                (decoded, shown)
            }
        };
        if !is_mixed(&text) {
            continue;
        }
        let scripts = script_names(&text).unwrap_or_else(|| String::from("scripts"));
        out.push(Diagnostic::new(
            Code::MixedScriptHostLabel,
            Some(Component::Host),
            label.span,
            format!(
                "the host label {shown} mixes {scripts} (UTS #39 single-script test): a \
                 spoofing risk, as look-alike letters of another script hide in it (RFC 3987 §8)"
            ),
        ));
    }
}
