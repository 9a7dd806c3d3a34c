//! Setters on owned values (`String` storage): each checks the new component as the builder
//! does (its rule of RFC 3987 §2.2 / RFC 3986 §3, and the combinations of §3.3 and §4.2),
//! then writes it in place in the text (the string grows only by what the result needs) and
//! moves the positions after it. On an error the value is unchanged.
//!
//! Also here: path segment editing (push, pop, replace) and the editing of a query's pairs
//! (`query.rs` reads them).

use alloc::string::String;

use super::encode::{encoded_len, push_encoded, Part};
use super::query::{form_of, PairSyntax, QueryPairs};
use super::{check, check_path_rules};
use crate::error::{Component, ErrorKind, ParseError};
use crate::iri::parts;
use crate::parser::Positions;
use crate::{Iri, IriRef, Kind, Uri, UriRef};

/// An owned text and its positions, being edited as a reference of grammar `kind`.
struct Edit<'a> {
    s: &'a mut String,
    p: &'a mut Positions,
    kind: Kind,
}

/// The four ends of [`Positions`]: scheme, authority, path, query.
type Ends = [usize; 4];

impl Edit<'_> {
    fn ends(&self) -> Ends {
        [
            self.p.scheme_end as usize,
            self.p.auth_end as usize,
            self.p.path_end as usize,
            self.p.query_end() as usize,
        ]
    }

    fn err(&self, kind: ErrorKind, comp: Component, at: usize) -> ParseError {
        ParseError::new(kind, self.kind, comp, at, None)
    }

    /// Fails when the text would grow past what the positions address.
    fn room(&self, removed: usize, added: usize) -> Result<(), ParseError> {
        let len = self.s.len() - removed + added;
        if len > Positions::MAX_LEN {
            return Err(self.err(ErrorKind::TooLong, Component::Scheme, len));
        }
        Ok(())
    }

    /// Replaces `start..end` by `pieces`, in place, and moves every end from `first` on by the
    /// change of length; the ends before `first` stay. `ascii` says whether the pieces are.
    fn splice(&mut self, start: usize, end: usize, pieces: &[&str], first: usize, ascii: bool) {
        let added: usize = pieces.iter().map(|t| t.len()).sum();
        let mut e = self.ends();
        let known_ascii = self.p.known_ascii() && ascii;
        self.s.reserve(added.saturating_sub(end - start));
        if start == end && end == self.s.len() {
            // At the end of the text: appended, nothing moves.
            for t in pieces {
                self.s.push_str(t);
            }
            for x in &mut e[first..] {
                *x += added;
            }
            self.set_ends(e, known_ascii);
            return;
        }
        match pieces {
            [] => self.s.replace_range(start..end, ""),
            [one] => self.s.replace_range(start..end, one),
            [head, rest @ ..] => {
                self.s.replace_range(start..end, head);
                let mut at = start + head.len();
                for t in rest {
                    self.s.insert_str(at, t);
                    at += t.len();
                }
            }
        }
        for x in &mut e[first..] {
            *x = *x + added - (end - start);
        }
        self.set_ends(e, known_ascii);
    }

    fn set_ends(&mut self, e: Ends, ascii: bool) {
        *self.p =
            Positions::new(e[0] as u32, e[1] as u32, e[2] as u32, e[3] as u32).ascii_if(ascii);
    }

    fn path(&self) -> &str {
        parts::path(self.s, self.p)
    }

    /// The userinfo, host and port ranges of the authority: `(userinfo, host, port)`, the
    /// userinfo's and port's without their `@` and `:`.
    fn authority_ranges(&self) -> Option<AuthorityRanges> {
        let a = parts::authority(self.s, self.p)?;
        let a0 = self.p.scheme_end as usize + 2;
        let (u, h, port) = parts::split_authority(a);
        let host_start = a0 + u.map_or(0, |u| u.len() + 1);
        let host_end = host_start + h.len();
        Some(AuthorityRanges {
            start: a0,
            userinfo: u.map(|u| (a0, a0 + u.len())),
            host: (host_start, host_end),
            port: port.map(|p| (host_end + 1, host_end + 1 + p.len())),
        })
    }

    fn set_scheme(&mut self, scheme: &str) -> Result<(), ParseError> {
        let ascii = check(Component::Scheme, scheme, 0, self.kind)?;
        let [scheme_end, ..] = self.ends();
        if scheme_end > 0 {
            self.room(scheme_end - 1, scheme.len())?;
            self.splice(0, scheme_end - 1, &[scheme], 0, ascii);
        } else {
            self.room(0, scheme.len() + 1)?;
            self.splice(0, 0, &[scheme, ":"], 0, ascii);
            let mut e = self.ends();
            e[0] = scheme.len() + 1;
            self.set_ends(e, self.p.known_ascii());
        }
        Ok(())
    }

    fn remove_scheme(&mut self) -> Result<(), ParseError> {
        let [scheme_end, auth_end, ..] = self.ends();
        if scheme_end == 0 {
            return Ok(());
        }
        let has_auth = auth_end > scheme_end;
        check_path_rules(
            self.path(),
            auth_end - scheme_end,
            false,
            has_auth,
            self.kind,
        )?;
        self.splice(0, scheme_end, &[], 0, true);
        let mut e = self.ends();
        e[0] = 0;
        self.set_ends(e, self.p.known_ascii());
        Ok(())
    }

    fn set_authority(&mut self, authority: Option<&str>) -> Result<(), ParseError> {
        let [scheme_end, auth_end, ..] = self.ends();
        let had = auth_end > scheme_end;
        let Some(a) = authority else {
            if had {
                check_path_rules(self.path(), scheme_end, scheme_end > 0, false, self.kind)?;
                self.splice(scheme_end, auth_end, &[], 1, true);
            }
            return Ok(());
        };
        let a0 = scheme_end + 2;
        let (u, h, port) = parts::split_authority(a);
        let mut ascii = true;
        let mut at = a0;
        if let Some(u) = u {
            ascii &= check(Component::Userinfo, u, at, self.kind)?;
            at += u.len() + 1;
        }
        ascii &= check(Component::Host, h, at, self.kind)?;
        at += h.len();
        if let Some(p) = port {
            check(Component::Port, p, at + 1, self.kind)?;
            at += p.len() + 1;
        }
        check_path_rules(self.path(), at, scheme_end > 0, true, self.kind)?;
        if had {
            self.room(auth_end - a0, a.len())?;
            self.splice(a0, auth_end, &[a], 1, ascii);
        } else {
            self.room(0, a.len() + 2)?;
            self.splice(scheme_end, scheme_end, &["//", a], 1, ascii);
        }
        Ok(())
    }

    fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), ParseError> {
        let Some(r) = self.authority_ranges() else {
            return match userinfo {
                None => Ok(()),
                Some(_) => Err(self.err(
                    ErrorKind::NoAuthority,
                    Component::Userinfo,
                    self.p.scheme_end as usize,
                )),
            };
        };
        match (userinfo, r.userinfo) {
            (None, None) => {}
            (None, Some((s, e))) => self.splice(s, e + 1, &[], 1, true),
            (Some(u), old) => {
                let ascii = check(Component::Userinfo, u, r.start, self.kind)?;
                match old {
                    Some((s, e)) => {
                        self.room(e - s, u.len())?;
                        self.splice(s, e, &[u], 1, ascii);
                    }
                    None => {
                        self.room(0, u.len() + 1)?;
                        self.splice(r.start, r.start, &[u, "@"], 1, ascii);
                    }
                }
            }
        }
        Ok(())
    }

    fn set_host(&mut self, host: &str) -> Result<(), ParseError> {
        match self.authority_ranges() {
            Some(r) => {
                let ascii = check(Component::Host, host, r.host.0, self.kind)?;
                self.room(r.host.1 - r.host.0, host.len())?;
                self.splice(r.host.0, r.host.1, &[host], 1, ascii);
            }
            None => {
                let scheme_end = self.p.scheme_end as usize;
                let ascii = check(Component::Host, host, scheme_end + 2, self.kind)?;
                let path_at = scheme_end + 2 + host.len();
                check_path_rules(self.path(), path_at, scheme_end > 0, true, self.kind)?;
                self.room(0, host.len() + 2)?;
                self.splice(scheme_end, scheme_end, &["//", host], 1, ascii);
            }
        }
        Ok(())
    }

    fn set_port(&mut self, port: Option<&str>) -> Result<(), ParseError> {
        let Some(r) = self.authority_ranges() else {
            return match port {
                None => Ok(()),
                Some(_) => Err(self.err(
                    ErrorKind::NoAuthority,
                    Component::Port,
                    self.p.scheme_end as usize,
                )),
            };
        };
        match (port, r.port) {
            (None, None) => {}
            (None, Some((s, e))) => self.splice(s - 1, e, &[], 1, true),
            (Some(p), old) => {
                check(Component::Port, p, r.host.1 + 1, self.kind)?;
                match old {
                    Some((s, e)) => {
                        self.room(e - s, p.len())?;
                        self.splice(s, e, &[p], 1, true);
                    }
                    None => {
                        self.room(0, p.len() + 1)?;
                        self.splice(r.host.1, r.host.1, &[":", p], 1, true);
                    }
                }
            }
        }
        Ok(())
    }

    fn set_path(&mut self, path: &str) -> Result<(), ParseError> {
        let [scheme_end, auth_end, path_end, _] = self.ends();
        let ascii = check(Component::Path, path, auth_end, self.kind)?;
        check_path_rules(
            path,
            auth_end,
            scheme_end > 0,
            auth_end > scheme_end,
            self.kind,
        )?;
        self.room(path_end - auth_end, path.len())?;
        self.splice(auth_end, path_end, &[path], 2, ascii);
        Ok(())
    }

    /// Checks a segment standing at byte `at`: the path's characters, without `/`.
    fn check_segment(&self, segment: &str, at: usize) -> Result<bool, ParseError> {
        if let Some(i) = segment.find('/') {
            return Err(ParseError::new(
                ErrorKind::InvalidChar,
                self.kind,
                Component::Path,
                at + i,
                Some('/'),
            ));
        }
        check(Component::Path, segment, at, self.kind)
    }

    /// What goes before a segment pushed at the end of the path: `/`, or nothing when the
    /// path ends with one or is empty without an authority.
    fn slash_before_push(&self) -> &'static str {
        let [scheme_end, auth_end, ..] = self.ends();
        let path = self.path();
        if path.ends_with('/') || (path.is_empty() && auth_end == scheme_end) {
            ""
        } else {
            "/"
        }
    }

    /// Whether a segment pushed now is the first of a relative path (no scheme, no authority,
    /// an empty path), which the rules of RFC 3986 §4.2 constrain.
    fn pushes_first_relative_segment(&self) -> bool {
        let [scheme_end, auth_end, path_end, _] = self.ends();
        scheme_end == 0 && auth_end == 0 && path_end == 0
    }

    fn push_segment(&mut self, segment: &str) -> Result<(), ParseError> {
        let path_end = self.p.path_end as usize;
        let slash = self.slash_before_push();
        let ascii = self.check_segment(segment, path_end + slash.len())?;
        if self.pushes_first_relative_segment() {
            check_path_rules(segment, path_end, false, false, self.kind)?;
        }
        self.room(0, slash.len() + segment.len())?;
        self.splice(path_end, path_end, &[slash, segment], 2, ascii);
        Ok(())
    }

    /// Pushes raw text as a segment, encoded ([`crate::encode::path_segment`]'s rule) straight
    /// into the text: appended at its end, then moved before the query and fragment (one move
    /// of them), with no string of its own.
    fn push_raw_segment(&mut self, raw: &str) -> Result<(), ParseError> {
        let form = form_of(self.kind.is_uri());
        if self.pushes_first_relative_segment() {
            // Its rules (no `:` before a `/`) are the checked push's.
            return self.push_segment(&super::encode::path_segment(raw, form));
        }
        let path_end = self.p.path_end as usize;
        let slash = self.slash_before_push();
        let len = slash.len() + encoded_len(raw, Part::Segment, form);
        self.room(0, len)?;
        let end = self.s.len();
        self.s.reserve(len);
        self.s.push_str(slash);
        push_encoded(self.s, raw, Part::Segment, form);
        let ascii = self.s[end..].is_ascii();
        if path_end < end {
            let mut bytes = core::mem::take(self.s).into_bytes();
            bytes[path_end..].rotate_right(len);
            // Whole characters moved past whole characters: still UTF-8.
            *self.s = String::from_utf8(bytes)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        }
        let mut e = self.ends();
        for x in &mut e[2..] {
            *x += len;
        }
        let known = self.p.known_ascii() && ascii;
        self.set_ends(e, known);
        Ok(())
    }

    fn pop_segment(&mut self) -> bool {
        let [_, auth_end, path_end, _] = self.ends();
        let path = self.path();
        if path.is_empty() {
            return false;
        }
        let cut = path.rfind('/').map_or(auth_end, |i| auth_end + i);
        self.splice(cut, path_end, &[], 2, true);
        true
    }

    fn set_segment(&mut self, index: usize, segment: &str) -> Result<bool, ParseError> {
        let [scheme_end, auth_end, path_end, _] = self.ends();
        let path = self.path();
        let rooted = path.starts_with('/');
        let Some((start, end)) = segment_range(path, index) else {
            return Ok(false);
        };
        if index == 0 && !rooted && segment.is_empty() {
            return Ok(false);
        }
        let (start, end) = (auth_end + start, auth_end + end);
        let ascii = self.check_segment(segment, start)?;
        let has_auth = auth_end > scheme_end;
        if index == 0 && !has_auth {
            // The first segment decides the rules of RFC 3986 §3.3 and §4.2.
            let mut head = String::new();
            if rooted {
                head.push('/');
            }
            head.push_str(segment);
            head.push_str(&self.s[end..path_end]);
            check_path_rules(&head, auth_end, scheme_end > 0, has_auth, self.kind)?;
        }
        self.room(end - start, segment.len())?;
        self.splice(start, end, &[segment], 2, ascii);
        Ok(true)
    }

    fn set_query(&mut self, query: Option<&str>) -> Result<(), ParseError> {
        let [_, _, path_end, query_end] = self.ends();
        let had = query_end > path_end;
        match query {
            None if had => self.splice(path_end, query_end, &[], 3, true),
            None => {}
            Some(q) => {
                let ascii = check(Component::Query, q, path_end + 1, self.kind)?;
                self.room(query_end - path_end, q.len() + 1)?;
                self.splice(path_end, query_end, &["?", q], 3, ascii);
            }
        }
        Ok(())
    }

    fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), ParseError> {
        let [.., query_end] = self.ends();
        let n = self.s.len();
        match fragment {
            None => {
                if query_end < n {
                    self.splice(query_end, n, &[], 4, true);
                }
            }
            Some(f) => {
                if matches!(self.kind, Kind::AbsoluteIri | Kind::AbsoluteUri) {
                    return Err(self.err(
                        ErrorKind::FragmentNotAllowed,
                        Component::Fragment,
                        query_end,
                    ));
                }
                let ascii = check(Component::Fragment, f, query_end + 1, self.kind)?;
                self.room(n - query_end, f.len() + 1)?;
                self.splice(query_end, n, &["#", f], 4, ascii);
            }
        }
        Ok(())
    }

    /// Writes `prefix` (`?`, `&` or nothing) and `name[=value]` encoded by `syntax` in place
    /// of `at..end`.
    fn write_pair(
        &mut self,
        at: usize,
        end: usize,
        prefix: &str,
        name: &str,
        value: Option<&str>,
        syntax: PairSyntax,
    ) -> Result<(), ParseError> {
        let form = form_of(self.kind.is_uri());
        let part = syntax.part();
        let len = prefix.len()
            + encoded_len(name, part, form)
            + value.map_or(0, |v| 1 + encoded_len(v, part, form));
        self.room(end - at, len)?;
        if at == end && end == self.s.len() {
            // At the end of the text (no fragment follows): written in place.
            self.s.reserve(len);
            self.s.push_str(prefix);
            push_encoded(self.s, name, part, form);
            if let Some(v) = value {
                self.s.push('=');
                push_encoded(self.s, v, part, form);
            }
            let ascii = self.s[at..].is_ascii();
            let mut e = self.ends();
            e[3] += len;
            let known = self.p.known_ascii() && ascii;
            self.set_ends(e, known);
            return Ok(());
        }
        let mut piece = String::with_capacity(len);
        piece.push_str(prefix);
        push_encoded(&mut piece, name, part, form);
        if let Some(v) = value {
            piece.push('=');
            push_encoded(&mut piece, v, part, form);
        }
        let ascii = piece.is_ascii();
        self.splice(at, end, &[&piece], 3, ascii);
        Ok(())
    }

    fn append_pair(
        &mut self,
        name: &str,
        value: Option<&str>,
        syntax: PairSyntax,
    ) -> Result<(), ParseError> {
        let [_, _, path_end, query_end] = self.ends();
        if query_end == path_end {
            return self.write_pair(path_end, path_end, "?", name, value, syntax);
        }
        let q = &self.s[path_end + 1..query_end];
        let sep = !q.is_empty() && !q.bytes().last().is_some_and(|c| syntax.is_separator(c));
        let prefix = if sep { "&" } else { "" };
        self.write_pair(query_end, query_end, prefix, name, value, syntax)
    }

    /// The first pair named `name` (decoded) at or after byte `from` of the query:
    /// its start and end in the text.
    fn find_pair(&self, name: &str, syntax: PairSyntax, from: usize) -> Option<(usize, usize)> {
        let q0 = self.p.path_end as usize + 1;
        let q = parts::query(self.s, self.p);
        QueryPairs::new(q, syntax)
            .filter(|p| p.offset() >= from)
            .find(|p| p.name() == name)
            .map(|p| (q0 + p.offset(), q0 + p.offset() + p.len()))
    }

    /// Removes the pair at `start..end` of the text with one separator beside it; removes the
    /// query when nothing is left.
    fn remove_pair(&mut self, start: usize, end: usize, syntax: PairSyntax) {
        let [_, _, path_end, query_end] = self.ends();
        let q0 = path_end + 1;
        let b = self.s.as_bytes();
        let (s, e) = if end < query_end && syntax.is_separator(b[end]) {
            (start, end + 1)
        } else if start > q0 && syntax.is_separator(b[start - 1]) {
            (start - 1, end)
        } else {
            (start, end)
        };
        if s == q0 && e == query_end {
            self.splice(path_end, query_end, &[], 3, true);
        } else {
            self.splice(s, e, &[], 3, true);
        }
    }

    fn remove_pairs(&mut self, name: &str, syntax: PairSyntax) -> usize {
        let mut n = 0;
        while let Some((s, e)) = self.find_pair(name, syntax, 0) {
            self.remove_pair(s, e, syntax);
            n += 1;
        }
        n
    }

    fn set_pair(
        &mut self,
        name: &str,
        value: Option<&str>,
        syntax: PairSyntax,
    ) -> Result<(), ParseError> {
        let Some((s, e)) = self.find_pair(name, syntax, 0) else {
            return self.append_pair(name, value, syntax);
        };
        self.write_pair(s, e, "", name, value, syntax)?;
        // The later pairs of that name go.
        let q0 = self.p.path_end as usize + 1;
        let after = s - q0 + 1;
        while let Some((s2, e2)) = self.find_pair(name, syntax, after) {
            self.remove_pair(s2, e2, syntax);
        }
        Ok(())
    }
}

/// Where the userinfo, host and port lie in the text.
struct AuthorityRanges {
    start: usize,
    userinfo: Option<(usize, usize)>,
    host: (usize, usize),
    port: Option<(usize, usize)>,
}

/// The range of segment `index` in `path`, as [`PathSegments`](crate::PathSegments) counts
/// them.
fn segment_range(path: &str, index: usize) -> Option<(usize, usize)> {
    if path.is_empty() {
        return None;
    }
    let mut start = usize::from(path.starts_with('/'));
    for _ in 0..index {
        start += path[start..].find('/')? + 1;
    }
    let end = path[start..].find('/').map_or(path.len(), |i| start + i);
    Some((start, end))
}

/// The setters of one owned type; `$kind` is its grammar.
macro_rules! setters {
    ($name:ident, $kind:expr, $example:literal, $uri:literal) => {
        impl<T: AsRef<str>> $name<T> {
            /// The name/value pairs of the query, decoded; see [`QueryPairs`](crate::QueryPairs).
            ///
            /// ```
            #[doc = concat!("let r = iri::", stringify!($name), "::parse(\"s://h/?a=1&b=%41\").unwrap();")]
            /// let v: Vec<_> = r.query_pairs(iri::PairSyntax::PLAIN).map(|p| p.value()).collect();
            /// assert_eq!(v, ["1", "A"]);
            /// ```
            pub fn query_pairs(&self, syntax: PairSyntax) -> QueryPairs<'_> {
                QueryPairs::new(self.query(), syntax)
            }
        }

        impl $name<String> {
            fn edit(&mut self) -> Edit<'_> {
                let (s, p) = self.parts_mut();
                Edit { s, p, kind: $kind }
            }

            /// Sets the scheme (without `:`), checked against `scheme` (RFC 3986 §3.1).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_scheme("https").unwrap();
            /// assert!(r.as_str().starts_with("https://"));
            /// assert!(r.set_scheme("1http").is_err());
            /// ```
            pub fn set_scheme(&mut self, scheme: &str) -> Result<(), ParseError> {
                self.edit().set_scheme(scheme)
            }

            /// Sets the authority as a whole (`None` removes it), checking its userinfo, host
            /// and port, and that the path suits it (RFC 3986 §3.2, §3.3).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_authority(Some("u@h:1")).unwrap();
            /// assert_eq!((r.userinfo(), r.host_str(), r.port()), (Some("u"), Some("h"), Some("1")));
            /// r.set_authority(None).unwrap();
            /// assert!(!r.has_authority());
            /// ```
            pub fn set_authority(&mut self, authority: Option<&str>) -> Result<(), ParseError> {
                self.edit().set_authority(authority)
            }

            /// Sets the userinfo (`None` removes it); there must be an authority to hold it
            /// ([`ErrorKind::NoAuthority`](crate::ErrorKind::NoAuthority)).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_userinfo(Some("me")).unwrap();
            /// assert_eq!(r.userinfo(), Some("me"));
            /// let err = r.set_userinfo(Some("a@b")).unwrap_err();
            /// assert_eq!(err.char(), Some('@'));
            /// ```
            pub fn set_userinfo(&mut self, userinfo: Option<&str>) -> Result<(), ParseError> {
                self.edit().set_userinfo(userinfo)
            }

            /// Sets the host, adding an authority when there is none (the path must then be
            /// empty or start with `/`, RFC 3986 §3.3).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_host("[2001:db8::1]").unwrap();
            /// assert_eq!(r.host_str(), Some("[2001:db8::1]"));
            /// assert_eq!(r.set_host("a/b").unwrap_err().char(), Some('/'));
            /// ```
            pub fn set_host(&mut self, host: &str) -> Result<(), ParseError> {
                self.edit().set_host(host)
            }

            /// Sets the port (`*DIGIT`; `None` removes it, with its `:`); there must be an
            /// authority.
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_port(Some("8080")).unwrap();
            /// assert_eq!(r.port_number(), Some(8080));
            /// r.set_port(None).unwrap();
            /// assert_eq!(r.port(), None);
            /// ```
            pub fn set_port(&mut self, port: Option<&str>) -> Result<(), ParseError> {
                self.edit().set_port(port)
            }

            /// Sets the path, checked with the rules that tie it to the authority and scheme
            /// (RFC 3986 §3.3, §4.2).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_path("/x/y").unwrap();
            /// assert_eq!(r.path(), "/x/y");
            /// let err = r.set_path("x").unwrap_err();
            /// assert_eq!(err.kind(), iri::ErrorKind::RelativePathAfterAuthority);
            /// ```
            pub fn set_path(&mut self, path: &str) -> Result<(), ParseError> {
                self.edit().set_path(path)
            }

            /// Adds a segment (path text without `/`; [`encode::path_segment`](crate::encode::path_segment)
            /// makes one from raw text) at the end of the path. A path that ends with `/`
            /// gets it after that `/`; an empty path with an authority gets `/` first.
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_path("/a/").unwrap();
            /// r.push_path_segment("b").unwrap();
            /// r.push_path_segment(&iri::encode::path_segment("c/d", iri::Form::Uri)).unwrap();
            /// assert_eq!(r.path(), "/a/b/c%2Fd");
            /// ```
            pub fn push_path_segment(&mut self, segment: &str) -> Result<(), ParseError> {
                self.edit().push_segment(segment)
            }

            /// Adds raw text as a segment at the end of the path, encoded as
            /// [`encode::path_segment`](crate::encode::path_segment) does (`/`, `%`, `?`, `#`,
            #[doc = concat!("spaces, … as `%HH`; ", $uri, " form), straight into the text: the")]
            /// same result as `push_path_segment(&encode::path_segment(raw, form))`, without the
            /// encoded segment's own string. Fails only when the text would grow too long, or
            /// when the segment would start a relative path with a `:` (RFC 3986 §4.2).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = \"s://h/a?q#f\".parse().unwrap();")]
            /// r.push_raw_path_segment("new seg/1").unwrap();
            /// assert_eq!(r.as_str(), "s://h/a/new%20seg%2F1?q#f");
            /// r.push_raw_path_segment("..").unwrap();
            /// assert_eq!(r.path(), "/a/new%20seg%2F1/%2E%2E");
            /// ```
            pub fn push_raw_path_segment(&mut self, raw: &str) -> Result<(), ParseError> {
                self.edit().push_raw_segment(raw)
            }

            /// Removes the last segment and the `/` before it; `false` when the path is empty.
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_path("/a/b").unwrap();
            /// assert!(r.pop_path_segment());
            /// assert_eq!(r.path(), "/a");
            /// assert!(r.pop_path_segment());
            /// assert!(!r.pop_path_segment());
            /// ```
            pub fn pop_path_segment(&mut self) -> bool {
                self.edit().pop_segment()
            }

            /// Replaces segment `index` (as [`path_segments`](Self::path_segments) counts);
            /// `Ok(false)` when there is no such segment, or when it is the first of a path
            /// without a leading `/` and `segment` is empty (the path would then start
            /// with `/`).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_path("/a/b").unwrap();
            /// assert!(r.set_path_segment(1, "c").unwrap());
            /// assert_eq!(r.path(), "/a/c");
            /// assert!(!r.set_path_segment(2, "d").unwrap());
            /// ```
            pub fn set_path_segment(&mut self, index: usize, segment: &str) -> Result<bool, ParseError> {
                self.edit().set_segment(index, segment)
            }

            /// Sets the query (without `?`; `None` removes it).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_query(Some("a=1")).unwrap();
            /// assert_eq!(r.query(), Some("a=1"));
            /// assert!(r.set_query(Some("a#b")).is_err());
            /// r.set_query(None).unwrap();
            /// assert!(!r.has_query());
            /// ```
            pub fn set_query(&mut self, query: Option<&str>) -> Result<(), ParseError> {
                self.edit().set_query(query)
            }

            /// Sets the fragment (without `#`; `None` removes it).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = ", stringify!($example), ".parse().unwrap();")]
            /// r.set_fragment(Some("top")).unwrap();
            /// assert_eq!(r.fragment(), Some("top"));
            /// r.set_fragment(None).unwrap();
            /// assert!(!r.has_fragment());
            /// ```
            pub fn set_fragment(&mut self, fragment: Option<&str>) -> Result<(), ParseError> {
                self.edit().set_fragment(fragment)
            }

            /// Appends a pair to the query (adding one when there is none); `name` and
            /// `value` are raw text, encoded by `syntax` (`None`: a name without `=`).
            #[doc = concat!("In ", $uri, " form.")]
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = \"s://h/?a=1\".parse().unwrap();")]
            /// r.append_query_pair("b c", Some("x&y"), iri::PairSyntax::PLAIN).unwrap();
            /// assert_eq!(r.query(), Some("a=1&b%20c=x%26y"));
            /// ```
            pub fn append_query_pair(
                &mut self,
                name: &str,
                value: Option<&str>,
                syntax: PairSyntax,
            ) -> Result<(), ParseError> {
                self.edit().append_pair(name, value, syntax)
            }

            /// Gives the first pair named `name` (decoded) the new value, in its place,
            /// and removes the later pairs of that name; appends the pair when there is
            /// none. Every other pair keeps its bytes.
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = \"s://h/?a=1&b=2&a=3\".parse().unwrap();")]
            /// r.set_query_pair("a", Some("9"), iri::PairSyntax::PLAIN).unwrap();
            /// assert_eq!(r.query(), Some("a=9&b=2"));
            /// ```
            pub fn set_query_pair(
                &mut self,
                name: &str,
                value: Option<&str>,
                syntax: PairSyntax,
            ) -> Result<(), ParseError> {
                self.edit().set_pair(name, value, syntax)
            }

            /// Removes every pair named `name` (decoded), each with one separator; removes
            /// the query when no byte of it is left. Returns how many were removed.
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = \"s://h/?a=1&b=%32&a=3\".parse().unwrap();")]
            /// assert_eq!(r.remove_query_pairs("a", iri::PairSyntax::PLAIN), 2);
            /// assert_eq!(r.query(), Some("b=%32"));
            /// assert_eq!(r.remove_query_pairs("b", iri::PairSyntax::PLAIN), 1);
            /// assert!(!r.has_query());
            /// ```
            pub fn remove_query_pairs(&mut self, name: &str, syntax: PairSyntax) -> usize {
                self.edit().remove_pairs(name, syntax)
            }
        }
    };
}

setters!(
    IriRef,
    Kind::IriReference,
    "http://example.org/ros\u{E9}",
    "IRI"
);
setters!(Iri, Kind::Iri, "http://example.org/ros\u{E9}", "IRI");
setters!(
    UriRef,
    Kind::UriReference,
    "http://example.org/ros%C3%A9",
    "URI"
);
setters!(Uri, Kind::Uri, "http://example.org/ros%C3%A9", "URI");

/// Removing the scheme, for the reference types that may have none.
macro_rules! scheme_removal {
    ($name:ident) => {
        impl $name<String> {
            /// Removes the scheme, making a relative reference; fails when the path would
            /// then read differently (a first segment with `:`, RFC 3986 §4.2).
            ///
            /// ```
            #[doc = concat!("let mut r: iri::", stringify!($name), " = \"s://h/p\".parse().unwrap();")]
            /// r.remove_scheme().unwrap();
            /// assert_eq!(r, "//h/p");
            #[doc = concat!("let mut r: iri::", stringify!($name), " = \"urn:a:b\".parse().unwrap();")]
            /// assert_eq!(r.remove_scheme().unwrap_err().kind(), iri::ErrorKind::ColonInFirstSegment);
            /// ```
            pub fn remove_scheme(&mut self) -> Result<(), ParseError> {
                self.edit().remove_scheme()
            }
        }
    };
}

scheme_removal!(IriRef);
scheme_removal!(UriRef);
