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

use super::characters::{
    ace_of, decode, describe, host_labels, is_mixed, label_text, pct_at, script_names,
};
use super::{excerpt, Code, Ctx, Diagnostic, Excerpt, Sink};
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

/// A run of adjacent `%HH` triplets, read in place: its first byte and its number of triplets.
#[derive(Clone, Copy)]
struct Run<'a> {
    b: &'a [u8],
    start: usize,
    n: usize,
}

impl<'a> Run<'a> {
    /// The run of triplets starting at `i` (which holds one).
    fn at(b: &'a [u8], i: usize, end: usize) -> Run<'a> {
        let mut n = 0;
        while pct_at(b, i + 3 * n, end).is_some() {
            n += 1;
        }
        Run { b, start: i, n }
    }

    fn end(&self) -> usize {
        self.start + 3 * self.n
    }

    /// The octet of triplet `k`.
    fn octet(&self, k: usize) -> u8 {
        pct_at(self.b, self.start + 3 * k, self.end()).unwrap_or(0)
    }

    /// The bytes of octets `from..from + len`.
    fn span(&self, from: usize, len: usize) -> Range<usize> {
        self.start + 3 * from..self.start + 3 * (from + len)
    }

    /// Its octets split into sequences as a lax decoder would (lead octets up to `%FD`).
    fn seqs(self) -> Seqs<'a> {
        Seqs { run: self, i: 0 }
    }
}

/// The iterator of [`Run::seqs`].
struct Seqs<'a> {
    run: Run<'a>,
    i: usize,
}

impl Iterator for Seqs<'_> {
    type Item = Seq;

    fn next(&mut self) -> Option<Seq> {
        let (run, i) = (self.run, self.i);
        if i >= run.n {
            return None;
        }
        let b = run.octet(i);
        let n = match b {
            0x00..=0x7F => {
                self.i += 1;
                return Some((i, 1, Kind::Ascii(b)));
            }
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            0xF8..=0xFB => 5,
            0xFC..=0xFD => 6,
            _ => 0,
        };
        if n == 0 || i + n > run.n || !(i + 1..i + n).all(|k| (0x80..=0xBF).contains(&run.octet(k)))
        {
            self.i += 1;
            return Some((i, 1, Kind::Invalid));
        }
        let mut v = (b as u32) & (0x7F >> n);
        for k in i + 1..i + n {
            v = (v << 6) | (run.octet(k) as u32 & 0x3F);
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
        self.i += n;
        Some((i, n, kind))
    }
}

/// The runs of triplets in `text[range]`, one at a time.
fn runs(text: &str, range: Range<usize>) -> impl Iterator<Item = Run<'_>> {
    let b = text.as_bytes();
    let mut i = range.start;
    core::iter::from_fn(move || {
        while i < range.end {
            if pct_at(b, i, range.end).is_some() {
                let run = Run::at(b, i, range.end);
                i = run.end();
                return Some(run);
            }
            i += 1;
        }
        None
    })
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
        let mut seqs = run.seqs().peekable();
        while let Some((from, len, kind)) = seqs.next() {
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
                    let pair = match seqs.peek() {
                        Some(&(_, n, Kind::Surrogate(lo)))
                            if (0xD800..=0xDBFF).contains(&hi)
                                && (0xDC00..=0xDFFF).contains(&lo) =>
                        {
                            seqs.next();
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
                    while let Some(&(_, l, Kind::Invalid)) = seqs.peek() {
                        n += l;
                        seqs.next();
                    }
                    let span = run.span(from, n);
                    let written = &ctx.text[span.clone()];
                    let octets = || (from..from + n).map(|k| run.octet(k));
                    let guess = if octets().all(|o| o >= 0xA0) {
                        format!(
                            "probably a legacy charset such as ISO-8859-1 ('{}')",
                            Excerpt::of(octets().map(char::from))
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

/// The characters of `text[range]`, one at a time, with ASCII triplets and overlong forms
/// decoded; other sequences stand as `'%'`.
fn items(text: &str, range: Range<usize>) -> impl Iterator<Item = Item> + '_ {
    let b = text.as_bytes();
    let mut i = range.start;
    let mut seqs: Option<Seqs<'_>> = None;
    core::iter::from_fn(move || loop {
        if let Some(s) = &mut seqs {
            if let Some((from, len, kind)) = s.next() {
                let (c, overlong) = match kind {
                    Kind::Ascii(o) => (o as char, false),
                    Kind::Overlong(v) => (char::from_u32(v).unwrap_or('%'), true),
                    _ => ('%', false),
                };
                return Some(Item {
                    c,
                    span: s.run.span(from, len),
                    pct: true,
                    overlong,
                });
            }
            i = s.run.end();
            seqs = None;
        }
        if i >= range.end {
            return None;
        }
        if pct_at(b, i, range.end).is_none() {
            let c = text[i..].chars().next().unwrap_or('\0');
            let span = i..i + c.len_utf8();
            i = span.end;
            return Some(Item {
                c,
                span,
                pct: false,
                overlong: false,
            });
        }
        seqs = Some(Run::at(b, i, range.end).seqs());
    })
}

/// A segment of items between separators, as [`traversal`] and [`encoded_delimiters`] look at
/// it: only a segment of one or two items can be a dot segment, so only those are kept.
#[derive(Default)]
struct Segment {
    /// Its items, while there are at most two.
    items: Vec<Item>,
    /// Its length.
    n: usize,
    /// Whether one of its items is overlong.
    overlong: bool,
}

impl Segment {
    fn push(&mut self, it: Item) {
        self.n += 1;
        self.overlong |= it.overlong;
        if self.n <= 2 {
            self.items.push(it);
        } else {
            self.items.clear();
        }
    }

    /// A `.` or `..` (of items for which `dot` holds).
    fn is_dots(&self, dot: impl Fn(&Item) -> bool) -> bool {
        (1..=2).contains(&self.n) && self.items.iter().all(dot)
    }
}

/// `overlong-traversal`: a `.` or `..` segment next to or made of overlong characters.
fn traversal(ctx: &Ctx<'_>, component: Component, range: Range<usize>, out: &mut Sink<'_>) {
    let query = component == Component::Query;
    let is_sep = |it: &Item| matches!(it.c, '/' | '\\') || (query && matches!(it.c, '&' | '='));
    // The separator before the segment being read, and the segment.
    let mut before: Option<Item> = None;
    let mut seg = Segment::default();
    let mut finding = |before: &Option<Item>, seg: &Segment, after: Option<&Item>| {
        let left = before.as_ref().filter(|it| it.overlong);
        let right = after.filter(|it| it.overlong);
        if !(seg.is_dots(|it| it.c == '.') && (left.is_some() || right.is_some() || seg.overlong)) {
            return;
        }
        let all: Vec<&Item> = left.into_iter().chain(&seg.items).chain(right).collect();
        let span = all[0].span.start..all[all.len() - 1].span.end;
        let written = &ctx.text[span.clone()];
        let read: String = all.iter().map(|it| it.c).collect();
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
    };
    for it in items(ctx.text, range) {
        if !is_sep(&it) {
            seg.push(it);
            continue;
        }
        if seg.n > 0 {
            finding(&before, &seg, Some(&it));
        }
        seg = Segment::default();
        before = Some(it);
    }
    if seg.n > 0 {
        finding(&before, &seg, None);
    }
}

/// `encoded-delimiter-in-path`.
fn encoded_delimiters(ctx: &Ctx<'_>, range: Range<usize>, out: &mut Sink<'_>) {
    for it in items(ctx.text, range.clone()) {
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
    let mut finding = |seg: &Segment| {
        let dots = seg.is_dots(|it| it.c == '.' && !it.overlong);
        if !(dots && seg.items.iter().any(|it| it.pct)) {
            return;
        }
        let span = seg.items[0].span.start..seg.items[seg.n - 1].span.end;
        let written = &ctx.text[span.clone()];
        let read = if seg.n == 1 { "." } else { ".." };
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
    };
    let mut seg = Segment::default();
    for it in items(ctx.text, range) {
        if it.c == '/' && !it.pct {
            finding(&seg);
            seg = Segment::default();
        } else {
            seg.push(it);
        }
    }
    finding(&seg);
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
    let decoded: String = decode(ctx.text, part.span.clone(), false)
        .map(|ch| ch.c)
        .collect();
    let mapped: String = crate::nf::nfkc(&decoded)
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
        let decoded = || label_text(ctx.text, &label);
        let ace = ace_of(ctx, &label);
        let shown = match &ace {
            Some(u) => format!("'{}' ('{}')", excerpt(written), excerpt(u)),
            None if decoded().eq(written.chars()) => format!("'{}'", excerpt(written)),
            None => format!("'{}' ('{}')", excerpt(written), Excerpt::of(decoded())),
        };
        let (mixed, scripts) = match &ace {
            Some(u) => (is_mixed(u.chars()), script_names(u.chars())),
            None if is_mixed(decoded()) => (true, script_names(decoded())),
            None => (false, None),
        };
        if !mixed {
            continue;
        }
        let scripts = scripts.unwrap_or_else(|| String::from("scripts"));
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
