//! The one splitter of a reference into its components by their delimiters: RFC 3986 §3 and
//! Appendix B for scheme, authority, path, query and fragment, then §3.2 for the userinfo,
//! host and port of the authority (§3.2.1, §3.2.2, §3.2.3).
//!
//! It validates nothing, so it takes any string: the types use its authority step on the
//! authority the parser found (the other components come from the parser's recorded
//! positions), and [`lint`](crate::lint), the viewer and [`extract`](crate::extract) use the
//! whole of it, on strings that may not parse. On every valid reference it finds exactly the
//! components the parser finds; on an invalid one it finds them as the parser reads them, so
//! the component of a parse error's position is the component this split puts it in.
//!
//! The rules, with the reasons for the choices Appendix B leaves open on strings that are
//! not references (which `@` ends the userinfo, what a scheme is), are on [`Components`].

use core::fmt;
use core::ops::Range;

use crate::error::Component;

/// A reference cut into its components by their delimiters (RFC 3986 §3, Appendix B, and
/// §3.2 for the authority), for any string, valid or not.
///
/// On a valid reference the components are those of the parsed types ([`IriRef::userinfo`],
/// [`IriRef::host_str`], …); on an invalid one they are found as the parser reads them, so
/// that a parse error's offset lies in the component the error names. Every component is a
/// slice of the input, and the components with their delimiters (`:` after the scheme, `//`
/// before the authority, `@` after the userinfo, `:` before the port, `?` before the query,
/// `#` before the fragment) give back the input.
///
/// [`IriRef::userinfo`]: crate::IriRef::userinfo
/// [`IriRef::host_str`]: crate::IriRef::host_str
///
/// ```
/// use iri::{Component, Components};
///
/// let c = Components::split("http://user@[::1]:8080/a?b?c#d?e");
/// assert_eq!(c.scheme(), Some("http"));
/// assert_eq!(c.authority(), Some("user@[::1]:8080"));
/// assert_eq!(c.userinfo(), Some("user"));
/// assert_eq!(c.host_str(), Some("[::1]"));
/// assert_eq!(c.port(), Some("8080"));
/// assert_eq!(c.path(), "/a");
/// assert_eq!(c.query(), Some("b?c"));
/// assert_eq!(c.fragment(), Some("d?e"));
/// assert_eq!(c.span(Component::Port), Some(18..22));
///
/// // Not a valid reference: the first '@' ends the userinfo, as for the parser, whose
/// // error (the second '@') then lies in the host.
/// let c = Components::split("http://a@b@c/");
/// assert_eq!((c.userinfo(), c.host_str()), (Some("a"), Some("b@c")));
/// let e = iri::IriRef::parse("http://a@b@c/").unwrap_err();
/// assert_eq!((e.component(), e.offset()), (Component::Host, 10));
/// assert!(c.span(Component::Host).unwrap().contains(&e.offset()));
/// ```
///
/// # Rules
///
/// Appendix B reads `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, with two
/// readings made precise for strings that are not references:
///
/// - The scheme is taken only when it is one by §3.1 (`ALPHA *( ALPHA / DIGIT / "+" / "-" /
///   "." )`): `1a:b` and `a b:c` have no scheme but a path, as the parser reads them (a
///   relative reference whose first segment holds `:`). On a valid reference the two rules
///   agree, since a relative reference has no `:` before its first `/`, `?` or `#`.
/// - The userinfo ends at the **first** `@` of the authority. In a valid reference there is at
///   most one, since neither a host nor a port may hold `@`; in `http://a@b@c/` the parser
///   ends the userinfo at the first and reports the second as a character the host does not
///   allow, so the host here is `b@c`, holding the error. An authority that starts with `[`
///   has no userinfo (`[` is not allowed in one): it starts with an IP literal, as for the
///   parser.
///
/// After the userinfo, a host that starts with `[` is an IP literal, which ends at the first
/// `]` (the `:` of an IPv6 address is not the port's); anything after that `]` other than
/// `:port` belongs to the (broken) host. Any other host ends at the first `:`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Components<'a> {
    text: &'a str,
    /// The `:` after the scheme.
    scheme_end: Option<usize>,
    /// The authority, after `//`.
    authority: Option<(usize, usize)>,
    /// The `@` after the userinfo.
    userinfo_end: Option<usize>,
    /// Where the host ends: the port's `:`, or the authority's end.
    host_end: usize,
    /// The path (possibly empty).
    path: (usize, usize),
    /// Where the query ends, when there is one (`?`).
    query_end: Option<usize>,
}

impl<'a> Components<'a> {
    /// Cuts `text` into its components, by the rules of the [type](Components) docs. Linear
    /// in the length, and it never fails.
    ///
    /// ```
    /// let c = iri::Components::split("a b/c?d");
    /// assert_eq!((c.scheme(), c.path(), c.query()), (None, "a b/c", Some("d")));
    /// ```
    pub fn split(text: &'a str) -> Self {
        let b = text.as_bytes();
        let scheme_end = scheme_end(b);
        let mut i = scheme_end.map_or(0, |e| e + 1);
        let (mut authority, mut userinfo_end, mut host_end) = (None, None, 0);
        if b[i..].starts_with(b"//") {
            let start = i + 2;
            let end = find(b, start, |c| matches!(c, b'/' | b'?' | b'#'));
            let (at, host) = authority_bounds(&text[start..end]);
            authority = Some((start, end));
            userinfo_end = at.map(|at| start + at);
            host_end = start + host;
            i = end;
        }
        let path_end = find(b, i, |c| matches!(c, b'?' | b'#'));
        let query_end =
            (b.get(path_end) == Some(&b'?')).then(|| find(b, path_end + 1, |c| c == b'#'));
        Components {
            text,
            scheme_end,
            authority,
            userinfo_end,
            host_end,
            path: (i, path_end),
            query_end,
        }
    }

    /// The text that was split.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("a:b").as_str(), "a:b");
    /// ```
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// The byte range of `component` in the text, if it is present (the path always is,
    /// possibly empty; the host is whenever there is an authority). Delimiters are not part
    /// of any component.
    ///
    /// ```
    /// use iri::{Component, Components};
    /// let c = Components::split("s://h/p#f");
    /// assert_eq!(c.span(Component::Host), Some(4..5));
    /// assert_eq!(c.span(Component::Path), Some(5..7));
    /// assert_eq!(c.span(Component::Query), None);
    /// assert_eq!(c.span(Component::Fragment), Some(8..9));
    /// ```
    pub fn span(&self, component: Component) -> Option<Range<usize>> {
        match component {
            Component::Scheme => self.scheme_end.map(|e| 0..e),
            Component::Userinfo => {
                let (start, _) = self.authority?;
                self.userinfo_end.map(|at| start..at)
            }
            Component::Host => {
                let (start, _) = self.authority?;
                Some(self.userinfo_end.map_or(start, |at| at + 1)..self.host_end)
            }
            Component::Port => {
                let (_, end) = self.authority?;
                (self.host_end < end).then(|| self.host_end + 1..end)
            }
            Component::Path => Some(self.path.0..self.path.1),
            Component::Query => self.query_end.map(|e| self.path.1 + 1..e),
            Component::Fragment => {
                let q = self.query_end.unwrap_or(self.path.1);
                (q < self.text.len()).then(|| q + 1..self.text.len())
            }
        }
    }

    fn get(&self, component: Component) -> Option<&'a str> {
        self.span(component).map(|r| &self.text[r])
    }

    /// The scheme (before the first `:`, when it is one by RFC 3986 §3.1).
    ///
    /// ```
    /// assert_eq!(iri::Components::split("urn:a:b").scheme(), Some("urn"));
    /// assert_eq!(iri::Components::split("1a:b").scheme(), None);
    /// ```
    pub fn scheme(&self) -> Option<&'a str> {
        self.get(Component::Scheme)
    }

    /// The authority (after `//`, up to `/`, `?`, `#` or the end), if there is one.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("//u@h:1?q").authority(), Some("u@h:1"));
    /// assert_eq!(iri::Components::split("s:/p").authority(), None);
    /// ```
    pub fn authority(&self) -> Option<&'a str> {
        self.authority.map(|(s, e)| &self.text[s..e])
    }

    /// The userinfo (before the authority's first `@`), if there is one.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("//a:b@h").userinfo(), Some("a:b"));
    /// ```
    pub fn userinfo(&self) -> Option<&'a str> {
        self.get(Component::Userinfo)
    }

    /// The host (an IP literal with its brackets), if there is an authority.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("//[v1.x]:8").host_str(), Some("[v1.x]"));
    /// assert_eq!(iri::Components::split("file:///p").host_str(), Some(""));
    /// ```
    pub fn host_str(&self) -> Option<&'a str> {
        self.get(Component::Host)
    }

    /// The port (after the host's `:`, possibly empty), if there is one.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("//h:").port(), Some(""));
    /// assert_eq!(iri::Components::split("//h").port(), None);
    /// ```
    pub fn port(&self) -> Option<&'a str> {
        self.get(Component::Port)
    }

    /// The path (possibly empty).
    ///
    /// ```
    /// assert_eq!(iri::Components::split("s://h/a/b?q").path(), "/a/b");
    /// assert_eq!(iri::Components::split("#f").path(), "");
    /// ```
    pub fn path(&self) -> &'a str {
        &self.text[self.path.0..self.path.1]
    }

    /// The query (after the first `?`, up to `#`), if there is one.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("p?").query(), Some(""));
    /// assert_eq!(iri::Components::split("p#?").query(), None);
    /// ```
    pub fn query(&self) -> Option<&'a str> {
        self.get(Component::Query)
    }

    /// The fragment (after the first `#`), if there is one.
    ///
    /// ```
    /// assert_eq!(iri::Components::split("#").fragment(), Some(""));
    /// assert_eq!(iri::Components::split("p#a#b").fragment(), Some("a#b"));
    /// ```
    pub fn fragment(&self) -> Option<&'a str> {
        self.get(Component::Fragment)
    }
}

impl fmt::Debug for Components<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Components")
            .field("scheme", &self.scheme())
            .field("userinfo", &self.userinfo())
            .field("host", &self.host_str())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// The first index from `from` whose byte `stop` accepts, or the length.
#[inline]
fn find(b: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    b[from..]
        .iter()
        .position(|&c| stop(c))
        .map_or(b.len(), |p| from + p)
}

/// The `:` that ends a scheme (RFC 3986 §3.1: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`)
/// at the start of `b`, if there is one.
fn scheme_end(b: &[u8]) -> Option<usize> {
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let n = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[n] == b':').then_some(n)
}

/// The parts of an authority `a` (RFC 3986 §3.2): the index of the `@` that ends the
/// userinfo, if any, and where the host ends (the index of the port's `:`, or the length).
/// The host starts after the `@`, or at 0. The rules are on [`Components`].
#[inline]
pub(crate) fn authority_bounds(a: &str) -> (Option<usize>, usize) {
    // '@' cannot occur in a host or port: the first one ends the userinfo. '[' cannot occur
    // in a userinfo: an authority that starts with it starts with an IP literal.
    let at = if a.starts_with('[') {
        None
    } else {
        a.find('@')
    };
    let host_start = at.map_or(0, |i| i + 1);
    let hp = &a[host_start..];
    let host_len = if hp.starts_with('[') {
        // An IP literal ends at its ']'; what follows is ":port", or a broken host.
        match hp.find(']') {
            Some(i) if matches!(hp.as_bytes().get(i + 1), None | Some(b':')) => i + 1,
            _ => hp.len(),
        }
    } else {
        // ':' cannot occur in a reg-name or an IPv4 address.
        hp.find(':').unwrap_or(hp.len())
    };
    (at, host_start + host_len)
}

/// Splits an authority into `(userinfo, host, port)` by [`authority_bounds`].
#[inline]
pub(crate) fn split_authority(a: &str) -> (Option<&str>, &str, Option<&str>) {
    let (at, host_end) = authority_bounds(a);
    let host_start = at.map_or(0, |i| i + 1);
    let port = (host_end < a.len()).then(|| &a[host_end + 1..]);
    (at.map(|i| &a[..i]), &a[host_start..host_end], port)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn authority_rules() {
        // (authority, userinfo, host, port)
        let table: &[(&str, Option<&str>, &str, Option<&str>)] = &[
            ("", None, "", None),
            ("h", None, "h", None),
            ("u@h:1", Some("u"), "h", Some("1")),
            ("u:p@h", Some("u:p"), "h", None),
            ("@", Some(""), "", None),
            ("h:", None, "h", Some("")),
            ("a@b@c", Some("a"), "b@c", None),
            ("a@b:c@d", Some("a"), "b", Some("c@d")),
            ("[::1]", None, "[::1]", None),
            ("[::1]:8", None, "[::1]", Some("8")),
            ("u@[::1]:", Some("u"), "[::1]", Some("")),
            ("[::1]@x", None, "[::1]@x", None),
            ("[::1]x:8", None, "[::1]x:8", None),
            ("[::1", None, "[::1", None),
            ("a:b:c", None, "a", Some("b:c")),
        ];
        for &(a, u, h, p) in table {
            assert_eq!(split_authority(a), (u, h, p), "{a:?}");
        }
    }

    #[test]
    fn schemes_follow_section_3_1() {
        for (s, want) in [
            ("a:", Some(1)),
            ("A+.-1:x", Some(5)),
            ("", None),
            (":a", None),
            ("1a:b", None),
            ("a b:c", None),
            ("é:x", None),
            ("a/b:c", None),
            ("ab", None),
        ] {
            assert_eq!(scheme_end(s.as_bytes()), want, "{s:?}");
        }
    }
}
