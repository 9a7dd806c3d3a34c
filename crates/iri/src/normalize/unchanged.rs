//! The check that normalization would leave a reference unchanged, made without writing
//! anything (RFC 3987 §5.3.2: case §5.3.2.1, percent-encoding §5.3.2.3, path segments
//! §5.3.2.4), so that an already normal reference comes back borrowed without allocating.
//!
//! Left out on purpose: the scheme rules of §5.3.3 and NFC/NFKC of non-ASCII text, for which
//! the check answers "not sure" and the caller writes the text and compares.

use super::{parts, Chars, Form, Normalizer, Positions, Steps};
use crate::resolve::has_dot_segment;
use crate::scan::{self, NormalMarks};

impl Normalizer<'_> {
    /// Whether [`Normalizer::write`] would give `s` back unchanged, found without writing
    /// anything. `false` may also mean "not sure": the caller then writes and compares. Sure
    /// answers cover the syntax-based steps in either form and NFC/NFKC of ASCII text; the
    /// scheme rules (ports, empty paths, IDN) always take the writing path.
    #[inline]
    pub(super) fn unchanged(&self, s: &str, p: Positions) -> bool {
        self.unchanged_marked(s, p, None)
    }

    /// Whether [`Normalizer::unchanged_marked`] says `true` for `s` with the marks `m`, settled
    /// from the marks alone in the common case: the syntax-based steps in the IRI form and no
    /// NFC/NFKC (or ASCII text, which neither changes), no fragment to drop, and nothing marked (no `%`, no `/.`, no upper-case letter
    /// before the authority's end when case counts, no path starting with `.`). `false` means
    /// "not settled here": the caller asks [`Normalizer::unchanged_marked`].
    #[inline]
    pub(super) fn unchanged_by_marks(&self, s: &str, p: Positions, m: NormalMarks) -> bool {
        // NFC, NFKC and the URI form leave ASCII text as it is; a fragment to drop changes it.
        let plain = !self.scheme
            && ((self.chars == Chars::AsIs && self.form == Form::Iri) || p.known_ascii())
            && !(self.ignore_fragment && (p.query_end() as usize) < s.len());
        let b = s.as_bytes();
        let (auth_end, path_end) = (p.auth_end as usize, p.path_end as usize);
        let path = &b[auth_end..path_end];
        let marked = m.percent || m.slash_dot || (m.upper && self.steps.contains(Steps::CASE));
        plain
            && !marked
            && path.first() != Some(&b'.')
            // A "//" path without authority would get "/." (never from a parsed reference).
            && !(p.auth_end == p.scheme_end && path.starts_with(b"//"))
    }

    /// [`Normalizer::unchanged`], with what [`scan::normal_marks`] finds in `s` given when
    /// the parse knew it (with upper-case letters looked for below the authority's end,
    /// `crate::parser::parse_marked`), so that it is not looked for again. Inlined into each
    /// of its two callers, so that [`Normalizer::unchanged`] (no marks known) carries no test
    /// of them.
    #[inline(always)]
    pub(super) fn unchanged_marked(
        &self,
        s: &str,
        p: Positions,
        known: Option<NormalMarks>,
    ) -> bool {
        if self.scheme {
            return false;
        }
        if (self.chars != Chars::AsIs || self.form == Form::Uri)
            && !(p.known_ascii() || s.is_ascii())
        {
            return false;
        }
        if self.ignore_fragment && parts::fragment(s, &p).is_some() {
            return false;
        }
        let case = self.steps.contains(Steps::CASE);
        let b = s.as_bytes();
        let path = parts::path(s, &p);
        // One pass finds what a step could act on: a `%` (percent-encoding, and the case of
        // its hex digits), a `/.` (a dot segment after the first) and, with the case step, an
        // upper-case letter in the scheme or authority. Most references have none of them;
        // each one found is looked at closer.
        let marks = match known {
            // Upper-case letters count only with the case step.
            Some(m) => NormalMarks {
                upper: m.upper && case,
                ..m
            },
            None => scan::normal_marks(b, if case { p.auth_end as usize } else { 0 }),
        };
        if marks.upper
            && (b[..p.scheme_end as usize]
                .iter()
                .any(u8::is_ascii_uppercase)
                || (p.auth_end > p.scheme_end
                    && host_lowers(&b[p.scheme_end as usize + 2..p.auth_end as usize])))
        {
            return false;
        }
        if marks.percent && !percent_unchanged(b, p, self.steps, self.form == Form::Uri) {
            return false;
        }
        if p.scheme_end > 0
            && self.steps.contains(Steps::DOT_SEGMENTS)
            && (marks.slash_dot || path.starts_with('.'))
            && has_dot_segment(path)
        {
            return false;
        }
        // A "//" path without authority would get "/." (never from a parsed reference).
        !(p.auth_end == p.scheme_end && path.starts_with("//"))
    }
}

/// Whether every percent-encoding of the parsed text `b` stays as it is under `steps`: none
/// is decoded (§5.3.2.3, as `convert::decoded_char` decides for the writing path too; in the URI form, a decoded
/// non-ASCII character is encoded again, so upper-case triplets of one stay) and, with the case step, none has
/// a lower-case hex digit (§5.3.2.1).
fn percent_unchanged(b: &[u8], p: Positions, steps: Steps, uri_form: bool) -> bool {
    let decode = steps.contains(Steps::PERCENT);
    let upper = steps.contains(Steps::CASE);
    let (q_start, q_end) = (p.path_end as usize, p.query_end() as usize);
    let mut i = 0;
    while let Some(k) = crate::scan::find_byte(b, i, b'%') {
        i = k;
        // The parser checked that two hex digits follow.
        if upper && (b[i + 1].is_ascii_lowercase() || b[i + 2].is_ascii_lowercase()) {
            return false;
        }
        if decode {
            let o = crate::pct::pct_at(b, i, b.len()).unwrap_or(0);
            let in_query = i > q_start && i < q_end;
            // A sequence of triplets never spans a delimiter, so the text's end serves as
            // the component's end.
            if let Some((c, len)) = crate::convert::decoded_char(b, i, o, in_query) {
                // The URI form encodes a decoded non-ASCII character again, in upper case.
                let end = i + 3 * len;
                if c.is_ascii() || !uri_form || b[i..end].iter().any(u8::is_ascii_lowercase) {
                    return false;
                }
                i = end;
                continue;
            }
        }
        i += 3;
    }
    true
}

/// Whether the case step changes the host of the authority `a` (§5.3.2.1): an IP literal
/// with an upper-case letter, or an ASCII-only registered name with one outside its
/// percent-encodings (whose hex digits `percent_unchanged` checks).
fn host_lowers(a: &[u8]) -> bool {
    use crate::scan::{ascii_case_scan, find_byte};
    // Most authorities hold no upper-case letter at all, and then their host has none to
    // lower: one pass over the authority decides them.
    if !ascii_case_scan(a).upper {
        return false;
    }
    // '@' cannot occur in a host or port, so the first one ends the userinfo.
    let start = find_byte(a, 0, b'@').map_or(0, |p| p + 1);
    let h = &a[start..];
    if h.first() == Some(&b'[') {
        return h
            .iter()
            .take_while(|&&c| c != b']')
            .any(u8::is_ascii_uppercase);
    }
    // ':' cannot occur in a registered name: the port starts at the first one.
    let h = &h[..find_byte(h, 0, b':').unwrap_or(h.len())];
    // A host that is not US-ASCII-only keeps its case; one without an upper-case letter
    // has nothing to lower.
    let scan = ascii_case_scan(h);
    if scan.non_ascii || !scan.upper {
        return false;
    }
    // An upper-case letter: it counts unless it is a hex digit of a percent-encoding.
    let mut i = 0;
    while i < h.len() {
        if h[i] == b'%' {
            i += 3;
            continue;
        }
        if h[i].is_ascii_uppercase() {
            return true;
        }
        i += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::borrow::Cow;
    use alloc::format;
    use alloc::vec::Vec;

    /// A syntax-based normalizer for each of `steps`, in both forms, with and without the
    /// fragment, each also with NFC (with the `unicode` feature).
    fn normalizers(steps: &[Steps]) -> Vec<Normalizer<'static>> {
        let mut ns = Vec::new();
        for &st in steps {
            for form in [Form::Iri, Form::Uri] {
                for frag in [false, true] {
                    let n = Normalizer::syntax()
                        .steps(st)
                        .form(form)
                        .ignore_fragment(frag);
                    ns.push(n);
                    #[cfg(feature = "unicode")]
                    ns.push(n.nfc());
                }
            }
        }
        ns
    }

    /// References for the check the parse makes on the way (`parse_marked`): short and long
    /// ones (the marks cover 1 to 128 bytes, in blocks of 16 and 32) with, at every place,
    /// a byte the check looks for (`.`, `/.`, an upper-case letter) or one that stops the
    /// marks (`%`, `@`, a non-ASCII character outside the common ranges).
    fn marked_inputs() -> Vec<String> {
        let bases = [
            "http://example.org/a/b?c=d#e",
            "s:x",
            "//h/p",
            "a/b",
            "http://www.example.org.example.org/path/to/it?q=1#frag",
            "https://www.some-long-host-name.example.org/a/long/path/with/segments/x?y=z#w",
            "http://h/\u{E9}t\u{E9}/\u{3042}",
        ];
        let inserts = [
            ".", "/.", "/..", "./", "A", "Z", "%41", "%7e", "@", "\u{200B}", ":",
        ];
        let mut all: Vec<String> = Vec::new();
        for base in bases {
            let base = String::from(base);
            all.push(base.clone());
            for (k, _) in base.char_indices() {
                for ins in inserts {
                    all.push(format!("{}{ins}{}", &base[..k], &base[k..]));
                }
            }
            // Lengths where the marks' blocks meet.
            for len in [15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129] {
                let mut t = base.clone();
                while t.len() < len {
                    t.push_str("/a");
                }
                let mut cut = len;
                while !t.is_char_boundary(cut) {
                    cut -= 1;
                }
                t.truncate(cut);
                all.push(t.clone());
                all.push(format!("{t}/."));
                all.push(t.to_ascii_uppercase());
            }
        }
        all
    }

    /// What the parse finds of the one-pass check is what the check itself finds, and the
    /// parse is the plain parse.
    #[test]
    fn parse_marked_finds_the_normal_marks() {
        let mut marked = 0;
        for s in marked_inputs() {
            let plain = crate::parser::parse(&s, crate::Kind::IriReference);
            let got = crate::parser::parse_marked(&s, crate::Kind::IriReference);
            match (plain, got) {
                (Ok(p), Ok((q, known))) => {
                    assert_eq!(p, q, "{s:?}");
                    if let Some(m) = known {
                        let want = scan::normal_marks(s.as_bytes(), p.auth_end as usize);
                        assert_eq!(m, want, "{s:?}");
                        marked += 1;
                    }
                }
                (Err(e), Err(f)) => assert_eq!(e, f, "{s:?}"),
                (a, b) => panic!("{s:?}: {a:?} against {b:?}"),
            }
        }
        assert!(marked > 500, "{marked} parses gave the marks");
    }

    /// `Normalizer::normalize_str` is the parse and then `Normalizer::normalize`: the same
    /// text, positions and borrowing, or the same error, under every set of steps, both
    /// forms, with and without the fragment, NFC and the scheme rules.
    #[test]
    fn normalize_str_is_parse_then_normalize() {
        let steps = [
            Steps::NONE,
            Steps::CASE,
            Steps::PERCENT,
            Steps::DOT_SEGMENTS,
            Steps::SYNTAX,
        ];
        let mut ns = normalizers(&steps);
        ns.push(Normalizer::scheme());
        let mut borrowed = 0;
        for s in marked_inputs() {
            let parsed = crate::IriRef::parse(s.as_str());
            for n in &ns {
                match (&parsed, n.normalize_str(&s)) {
                    (Ok(r), Ok(got)) => {
                        let want = n.normalize(r);
                        assert_eq!(got.as_str(), want.as_str(), "{s:?} {n:?}");
                        assert_eq!(got.positions(), want.positions(), "{s:?} {n:?}");
                        let (got, want) = (got.into_inner(), want.into_inner());
                        let both = matches!(
                            (&got, &want),
                            (Cow::Borrowed(_), Cow::Borrowed(_)) | (Cow::Owned(_), Cow::Owned(_))
                        );
                        assert!(both, "{s:?} {n:?}: {got:?} against {want:?}");
                        borrowed += usize::from(matches!(got, Cow::Borrowed(_)));
                    }
                    (Err(e), Err(f)) => assert_eq!(e, &f, "{s:?}"),
                    (a, b) => panic!("{s:?}: {a:?} against {b:?}"),
                }
            }
        }
        assert!(borrowed > 1000, "{borrowed} borrowed answers");
    }

    /// The fast check must say "unchanged" exactly when writing gives the input back, for
    /// every combination of steps, both forms and with or without the fragment (own).
    #[test]
    fn unchanged_agrees_with_writing() {
        let inputs = [
            "http://example.org/a/b?c=d#e",
            "HTTP://example.org/",
            "http://Example.org/",
            "http://a%2Fb.com/",
            "http://a%2fb.com/",
            "http://A%2Fb.com/",
            "http://[::1]/",
            "http://[::A]/",
            "http://[vF.x]/",
            "http://u%7E@h/",
            "http://U@h/",
            "http://h/%7e",
            "http://h/%7E",
            "http://h/%2F",
            "http://h/%2f",
            "http://h/%C3%A9",
            "http://h/%c3%a9",
            "http://h/%C3",
            "http://h/%E2%80%8F",
            "http://h/%e2%80%8f",
            "http://h/?%EE%80%80",
            "http://h/%EE%80%80",
            "http://h/#%EE%80%80",
            "http://h/?q#%C3%A9",
            "http://h/%E2%C3%A9",
            "http://h/a/./b",
            "http://h/a/../b",
            "http://h/a/.b/c..",
            "a/./b",
            "./a:b",
            "//h/p",
            "//H/p",
            "foo:a/../b",
            "http://例え.テスト/パス?q#f",
            "http://例え.Tテスト/",
            "http://h/é#f",
            "urn:isbn:0451450523",
            "",
            "#",
            "?",
            "http://h:80/",
            "http://h:/",
            // Marks past the first 16 bytes, and marks that change nothing.
            "http://www.example.org.example/a/b/c?d=e#f",
            "http://www.example.org.EXAMPLE/a/b/c?d=e#f",
            "http://user:PASSWORD@www.example.org/a/b/c",
            "http://www.example.org/Some/Path/Upper?Q=A",
            "http://www.example.org/.well-known/a/..b/c.",
            "http://www.example.org/some/long/path/./x",
            "http://www.example.org/some/long/path/..",
            "http://www.example.org/some/long/path/%2e",
            "http://www.example.org/some/long/path/%41",
            "http://www.example.org/some/long/path?%5b",
            "foo:.",
            "foo:./a",
            "foo:.a/b",
            "HTTP://h",
        ];
        let steps = [
            Steps::NONE,
            Steps::CASE,
            Steps::PERCENT,
            Steps::DOT_SEGMENTS,
            Steps::CASE | Steps::PERCENT,
            Steps::CASE | Steps::DOT_SEGMENTS,
            Steps::PERCENT | Steps::DOT_SEGMENTS,
            Steps::SYNTAX,
        ];
        let ns = normalizers(&steps);
        let mut checked = 0;
        for s in inputs {
            let p = crate::parser::parse(s, crate::Kind::IriReference).unwrap();
            for n in &ns {
                let mut out = String::new();
                n.write(s, p, &mut out);
                let same = out == s;
                let fast = n.unchanged(s, p);
                // NFC of non-ASCII text is left to the writing path.
                if n.chars == Chars::AsIs || s.is_ascii() {
                    assert_eq!(fast, same, "{s} {n:?}");
                } else {
                    assert!(!fast || same, "{s}");
                }
                checked += 1;
            }
        }
        assert!(checked > 1000);
    }
}
