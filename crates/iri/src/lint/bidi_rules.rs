//! The bidi diagnostics: RFC 3987 §4.1 (no bidi formatting characters) and the two component
//! rules of §4.2.
//!
//! §4.2: "For each component, the following restrictions apply: 1. A component SHOULD NOT use
//! both right-to-left and left-to-right characters. 2. A component using right-to-left
//! characters SHOULD start and end with right-to-left characters." They are reported as
//! `bidi-mixed-direction` and `bidi-rtl-boundary`.
//!
//! Components, as §4.2 lists them and lets them be divided further: the `iuserinfo`; each label
//! of an `ireg-name` (split at `.`, as RFC 3490 does for domain names); each path segment, and
//! in a segment with dots its name and each extension ("the extensions in a resource name can
//! be treated as separate components": so `KL.html` of §4.4 Example 4, a legal IRI, passes); in
//! the query, each name and each value (split at `&`, then at `=`, "the usual name/value syntax");
//! and the `ifragment`. The scheme and the port are ASCII; IP literals are skipped.
//!
//! Which characters count (see [`crate::bidi`]): bidi class R and AL are right-to-left, L is
//! left-to-right, all others are neither. Besides:
//!
//! - Percent-encodings count as neither direction, although their hex letters are Latin (L):
//!   they stand for octets, not for letters of the component. §4.2 offers percent-encoding as
//!   the way out ("the affected component can always be mapped to URI notation"), so a fully
//!   encoded component is fine; but "the whole component has to be mapped": a component that
//!   mixes right-to-left letters with percent-encodings at its start or end (Example 9) does not
//!   start or end with a right-to-left character and gets `bidi-rtl-boundary`. Counting the hex
//!   letters as left-to-right would make the verdict depend on the encoded octet (`%4A` against
//!   `%31`), which the reader does not see as a word of another direction.
//! - Nonspacing marks (class NSM: Hebrew points, Arabic harakat) at the end of a component
//!   belong to the letter before them (rule W1 of the Unicode Bidirectional Algorithm) and are
//!   skipped when looking for the last character; at the start they are not right-to-left.
//! - Bidi formatting characters and boundary neutrals (class BN: ZWJ, ZWNJ, soft hyphen), which
//!   the algorithm sets aside (rule X9), are skipped by the component rules; the formatting
//!   characters get their own diagnostic.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use unicode_bidi::BidiClass;

use super::{excerpt, Code, Ctx, Diagnostic, Sink};
use crate::bidi::{bidi_class, is_ltr, is_rtl};
use crate::chars::is_bidi_formatting;
use crate::error::{char_name, Component};

/// Runs the §4.1 and §4.2 checks.
///
/// The rules are about display, which happens to strings whether they parse or not, so they run
/// on the delimiter split of [`super::split_parts`] either way; `_valid` is not needed.
pub(crate) fn check(ctx: &Ctx<'_>, _valid: bool, out: &mut Sink<'_>) {
    formatting_characters(ctx, out);
    let b = ctx.text.as_bytes();
    for part in &ctx.parts {
        let span = part.span.clone();
        let comp = part.component;
        match comp {
            Component::Userinfo => component(ctx, comp, &Subject::Plain("userinfo"), span, out),
            Component::Fragment => component(ctx, comp, &Subject::Plain("fragment"), span, out),
            Component::Host if b.get(span.start) != Some(&b'[') => {
                for label in split(b, span, b'.') {
                    component(ctx, comp, &Subject::Plain("host label"), label, out);
                }
            }
            Component::Path => {
                for segment in split(b, span, b'/') {
                    if !b[segment.clone()].contains(&b'.') {
                        component(ctx, comp, &Subject::Plain("path segment"), segment, out);
                        continue;
                    }
                    // The name and its extensions are components of their own (§4.2).
                    let whole = &ctx.text[segment.clone()];
                    for (i, piece) in split(b, segment.clone(), b'.').enumerate() {
                        let part = if i == 0 && piece.start == segment.start {
                            "name"
                        } else {
                            "extension"
                        };
                        component(ctx, comp, &Subject::Within(part, whole), piece, out);
                    }
                }
            }
            Component::Query => {
                for field in split(b, span, b'&') {
                    let has_value = b[field.clone()].contains(&b'=');
                    let field_start = field.start;
                    for piece in split(b, field, b'=') {
                        let name = if !has_value {
                            "query part"
                        } else if piece.start == field_start {
                            "query name"
                        } else {
                            "query value"
                        };
                        component(ctx, comp, &Subject::Plain(name), piece, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// §4.1: every bidi formatting character, named, with the component it is in.
fn formatting_characters(ctx: &Ctx<'_>, out: &mut Sink<'_>) {
    for (i, c) in ctx.text.char_indices() {
        if !is_bidi_formatting(c as u32) {
            continue;
        }
        let component = ctx
            .parts
            .iter()
            .find(|p| p.span.start <= i && i < p.span.end)
            .map(|p| p.component);
        let name = char_name(c).unwrap_or("");
        out.push(Diagnostic::new(
            Code::BidiFormattingCharacter,
            component,
            i..i + c.len_utf8(),
            format!(
                "U+{:04X} {name}: bidi formatting characters must not appear in IRIs",
                c as u32
            ),
        ));
    }
}

/// The sub-ranges of `range` between the `sep` bytes, empty ones left out.
fn split(b: &[u8], range: Range<usize>, sep: u8) -> impl Iterator<Item = Range<usize>> + '_ {
    let end = range.end;
    let mut start = range.start;
    core::iter::from_fn(move || {
        while start < end {
            let stop = b[start..end]
                .iter()
                .position(|&c| c == sep)
                .map_or(end, |p| start + p);
            let piece = start..stop;
            start = stop + 1;
            if !piece.is_empty() {
                return Some(piece);
            }
        }
        None
    })
}

/// How a message names a component.
enum Subject<'a> {
    /// `path segment "…"`.
    Plain(&'static str),
    /// `name "…" of path segment "…"`: a part of a path segment split at `.`.
    Within(&'static str, &'a str),
}

impl Subject<'_> {
    fn describe(&self, text: &str) -> String {
        match self {
            Subject::Plain(name) => format!("{name} \"{}\"", excerpt(text)),
            Subject::Within(part, whole) => format!(
                "{part} \"{}\" of path segment \"{}\"",
                excerpt(text),
                excerpt(whole)
            ),
        }
    }
}

/// What a unit of a component (a character or a percent-encoding) counts as.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dir {
    Rtl,
    Ltr,
    /// Digits, punctuation, percent-encodings.
    Neither,
    /// A nonspacing mark: goes with the character before it.
    Mark,
}

/// One unit: its direction and its byte range in the text.
struct Unit {
    dir: Dir,
    span: Range<usize>,
    pct: bool,
}

/// The units of the text in `range`, without bidi formatting characters and boundary
/// neutrals, one at a time.
fn units(text: &str, range: Range<usize>) -> impl Iterator<Item = Unit> + '_ {
    let b = text.as_bytes();
    let mut i = range.start;
    core::iter::from_fn(move || {
        while i < range.end {
            if crate::pct::pct_at(b, i, range.end).is_some() {
                i += 3;
                return Some(Unit {
                    dir: Dir::Neither,
                    span: i - 3..i,
                    pct: true,
                });
            }
            let c = text[i..].chars().next().unwrap_or('\0');
            let len = c.len_utf8();
            let class = bidi_class(c);
            i += len;
            if !(is_bidi_formatting(c as u32) || class == BidiClass::BN) {
                let dir = if is_rtl(c) {
                    Dir::Rtl
                } else if is_ltr(c) {
                    Dir::Ltr
                } else if class == BidiClass::NSM {
                    Dir::Mark
                } else {
                    Dir::Neither
                };
                return Some(Unit {
                    dir,
                    span: i - len..i,
                    pct: false,
                });
            }
        }
        None
    })
}

/// Describes a unit at a component's boundary for a message.
fn describe(text: &str, u: &Unit) -> String {
    let s = &text[u.span.clone()];
    if u.pct {
        format!("the percent-encoding \"{s}\"")
    } else {
        let c = s.chars().next().unwrap_or('\0');
        let dir = match u.dir {
            Dir::Ltr => "a left-to-right character",
            Dir::Mark => "a nonspacing mark",
            _ => "not a right-to-left character",
        };
        format!("U+{:04X} '{c}', {dir}", c as u32)
    }
}

/// §4.2's two rules for one component.
fn component(
    ctx: &Ctx<'_>,
    comp: Component,
    subject: &Subject<'_>,
    range: Range<usize>,
    out: &mut Sink<'_>,
) {
    let text = &ctx.text[range.clone()];
    // Most components are ASCII, which has no right-to-left character: nothing to check then.
    if text.is_ascii() {
        return;
    }
    // One pass: whether there are right-to-left and left-to-right units, the first unit and
    // the last that is not a mark.
    let (mut rtl, mut ltr) = (false, false);
    let (mut first, mut last) = (None, None);
    for u in units(ctx.text, range.clone()) {
        rtl |= u.dir == Dir::Rtl;
        ltr |= u.dir == Dir::Ltr;
        if u.dir != Dir::Mark {
            last = Some(Unit {
                span: u.span.clone(),
                ..u
            });
        }
        if first.is_none() {
            first = Some(u);
        }
    }
    if !rtl {
        return;
    }
    if ltr {
        out.push(Diagnostic::new(
            Code::BidiMixedDirection,
            Some(comp),
            range.clone(),
            format!(
                "{} mixes right-to-left and left-to-right characters",
                subject.describe(text)
            ),
        ));
    }
    let (first, last) = (first.as_ref(), last.as_ref());
    let bad_start = first.filter(|u| u.dir != Dir::Rtl);
    let bad_end = last.filter(|u| u.dir != Dir::Rtl);
    if bad_start.is_none() && bad_end.is_none() {
        return;
    }
    let mut what = Vec::new();
    if let Some(u) = bad_start {
        what.push(format!("starts with {}", describe(ctx.text, u)));
    }
    if let Some(u) = bad_end {
        what.push(format!("ends with {}", describe(ctx.text, u)));
    }
    let mut message = format!(
        "{} holds right-to-left characters but {}",
        subject.describe(text),
        what.join(" and ")
    );
    if bad_start.is_some_and(|u| u.pct) || bad_end.is_some_and(|u| u.pct) {
        message.push_str("; percent-encode the whole component or none of it");
    } else {
        message.push_str("; it should start and end with a right-to-left character");
    }
    out.push(Diagnostic::new(
        Code::BidiRtlBoundary,
        Some(comp),
        range,
        message,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint::split_parts;

    fn run(s: &str) -> Vec<(Code, &str)> {
        let ctx = Ctx {
            text: s,
            parts: split_parts(s),
        };
        let linter = crate::lint::Linter::default();
        let mut out = Sink::new(&linter);
        check(&ctx, true, &mut out);
        let found = out.finish(None).diagnostics;
        found.into_iter().map(|d| (d.code, &s[d.span])).collect()
    }

    #[test]
    fn splits_skip_empty_pieces() {
        let b = b"/a//bc/";
        let v: Vec<_> = split(b, 0..b.len(), b'/').collect();
        assert_eq!(v, [1..2, 4..6]);
    }

    #[test]
    fn components() {
        use Code::*;
        // Host labels one by one: "ab" is left to right on its own.
        assert_eq!(run("http://ab.\u{5D0}\u{5D1}/"), []);
        assert_eq!(
            run("http://a\u{5D0}/"),
            [
                (BidiMixedDirection, "a\u{5D0}"),
                (BidiRtlBoundary, "a\u{5D0}")
            ]
        );
        // Query names and values one by one.
        assert_eq!(run("x:?a=\u{5D0}&\u{5D1}=1"), []);
        assert_eq!(run("x:?\u{5D0}1=b"), [(BidiRtlBoundary, "\u{5D0}1")]);
        // Trailing nonspacing mark (HEBREW POINT QAMATS) goes with its letter.
        assert_eq!(run("x:/\u{5D0}\u{5B8}"), []);
        // Extensions are components of their own.
        assert_eq!(run("x:/\u{5D0}.html"), []);
        assert_eq!(
            run("x:/\u{5D0}.ht\u{5D1}"),
            [
                (BidiMixedDirection, "ht\u{5D1}"),
                (BidiRtlBoundary, "ht\u{5D1}")
            ]
        );
        // An IP literal is not a reg-name.
        assert_eq!(run("http://[::1]/"), []);
    }
}
