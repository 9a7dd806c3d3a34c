//! The public entry points of reference resolution (RFC 3986 §5.2, for IRIs by RFC 3987
//! §6.5) and relativization on [`Iri`] and [`Uri`], and `remove_dot_segments` (§5.2.4) on its
//! own: each hands its texts and component positions to the algorithm in `resolve.rs` (or
//! the search in `relativize.rs`) and wraps what comes back.

use alloc::string::String;

use super::relativize::{relativize, RelativizeError};
use super::{remove_dot_segments_into, resolve_parts};
use crate::{Iri, IriRef, Uri, UriRef};

/// The dot-segment removal of RFC 3986 §5.2.4 on its own.
///
/// ```
/// use iri::remove_dot_segments;
/// // The two examples of RFC 3986 §5.2.4.
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// assert_eq!(remove_dot_segments("/δ/./ε/../ζ"), "/δ/ζ");
/// ```
pub fn remove_dot_segments(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    remove_dot_segments_into::<false>(&mut out, None, path);
    out
}

impl<T: AsRef<str>> Iri<T> {
    /// Resolves a reference against this IRI as base (RFC 3986 §5.2, strict), returning a
    /// new IRI. The base's fragment is ignored; the result keeps the reference's.
    ///
    /// ```
    /// use iri::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let r = IriRef::parse("../g?y#s").unwrap();
    /// assert_eq!(base.resolve(&r), "http://a/b/g?y#s");
    ///
    /// let base = Iri::parse("http://例え.テスト/δ/ε").unwrap();
    /// assert_eq!(base.resolve(&IriRef::parse("ζ/../η").unwrap()), "http://例え.テスト/δ/η");
    /// ```
    pub fn resolve<U: AsRef<str>>(&self, reference: &IriRef<U>) -> Iri<String> {
        let mut out = String::new();
        let pos = resolve_parts(
            self.as_str(),
            self.positions(),
            reference.as_str(),
            reference.positions(),
            &mut out,
        );
        Iri::from_parts(out, pos)
    }

    /// Resolves a reference into `buf` (cleared first) and returns a view of it. A loop that
    /// reuses one buffer allocates nothing once the buffer has grown to fit.
    ///
    /// ```
    /// use iri::{Iri, IriRef};
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// for (r, want) in [("g", "http://a/b/c/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y")] {
    ///     let out = base.resolve_into(&IriRef::parse(r).unwrap(), &mut buf);
    ///     assert_eq!(out, want);
    /// }
    /// ```
    pub fn resolve_into<'b, U: AsRef<str>>(
        &self,
        reference: &IriRef<U>,
        buf: &'b mut String,
    ) -> Iri<&'b str> {
        buf.clear();
        let pos = resolve_parts(
            self.as_str(),
            self.positions(),
            reference.as_str(),
            reference.positions(),
            buf,
        );
        Iri::from_parts(buf.as_str(), pos)
    }

    /// The shortest reference that resolves against this base to `target`:
    /// `base.resolve(&base.relativize(&t)?) == t` for every pair where it succeeds.
    ///
    /// The candidates, shortest chosen: the empty reference, `#fragment`, `?query…`, a
    /// relative path (`g`, `../g`, `.`, `..`, `./a:b`), an absolute path, a network-path
    /// reference (`//authority/…`) and the whole target. Each candidate is checked by
    /// resolving it, so the law holds by construction (the end of its path that resolution
    /// copies as it is, and its query and fragment, are compared rather than copied: a long
    /// target takes the candidate's memory, not twice that).
    ///
    /// Fails when no reference reaches the target: resolution removes dot segments from every
    /// path it builds, so a target whose path holds `.` or `..` segments is reachable only if
    /// the base has that very path.
    ///
    /// ```
    /// use iri::Iri;
    /// let base = Iri::parse("http://a/b/c/d;p?q").unwrap();
    /// let rel = |t| base.relativize(&Iri::parse(t).unwrap()).unwrap().into_inner();
    /// assert_eq!(rel("http://a/b/c/g"), "g");
    /// assert_eq!(rel("http://a/b/"), "..");
    /// assert_eq!(rel("http://a/g"), "/g");
    /// assert_eq!(rel("http://a/b/c/d;p?q#s"), "#s");
    /// assert_eq!(rel("https://a/g"), "https://a/g");
    /// assert!(base.relativize(&Iri::parse("http://a/b/../c").unwrap()).is_err());
    /// ```
    pub fn relativize<U: AsRef<str>>(
        &self,
        target: &Iri<U>,
    ) -> Result<IriRef<String>, RelativizeError> {
        relativize(self.as_borrowed(), target.as_borrowed())
    }
}

impl<T: AsRef<str>> Uri<T> {
    /// Resolves a URI reference against this URI (RFC 3986 §5.2, strict); see
    /// [`Iri::resolve`].
    ///
    /// ```
    /// use iri::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// assert_eq!(base.resolve(&UriRef::parse("../../g").unwrap()), "http://a/g");
    /// ```
    pub fn resolve<U: AsRef<str>>(&self, reference: &UriRef<U>) -> Uri<String> {
        // URI in, URI out: resolution adds no character that was not in its inputs.
        let t = self.as_iri().resolve(&reference.as_iri_ref());
        let pos = t.positions();
        Uri::from_parts(t.into_inner(), pos)
    }

    /// Resolves a URI reference into `buf` (cleared first); see [`Iri::resolve_into`].
    ///
    /// ```
    /// use iri::{Uri, UriRef};
    /// let base = Uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let mut buf = String::new();
    /// assert_eq!(base.resolve_into(&UriRef::parse("g;x=1/../y").unwrap(), &mut buf), "http://a/b/c/y");
    /// ```
    pub fn resolve_into<'b, U: AsRef<str>>(
        &self,
        reference: &UriRef<U>,
        buf: &'b mut String,
    ) -> Uri<&'b str> {
        let pos = self
            .as_iri()
            .resolve_into(&reference.as_iri_ref(), buf)
            .positions();
        let buf: &'b String = buf;
        Uri::from_parts(buf.as_str(), pos)
    }

    /// The shortest URI reference that resolves against this base to `target`; see
    /// [`Iri::relativize`].
    ///
    /// ```
    /// use iri::Uri;
    /// let base = Uri::parse("http://a/b/c/d").unwrap();
    /// assert_eq!(base.relativize(&Uri::parse("http://a/b/x").unwrap()).unwrap(), "../x");
    /// ```
    pub fn relativize<U: AsRef<str>>(
        &self,
        target: &Uri<U>,
    ) -> Result<UriRef<String>, RelativizeError> {
        let r = relativize(self.as_iri(), target.as_iri())?;
        let pos = r.positions();
        Ok(UriRef::from_parts(r.into_inner(), pos))
    }
}
