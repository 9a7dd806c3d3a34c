//! Resolution against a *relative* base (an extension: RFC 3986 §5.1 requires the base to be
//! absolute, §5.2.1 "a base URI must be established"). XML Base and JSON-LD nest bases that
//! may each be relative, so a chain is resolved step by step before any absolute base is
//! known: `c/d` against `a/b` is `a/c/d`. Only on request ([`IriRef::resolve_relative_with`]);
//! [`Iri::resolve`] and the strict entry points keep requiring an absolute base.
//!
//! The rule is the algorithm of RFC 3986 §5.2.2 to §5.2.4 with the base's missing parts
//! absent, and one law: for every absolute `B`, resolving the result against `B` gives what
//! resolving the relative base against `B` and then the reference against that gives (for a
//! base whose last segment is no dot segment, where §5.2.3's `merge` keeps its meaning). A
//! relative-path base is put below a root of placeholder segments deep enough that no `..`
//! climbs out of it, resolved there, and each placeholder segment that a `..` took becomes a
//! leading `../` of the result: `baz` against `../foo/bar` is `../foo/baz`.

use alloc::string::String;

use super::options::resolve_parts_with;
use crate::parser::Positions;
use crate::{Iri, IriRef, ResolveOptions};

/// The placeholder segment: a control character, which no parsed reference holds.
const MARK: &str = "\u{1}";

impl<T: AsRef<str>> IriRef<T> {
    /// Resolves `reference` against this reference as base, which may be relative (no
    /// scheme): RFC 3986 §5.2 with `opts`, the base's missing scheme (and authority) left
    /// out of the result, and the `..` segments that climb above a relative-path base kept
    /// as leading `../`. With an absolute base, the same as [`Iri::resolve_with`].
    ///
    /// ```
    /// use iri::{IriRef, ResolveOptions};
    /// let rel = |b: &str, r: &str| {
    ///     let b = IriRef::parse(b).unwrap();
    ///     b.resolve_relative_with(&IriRef::parse(r).unwrap(), ResolveOptions::strict()).into_inner()
    /// };
    /// assert_eq!(rel("a/b", "c/d"), "a/c/d");
    /// assert_eq!(rel("../foo/bar", "baz"), "../foo/baz");
    /// assert_eq!(rel("a", "../../g"), "../../g");
    /// assert_eq!(rel("/foo/bar", ".."), "/");
    /// assert_eq!(rel("//h/p/q", "r?x"), "//h/p/r?x");
    /// assert_eq!(rel("a/b?q#f", "#s"), "a/b?q#s");
    /// // Copied-path normalization of `a/..` leaves its directory, written `.`.
    /// let b = IriRef::parse("a/..").unwrap();
    /// let opts = ResolveOptions::rdf();
    /// assert_eq!(b.resolve_relative_with(&IriRef::parse("").unwrap(), opts), ".");
    /// assert_eq!(rel("http://a/b/c", "../d"), "http://a/d");
    /// ```
    pub fn resolve_relative_with<U: AsRef<str>>(
        &self,
        reference: &IriRef<U>,
        opts: ResolveOptions,
    ) -> IriRef<String> {
        let (bs, bp) = (self.as_str(), self.positions());
        let (rs, rp) = (reference.as_str(), reference.positions());
        let mut out = String::new();
        if bp.scheme_end > 0 {
            let pos = resolve_parts_with(bs, bp, rs, rp, opts, &mut out);
            return Iri::from_parts(out, pos).into();
        }
        let has_auth = bp.auth_end > bp.scheme_end;
        let b_path = &bs[bp.auth_end as usize..bp.path_end as usize];
        let rooted = has_auth || b_path.starts_with('/');
        // Deep enough that no `..` of the base or the reference climbs out.
        let depth = if rooted {
            0
        } else {
            b_path.split('/').count() + rs.split('/').count()
        };
        let mut synth = String::from("x:");
        for _ in 0..depth {
            synth.push('/');
            synth.push_str(MARK);
        }
        if !rooted {
            synth.push('/');
        }
        let shift = synth.len() as u32;
        synth.push_str(bs);
        let auth_end = if has_auth { bp.auth_end + shift } else { 2 };
        let sp = Positions::new(2, auth_end, bp.path_end + shift, bp.query_end() + shift);
        let pos = resolve_parts_with(&synth, sp, rs, rp, opts, &mut out);
        if rp.scheme_end > 0 {
            return Iri::from_parts(out, pos).into();
        }
        let (path_from, path_to) = (pos.auth_end as usize, pos.path_end as usize);
        let head = String::from(&out[2..path_from]);
        let path = &out[path_from..path_to];
        let tail = &out[path_to..];
        let mut text = head;
        if rooted || rp.auth_end > 0 || (rp.path_end > 0 && rs.starts_with('/')) {
            text.push_str(path);
        } else {
            // Count the placeholder segments left in front; each one a `..` took is a `../`.
            let mut rest = path;
            let mut left = 0;
            while let Some(r) = rest.strip_prefix('/').and_then(|r| r.strip_prefix(MARK)) {
                if !(r.is_empty() || r.starts_with('/')) {
                    break;
                }
                rest = r;
                left += 1;
            }
            let rest = rest.strip_prefix('/').unwrap_or(rest);
            for _ in left..depth {
                text.push_str("../");
            }
            if left == depth {
                let first = rest.split('/').next().unwrap_or("");
                if rest.starts_with('/') || first.contains(':') {
                    text.push_str("./");
                } else if rest.is_empty() && (rp.path_end > 0 || !b_path.is_empty()) {
                    // The base's directory (an empty path would be the outer base itself).
                    text.push('.');
                }
            }
            text.push_str(rest);
        }
        text.push_str(tail);
        IriRef::parse(text).expect("a resolved reference is a reference")
    }
}
