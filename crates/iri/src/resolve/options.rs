//! Resolution options beyond the literal algorithm of RFC 3986 §5.2.2, each one allowed by the
//! RFC's text, and the presets that group them.
//!
//! - **Base normalization** (RFC 3986 §5.2.1: "Normalization of the base URI, as described in
//!   Sections 6.2.2 and 6.2.3, is optional"): the dot segments of the base path are removed
//!   (§6.2.2.3) before the base is used, so that an empty reference, `?y` or `#s` does not
//!   carry them into the result, and a relative path merges with the normalized path.
//! - **Copied-path normalization** (RFC 3986 §5.2.4 applied where §5.2.2 copies the base
//!   path, which its text leaves as it is): for a reference without path (empty, `?y`, `#s`)
//!   the base path's dot segments are removed; a relative path merges with the base path as
//!   written. What oxiri, the resolver of Oxigraph, does.
//! - **Erratum 4789** (RFC 3986 §5.2.3, Held for Document Update): a base path whose last
//!   segment is `.` or `..` is a directory, so `merge` appends the reference to the whole
//!   base path and a `/` instead of dropping that last segment.
//! - **Encoded dots** (RFC 3986 §2.3 and §6.2.2.2, then §6.2.2.3): a segment that is `.` or
//!   `..` once its `%2E` (or `%2e`) triplets are decoded counts as a dot segment in
//!   `remove_dot_segments` (§5.2.4).
//!
//! The default, [`ResolveOptions::strict`], has none of them: resolution is then exactly
//! [`Iri::resolve`]. The other entry points take the strict code when no option is on, or
//! when the inputs hold nothing that an option changes (no dot segment in the base path, no
//! `%2E` in a path), and an option-aware walk of the RFC's algorithm otherwise.

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use super::{
    fix_double_slash, has_dot_segment, remove_dot_segments_into, resolve_parts, walk_segments,
    DotSegment,
};
use crate::buf::reserve;
use crate::parser::Positions;
use crate::scan::find_byte;
use crate::{Iri, IriRef, Uri, UriRef};

/// How references are resolved: the literal algorithm of RFC 3986 §5.2.2 (the default,
/// [`strict`](Self::strict)) or with the options that §5.2.1, §5.2.4, erratum 4789 and
/// §6.2.2.2 allow, alone or in the presets [`rdf`](Self::rdf) and
/// [`browser`](Self::browser). Each preset is named for the implementations and test suites
/// whose results it reproduces; `docs/conformance.md` shows it at 100% on them.
///
/// | preset | base normalization | copied-path normalization | erratum 4789 | encoded dots |
/// |---|---|---|---|---|
/// | `strict` (default) | no | no | no | no |
/// | `rdf` | no | yes | no | no |
/// | `browser` | yes | (yes) | yes | yes |
///
/// ```
/// use iri::{Iri, IriRef, ResolveOptions};
/// let base = Iri::parse("http://a/bb/ccc/./d;p?q").unwrap();
/// let r = IriRef::parse("?y").unwrap();
/// assert_eq!(base.resolve(&r), "http://a/bb/ccc/./d;p?y");
/// assert_eq!(base.resolve_with(&r, ResolveOptions::rdf()), "http://a/bb/ccc/d;p?y");
/// // The rdf preset merges with the base path as written: oxiri's result.
/// let base = Iri::parse("http://a/bb/ccc/..").unwrap();
/// let g = IriRef::parse("g").unwrap();
/// assert_eq!(base.resolve_with(&g, ResolveOptions::rdf()), "http://a/bb/ccc/g");
/// assert_eq!(base.resolve_with(&g, ResolveOptions::browser()), "http://a/bb/g");
///
/// let base = Iri::parse("scheme://a/b/c/d/e/f").unwrap();
/// let r = IriRef::parse("%2E%2E/g").unwrap();
/// assert_eq!(base.resolve_with(&r, ResolveOptions::rdf()), "scheme://a/b/c/d/e/%2E%2E/g");
/// assert_eq!(base.resolve_with(&r, ResolveOptions::browser()), "scheme://a/b/c/d/g");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ResolveOptions {
    base_normalize: bool,
    copied_path_normalize: bool,
    erratum_4789: bool,
    dot_encoded: bool,
}

impl ResolveOptions {
    /// The literal algorithm of RFC 3986 §5.2.2 to §5.2.4, no option on (the default):
    /// what [`Iri::resolve`] does.
    ///
    /// ```
    /// use iri::ResolveOptions;
    /// assert_eq!(ResolveOptions::strict(), ResolveOptions::default());
    /// assert!(ResolveOptions::strict().is_strict());
    /// ```
    pub const fn strict() -> Self {
        ResolveOptions {
            base_normalize: false,
            copied_path_normalize: false,
            erratum_4789: false,
            dot_encoded: false,
        }
    }

    /// What oxiri (the resolver of the Oxigraph RDF stack) does, and so what its 451
    /// resolution tests and the IRI resolution tests of the W3C RDF test suites (Turtle,
    /// TriG) expect: copied-path normalization alone. The dot segments of the base path go
    /// where the base path is copied into the result (an empty reference, `?y`, `#s`); a
    /// relative path merges with the base path as written (no base normalization, no
    /// erratum 4789); and `%2E` stays text, as RDF compares IRIs character by character
    /// (RDF 1.1 Concepts §3.2).
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/bb/ccc/..").unwrap();
    /// let rdf = ResolveOptions::rdf();
    /// assert_eq!(base.resolve_with(&IriRef::parse("?y").unwrap(), rdf), "http://a/bb/?y");
    /// assert_eq!(base.resolve_with(&IriRef::parse("g").unwrap(), rdf), "http://a/bb/ccc/g");
    /// ```
    pub const fn rdf() -> Self {
        ResolveOptions {
            base_normalize: false,
            copied_path_normalize: true,
            erratum_4789: false,
            dot_encoded: false,
        }
    }

    /// Browser-like resolution: base normalization, erratum 4789 and encoded dots. A
    /// browser parses its base before use, which removes the base's dot segments, and counts
    /// `%2e` as `.` in dot segments (the WHATWG URL Standard's path state); within RFC 3986
    /// the same results follow from §5.2.1, erratum 4789 and §6.2.2.2. It gives the path of
    /// every case of web-platform-tests' `urltestdata.json` that RFC 3986 decides
    /// (`docs/conformance.md`). Only the path is touched: none of the WHATWG Standard's other
    /// changes (host parsing, `\`, default ports) is made.
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/c").unwrap();
    /// let r = IriRef::parse("%2e%2e/g").unwrap();
    /// assert_eq!(base.resolve_with(&r, ResolveOptions::browser()), "http://a/g");
    /// ```
    pub const fn browser() -> Self {
        ResolveOptions {
            base_normalize: true,
            copied_path_normalize: false,
            erratum_4789: true,
            dot_encoded: true,
        }
    }

    /// Sets base normalization (RFC 3986 §5.2.1, by §6.2.2.3): the base path's dot segments
    /// are removed before use.
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/./c?q").unwrap();
    /// let opts = ResolveOptions::strict().base_normalize(true);
    /// assert_eq!(base.resolve_with(&IriRef::parse("").unwrap(), opts), "http://a/b/c?q");
    /// ```
    pub const fn base_normalize(mut self, yes: bool) -> Self {
        self.base_normalize = yes;
        self
    }

    /// Sets copied-path normalization: where RFC 3986 §5.2.2 copies the base path into the
    /// result (a reference without path: empty, `?y`, `#s`), its dot segments are removed
    /// (§5.2.4), as from every other path the algorithm builds; a relative path still
    /// merges with the base path as written. Base normalization does this and more.
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/./c/..").unwrap();
    /// let opts = ResolveOptions::strict().copied_path_normalize(true);
    /// assert_eq!(base.resolve_with(&IriRef::parse("#s").unwrap(), opts), "http://a/b/#s");
    /// assert_eq!(base.resolve_with(&IriRef::parse("g").unwrap(), opts), "http://a/b/c/g");
    /// ```
    pub const fn copied_path_normalize(mut self, yes: bool) -> Self {
        self.copied_path_normalize = yes;
        self
    }

    /// Sets erratum 4789 (RFC 3986 §5.2.3): a base path ending in a `.` or `..` segment
    /// merges as a directory.
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/..").unwrap();
    /// let opts = ResolveOptions::strict().erratum_4789(true);
    /// assert_eq!(base.resolve_with(&IriRef::parse("c").unwrap(), opts), "http://a/c");
    /// ```
    pub const fn erratum_4789(mut self, yes: bool) -> Self {
        self.erratum_4789 = yes;
        self
    }

    /// Sets encoded dots (RFC 3986 §2.3, §6.2.2.2): `%2E` and `%2e` count as `.` when
    /// deciding whether a segment is a dot segment. A dot segment is removed whole; other
    /// segments keep their `%2E` as written.
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/c/d").unwrap();
    /// let opts = ResolveOptions::strict().dot_encoded(true);
    /// assert_eq!(base.resolve_with(&IriRef::parse(".%2E/%2Ex").unwrap(), opts), "http://a/b/%2Ex");
    /// ```
    pub const fn dot_encoded(mut self, yes: bool) -> Self {
        self.dot_encoded = yes;
        self
    }

    /// Whether base normalization is on.
    ///
    /// ```
    /// assert!(iri::ResolveOptions::browser().is_base_normalize());
    /// assert!(!iri::ResolveOptions::rdf().is_base_normalize());
    /// ```
    pub const fn is_base_normalize(&self) -> bool {
        self.base_normalize
    }

    /// Whether copied-path normalization is on.
    ///
    /// ```
    /// assert!(iri::ResolveOptions::rdf().is_copied_path_normalize());
    /// ```
    pub const fn is_copied_path_normalize(&self) -> bool {
        self.copied_path_normalize
    }

    /// Whether erratum 4789 is on.
    ///
    /// ```
    /// assert!(iri::ResolveOptions::browser().is_erratum_4789());
    /// assert!(!iri::ResolveOptions::rdf().is_erratum_4789());
    /// ```
    pub const fn is_erratum_4789(&self) -> bool {
        self.erratum_4789
    }

    /// Whether encoded dots are on.
    ///
    /// ```
    /// assert!(!iri::ResolveOptions::rdf().is_dot_encoded());
    /// ```
    pub const fn is_dot_encoded(&self) -> bool {
        self.dot_encoded
    }

    /// Whether no option is on (RFC 3986 §5.2.2 as written).
    ///
    /// ```
    /// assert!(!iri::ResolveOptions::strict().dot_encoded(true).is_strict());
    /// ```
    pub const fn is_strict(&self) -> bool {
        !(self.base_normalize
            || self.copied_path_normalize
            || self.erratum_4789
            || self.dot_encoded)
    }

    /// The names of the presets, in the order of their table: `strict`, `rdf`, `browser`.
    ///
    /// ```
    /// use iri::ResolveOptions;
    /// for name in ResolveOptions::PRESET_NAMES {
    ///     assert_eq!(name.parse::<ResolveOptions>().unwrap().preset_name(), Some(name));
    /// }
    /// ```
    pub const PRESET_NAMES: [&'static str; 3] = ["strict", "rdf", "browser"];

    /// The name of the preset these options are, if they are one: `strict`, `rdf` or
    /// `browser`.
    ///
    /// ```
    /// use iri::ResolveOptions;
    /// assert_eq!(ResolveOptions::rdf().preset_name(), Some("rdf"));
    /// assert_eq!(ResolveOptions::strict().dot_encoded(true).preset_name(), None);
    /// ```
    pub fn preset_name(&self) -> Option<&'static str> {
        PRESETS
            .iter()
            .find(|(_, p)| p == self)
            .map(|(name, _)| *name)
    }

    /// Whether these options can give another result than the strict algorithm for these
    /// inputs; when not, the strict code gives the same result. Encoded dots matter only
    /// where a path in use holds `%2E`; the base path is in use only for a reference without
    /// scheme, authority or absolute path. For a reference without path, the result's path
    /// is the base path, which base normalization changes only when it holds a dot segment.
    /// For a relative path, `remove_dot_segments(merge(…))` is the same whether the base path
    /// was normalized or not, except when its last segment is a dot segment (then `merge`
    /// drops that segment, where the normalized path has already applied it): only then do
    /// base normalization and erratum 4789 change anything. (`options_follow_the_rfc_model`
    /// checks this against the RFC's words on every small input.)
    #[inline]
    fn changes(&self, bs: &str, bp: Positions, rs: &str, rp: Positions) -> bool {
        if self.dot_encoded {
            return self.changes_encoded(bs, bp, rs, rp);
        }
        // Offsets rather than slices: most inputs are decided by a byte or two.
        if rp.auth_end > 0 {
            return false;
        }
        let (from, to) = (bp.auth_end as usize, bp.path_end as usize);
        if rp.path_end == 0 {
            return self.normalizes_copied_path() && has_dot_segment(&bs[from..to]);
        }
        (self.base_normalize || self.erratum_4789)
            && rs.as_bytes()[0] != b'/'
            && ends_with_dot_segment(bs.as_bytes(), from, to)
    }

    /// Whether the base path copied for a reference without path loses its dot segments
    /// (base normalization does it too).
    #[inline]
    const fn normalizes_copied_path(&self) -> bool {
        self.base_normalize || self.copied_path_normalize
    }

    /// [`changes`](Self::changes) with encoded dots on.
    #[inline(never)]
    fn changes_encoded(&self, bs: &str, bp: Positions, rs: &str, rp: Positions) -> bool {
        let r_path = &rs[rp.auth_end as usize..rp.path_end as usize];
        if has_pct_2e(r_path) {
            return true;
        }
        if rp.auth_end > 0 || r_path.starts_with('/') {
            return false;
        }
        let (from, to) = (bp.auth_end as usize, bp.path_end as usize);
        let b_path = &bs[from..to];
        if r_path.is_empty() {
            return self.normalizes_copied_path()
                && (has_dot_segment(b_path) || has_pct_2e(b_path));
        }
        has_pct_2e(b_path)
            || ((self.base_normalize || self.erratum_4789)
                && ends_with_dot_segment(bs.as_bytes(), from, to))
    }
}

/// Whether the last segment of the path `b[from..to]` is `.` or `..`.
#[inline(always)]
fn ends_with_dot_segment(b: &[u8], from: usize, to: usize) -> bool {
    // A path that does not end in '.' (nearly every one) is decided by one byte.
    if to == from || b[to - 1] != b'.' {
        return false;
    }
    let seg_start = |k: usize| k == from || b[k - 1] == b'/';
    seg_start(to - 1) || (to - 1 > from && b[to - 2] == b'.' && seg_start(to - 2))
}

/// The presets by name.
const PRESETS: [(&str, ResolveOptions); 3] = [
    ("strict", ResolveOptions::strict()),
    ("rdf", ResolveOptions::rdf()),
    ("browser", ResolveOptions::browser()),
];

/// A preset name that is not `strict`, `rdf` or `browser`.
///
/// ```
/// let e = "html".parse::<iri::ResolveOptions>().unwrap_err();
/// assert_eq!(e.to_string(), "unknown resolution preset 'html' (expected strict, rdf or browser)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownPreset(String);

impl UnknownPreset {
    /// The kind of this failure, a stable kebab-case name (`"unknown-preset"`), as
    /// [`ErrorKind::as_str`](crate::ErrorKind::as_str) names the parse errors: what the command's
    /// JSON, the WebAssembly and the Python bindings report as `kind`.
    ///
    /// ```
    /// let e = "fast".parse::<iri::ResolveOptions>().unwrap_err();
    /// assert_eq!(e.kind(), "unknown-preset");
    /// ```
    pub fn kind(&self) -> &'static str {
        "unknown-preset"
    }
}

impl fmt::Display for UnknownPreset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown resolution preset '{}' (expected strict, rdf or browser)",
            self.0
        )
    }
}

impl core::error::Error for UnknownPreset {}

impl FromStr for ResolveOptions {
    type Err = UnknownPreset;

    /// A preset by name: `strict`, `rdf` or `browser` (ASCII case-insensitive).
    ///
    /// ```
    /// use iri::ResolveOptions;
    /// assert_eq!("RDF".parse::<ResolveOptions>(), Ok(ResolveOptions::rdf()));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PRESETS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s))
            .map(|(_, p)| *p)
            .ok_or_else(|| UnknownPreset(s.into()))
    }
}

/// Whether `s` holds `%2E` or `%2e`: each `%` is found eight bytes at a time (a window of
/// 17 bytes searched for the pair `%2` at once measured slower on the corpus).
#[inline]
fn has_pct_2e(s: &str) -> bool {
    let b = s.as_bytes();
    let mut from = 0;
    while let Some(k) = find_byte(b, from, b'%') {
        if b.get(k + 1) == Some(&b'2') && matches!(b.get(k + 2), Some(b'e' | b'E')) {
            return true;
        }
        from = k + 1;
    }
    false
}

/// [`has_pct_2e`], for its test.
#[cfg(test)]
pub(super) fn has_pct_2e_for_tests(s: &str) -> bool {
    has_pct_2e(s)
}

/// What kind of segment `seg` is: 0 for none, 1 for `.`, 2 for `..`; with `encoded`, each
/// `.` may also be written `%2E` or `%2e` (RFC 3986 §6.2.2.2).
#[inline]
pub(super) fn dot_kind(seg: &str, encoded: bool) -> u8 {
    match seg {
        "." => return 1,
        ".." => return 2,
        _ if !encoded || seg.len() < 3 => return 0,
        _ => {}
    }
    let b = seg.as_bytes();
    let (mut i, mut dots) = (0, 0u8);
    while i < b.len() {
        if b[i] == b'.' {
            i += 1;
        } else if b[i] == b'%'
            && b.get(i + 1) == Some(&b'2')
            && matches!(b.get(i + 2), Some(b'e' | b'E'))
        {
            i += 3;
        } else {
            return 0;
        }
        dots += 1;
        if dots > 2 {
            return 0;
        }
    }
    dots
}

/// The first segment of `segs` (segments separated by `/`) that is `.` or `..` once its
/// `%2E` are decoded: the search of the §5.2.4 walk with encoded dots, segment by segment.
#[inline(never)]
pub(super) fn first_encoded_dot_segment(segs: &str) -> Option<DotSegment> {
    let mut start = 0;
    loop {
        let end = find_byte(segs.as_bytes(), start, b'/').unwrap_or(segs.len());
        match dot_kind(&segs[start..end], true) {
            0 if end == segs.len() => return None,
            0 => start = end + 1,
            kind => {
                return Some(DotSegment {
                    start,
                    end,
                    up: kind == 2,
                })
            }
        }
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments` of `dir + "/" + path` (or `path` alone), appended
/// to `out`, with encoded dots as `encoded` says: the walk of the strict code.
fn walk(out: &mut String, dir: Option<&str>, path: &str, encoded: bool) {
    if encoded {
        remove_dot_segments_into::<true>(out, dir, path);
    } else {
        remove_dot_segments_into::<false>(out, dir, path);
    }
}

/// The pieces `/seg` of `remove_dot_segments` after its first segment, on the input
/// `"/" + segs`; `start` is where the output began.
fn pieces(out: &mut String, start: usize, segs: &str, encoded: bool) {
    if encoded {
        walk_segments::<true>(out, start, segs, true);
    } else {
        walk_segments::<false>(out, start, segs, true);
    }
}

/// Resolution with options: the strict code when `opts` change nothing for these inputs,
/// [`resolve_options_walk`] otherwise.
#[inline]
pub(crate) fn resolve_parts_with(
    bs: &str,
    bp: Positions,
    rs: &str,
    rp: Positions,
    opts: ResolveOptions,
    out: &mut String,
) -> Positions {
    if opts.is_strict() || !opts.changes(bs, bp, rs, rp) {
        return resolve_parts(bs, bp, rs, rp, out);
    }
    resolve_options_walk(bs, bp, rs, rp, opts, out).ascii_if(bp.known_ascii() && rp.known_ascii())
}

/// RFC 3986 §5.2.2 step by step, with the options: the result is written into `out` (which
/// the caller has cleared) component by component, its path by [`walk`] (or by copying
/// the base path, for a reference without path when the base is not normalized).
#[cold]
#[inline(never)]
pub(crate) fn resolve_options_walk(
    bs: &str,
    bp: Positions,
    rs: &str,
    rp: Positions,
    opts: ResolveOptions,
    out: &mut String,
) -> Positions {
    let enc = opts.dot_encoded;
    let start = out.len();
    reserve(out, bs.len() + rs.len() + 2);
    let (r_auth_end, r_path_end, r_query_end) = (
        rp.auth_end as usize,
        rp.path_end as usize,
        rp.query_end() as usize,
    );
    let r_path = &rs[r_auth_end..r_path_end];
    let (b_auth_end, b_path_end) = (bp.auth_end as usize, bp.path_end as usize);
    let b_path = &bs[b_auth_end..b_path_end];
    // T.query = R.query, except for a reference without authority, path or query.
    let mut query = &rs[r_path_end..r_query_end];
    let (scheme_end, auth_end) = if rp.auth_end > 0 {
        // R.scheme (or Base.scheme) and R.authority; T.path = remove_dot_segments(R.path).
        let k = if rp.scheme_end == 0 {
            out.push_str(&bs[..bp.scheme_end as usize]);
            bp.scheme_end
        } else {
            0
        };
        out.push_str(&rs[..r_auth_end]);
        let path_start = out.len();
        walk(out, None, r_path, enc);
        fix_double_slash(out, path_start, rp.auth_end > rp.scheme_end);
        (k + rp.scheme_end, k + rp.auth_end)
    } else {
        out.push_str(&bs[..b_auth_end]);
        let path_start = out.len();
        let has_auth = bp.auth_end > bp.scheme_end;
        if r_path.is_empty() {
            // T.path = Base.path (normalized when asked); T.query = Base.query unless R has one.
            if opts.normalizes_copied_path() {
                walk(out, None, b_path, enc);
            } else {
                out.push_str(b_path);
            }
            if r_query_end == r_path_end {
                query = &bs[b_path_end..bp.query_end() as usize];
            }
        } else if r_path.starts_with('/') {
            walk(out, None, r_path, enc);
        } else {
            merge_with(out, path_start, b_path, has_auth, r_path, opts);
        }
        fix_double_slash(out, path_start, has_auth);
        (bp.scheme_end, bp.auth_end)
    };
    let path_end = out.len() - start;
    out.push_str(query);
    let query_end = out.len() - start;
    out.push_str(&rs[r_query_end..]);
    Positions::new(scheme_end, auth_end, path_end as u32, query_end as u32)
}

/// T.path = remove_dot_segments(merge(Base.path, R.path)) (RFC 3986 §5.2.3, §5.2.4) for a
/// relative-path reference, written to `out` from `path_start` on, with the options: with
/// base normalization the base path is cleared of dot segments first (written to `out`,
/// then cut to its directory, which is then free of dot segments, so that only the
/// reference's segments are walked against it); with erratum 4789 a base path whose last
/// segment is a dot segment is a directory as a whole.
fn merge_with(
    out: &mut String,
    path_start: usize,
    b_path: &str,
    has_auth: bool,
    r_path: &str,
    opts: ResolveOptions,
) {
    let enc = opts.dot_encoded;
    if has_auth && b_path.is_empty() {
        // §5.2.3: "/" followed by the reference's path.
        return walk(out, Some(""), r_path, enc);
    }
    if opts.base_normalize {
        walk(out, None, b_path, enc);
        // The normalized path holds no dot segment, so its directory (up to its last '/')
        // goes to the output as it is and the reference's segments follow as pieces.
        match crate::scan::rfind_byte_in(out.as_bytes(), path_start, out.len(), b'/') {
            Some(q) => {
                out.truncate(q);
                pieces(out, path_start, r_path, enc);
            }
            None => {
                out.truncate(path_start);
                walk(out, None, r_path, enc);
            }
        }
        return;
    }
    let last = b_path.rsplit('/').next().unwrap_or("");
    let dir = if opts.erratum_4789 && dot_kind(last, enc) != 0 {
        // Erratum 4789: the whole base path is the directory.
        b_path
    } else {
        match b_path.rfind('/') {
            Some(q) => &b_path[..q],
            None => return walk(out, None, r_path, enc),
        }
    };
    walk(out, Some(dir), r_path, enc);
}

impl<T: AsRef<str>> Iri<T> {
    /// Resolves a reference against this IRI as base with `opts` (RFC 3986 §5.2 with the
    /// options of [`ResolveOptions`]); with [`ResolveOptions::strict`] the same as
    /// [`Iri::resolve`].
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/c/./d").unwrap();
    /// let r = IriRef::parse("#s").unwrap();
    /// assert_eq!(base.resolve_with(&r, ResolveOptions::strict()), "http://a/b/c/./d#s");
    /// assert_eq!(base.resolve_with(&r, ResolveOptions::rdf()), "http://a/b/c/d#s");
    /// ```
    pub fn resolve_with<U: AsRef<str>>(
        &self,
        reference: &IriRef<U>,
        opts: ResolveOptions,
    ) -> Iri<String> {
        let mut out = String::new();
        let pos = resolve_parts_with(
            self.as_str(),
            self.positions(),
            reference.as_str(),
            reference.positions(),
            opts,
            &mut out,
        );
        Iri::from_parts(out, pos)
    }

    /// Resolves a reference with `opts` into `buf` (cleared first) and returns a view of
    /// it; like [`Iri::resolve_into`], a loop that reuses one buffer allocates nothing once
    /// the buffer has grown to fit.
    ///
    /// ```
    /// use iri::{Iri, IriRef, ResolveOptions};
    /// let base = Iri::parse("http://a/b/c/d").unwrap();
    /// let mut buf = String::new();
    /// let r = IriRef::parse("%2E%2E/g").unwrap();
    /// assert_eq!(base.resolve_into_with(&r, ResolveOptions::browser(), &mut buf), "http://a/b/g");
    /// ```
    pub fn resolve_into_with<'b, U: AsRef<str>>(
        &self,
        reference: &IriRef<U>,
        opts: ResolveOptions,
        buf: &'b mut String,
    ) -> Iri<&'b str> {
        buf.clear();
        let pos = resolve_parts_with(
            self.as_str(),
            self.positions(),
            reference.as_str(),
            reference.positions(),
            opts,
            buf,
        );
        Iri::from_parts(buf.as_str(), pos)
    }
}

impl<T: AsRef<str>> Uri<T> {
    /// Resolves a URI reference against this URI with `opts`; see [`Iri::resolve_with`].
    ///
    /// ```
    /// use iri::{ResolveOptions, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/..").unwrap();
    /// let r = UriRef::parse("g").unwrap();
    /// assert_eq!(base.resolve_with(&r, ResolveOptions::rdf()), "http://a/b/c/g");
    /// assert_eq!(base.resolve_with(&r, ResolveOptions::browser()), "http://a/b/g");
    /// ```
    pub fn resolve_with<U: AsRef<str>>(
        &self,
        reference: &UriRef<U>,
        opts: ResolveOptions,
    ) -> Uri<String> {
        // URI in, URI out: resolution adds no character that was not in its inputs.
        let t = self.as_iri().resolve_with(&reference.as_iri_ref(), opts);
        let pos = t.positions();
        Uri::from_parts(t.into_inner(), pos)
    }

    /// Resolves a URI reference with `opts` into `buf` (cleared first); see
    /// [`Iri::resolve_into_with`].
    ///
    /// ```
    /// use iri::{ResolveOptions, Uri, UriRef};
    /// let base = Uri::parse("http://a/b/./c").unwrap();
    /// let mut buf = String::new();
    /// let r = UriRef::parse("?y").unwrap();
    /// assert_eq!(base.resolve_into_with(&r, ResolveOptions::rdf(), &mut buf), "http://a/b/c?y");
    /// ```
    pub fn resolve_into_with<'b, U: AsRef<str>>(
        &self,
        reference: &UriRef<U>,
        opts: ResolveOptions,
        buf: &'b mut String,
    ) -> Uri<&'b str> {
        let pos = self
            .as_iri()
            .resolve_into_with(&reference.as_iri_ref(), opts, buf)
            .positions();
        let buf: &'b String = buf;
        Uri::from_parts(buf.as_str(), pos)
    }
}
