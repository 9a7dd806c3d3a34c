//! The name/value pairs of a query (RFC 3986 §3.4 leaves the query's inner syntax to each
//! scheme; this is the common `name=value&…` convention, and that of
//! `application/x-www-form-urlencoded`, WHATWG URL Standard §5.1, as an explicit choice).
//!
//! Pairs are separated by `&` (and `;` when asked); a pair's name ends at its first `=`;
//! empty pieces between separators are no pairs. `+` reads as a space only in the form
//! syntax. Reading decodes (see [`encode::decode`](crate::encode::decode)); editing
//! (`append_query_pair`, `set_query_pair`, `remove_query_pairs` on the owned types) leaves
//! every other pair's bytes as they were.

use alloc::borrow::Cow;

use super::encode::{decode_with, Part};
use crate::Form;

/// How a query is read as pairs: the separators, and whether `+` is a space.
///
/// ```
/// use iri::{IriRef, PairSyntax};
/// let r = IriRef::parse("?a=1;b=x+y").unwrap();
/// let names: Vec<_> = r.query_pairs(PairSyntax::FORM.with_semicolon()).map(|p| p.name()).collect();
/// assert_eq!(names, ["a", "b"]);
/// let b = r.query_pairs(PairSyntax::FORM.with_semicolon()).nth(1).unwrap();
/// assert_eq!(b.value(), "x y");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PairSyntax {
    semicolon: bool,
    form: bool,
}

impl PairSyntax {
    /// `&` separates pairs; `+` is a `+`; new names and values are written with
    /// [`encode::query_part`](crate::encode::query_part).
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a=b+c").unwrap();
    /// assert_eq!(r.query_pairs(iri::PairSyntax::PLAIN).next().unwrap().value(), "b+c");
    /// ```
    pub const PLAIN: PairSyntax = PairSyntax {
        semicolon: false,
        form: false,
    };

    /// `application/x-www-form-urlencoded`: `&` separates pairs, `+` is a space; new names and
    /// values are written with [`encode::form_part`](crate::encode::form_part).
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a=b+c").unwrap();
    /// assert_eq!(r.query_pairs(iri::PairSyntax::FORM).next().unwrap().value(), "b c");
    /// ```
    pub const FORM: PairSyntax = PairSyntax {
        semicolon: false,
        form: true,
    };

    /// The same syntax with `;` also separating pairs (as HTML 4 recommended).
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a=1;b=2").unwrap();
    /// assert_eq!(r.query_pairs(iri::PairSyntax::PLAIN).count(), 1);
    /// assert_eq!(r.query_pairs(iri::PairSyntax::PLAIN.with_semicolon()).count(), 2);
    /// ```
    pub const fn with_semicolon(self) -> Self {
        PairSyntax {
            semicolon: true,
            ..self
        }
    }

    /// The same syntax with only `&` separating pairs.
    ///
    /// ```
    /// assert_eq!(iri::PairSyntax::FORM.with_semicolon().without_semicolon(), iri::PairSyntax::FORM);
    /// ```
    pub const fn without_semicolon(self) -> Self {
        PairSyntax {
            semicolon: false,
            ..self
        }
    }

    /// Whether `+` reads as a space (the form syntax).
    ///
    /// ```
    /// assert!(iri::PairSyntax::FORM.is_form() && !iri::PairSyntax::PLAIN.is_form());
    /// ```
    pub const fn is_form(self) -> bool {
        self.form
    }

    #[inline]
    pub(crate) fn is_separator(self, c: u8) -> bool {
        c == b'&' || (self.semicolon && c == b';')
    }

    /// The encoder of new names and values.
    pub(crate) fn part(self) -> Part {
        if self.form {
            Part::Urlencoded
        } else {
            Part::Query
        }
    }
}

impl Default for PairSyntax {
    /// [`PairSyntax::PLAIN`].
    ///
    /// ```
    /// assert_eq!(iri::PairSyntax::default(), iri::PairSyntax::PLAIN);
    /// ```
    fn default() -> Self {
        PairSyntax::PLAIN
    }
}

/// One pair of a query, from [`QueryPairs`]: its text as written and decoded.
///
/// ```
/// let r = iri::IriRef::parse("?na%6De=v%C3%A9&flag").unwrap();
/// let mut pairs = r.query_pairs(iri::PairSyntax::PLAIN);
/// let p = pairs.next().unwrap();
/// assert_eq!((p.raw_name(), p.raw_value()), ("na%6De", Some("v%C3%A9")));
/// assert_eq!((p.name(), p.value()), ("name".into(), "vé".into()));
/// let flag = pairs.next().unwrap();
/// assert_eq!((flag.name(), flag.raw_value()), ("flag".into(), None));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QueryPair<'a> {
    name: &'a str,
    value: Option<&'a str>,
    start: usize,
    form: bool,
}

impl<'a> QueryPair<'a> {
    /// The name as written.
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a%20b=c").unwrap();
    /// assert_eq!(r.query_pairs(Default::default()).next().unwrap().raw_name(), "a%20b");
    /// ```
    pub fn raw_name(&self) -> &'a str {
        self.name
    }

    /// The value as written, or `None` for a pair without `=`.
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a=").unwrap();
    /// assert_eq!(r.query_pairs(Default::default()).next().unwrap().raw_value(), Some(""));
    /// ```
    pub fn raw_value(&self) -> Option<&'a str> {
        self.value
    }

    /// The decoded name (see [`encode::decode`](crate::encode::decode)).
    ///
    /// ```
    /// let r = iri::IriRef::parse("?%C3%A9=1").unwrap();
    /// assert_eq!(r.query_pairs(Default::default()).next().unwrap().name(), "é");
    /// ```
    pub fn name(&self) -> Cow<'a, str> {
        decode_with(self.name, self.form)
    }

    /// The decoded value; empty for a pair without `=`.
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a=%C3%A9").unwrap();
    /// assert_eq!(r.query_pairs(Default::default()).next().unwrap().value(), "é");
    /// ```
    pub fn value(&self) -> Cow<'a, str> {
        decode_with(self.value.unwrap_or(""), self.form)
    }

    /// Where the pair starts in the query (a byte offset from the query's first byte).
    ///
    /// ```
    /// let r = iri::IriRef::parse("?a=1&bb=2").unwrap();
    /// assert_eq!(r.query_pairs(Default::default()).nth(1).unwrap().offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        self.start
    }

    /// The pair's length as written.
    pub(crate) fn len(&self) -> usize {
        self.name.len() + self.value.map_or(0, |v| v.len() + 1)
    }
}

/// The pairs of a query, from `query_pairs` on every reference type.
///
/// ```
/// use iri::{IriRef, PairSyntax};
/// let r = IriRef::parse("http://a/?x=1&&y=%C3%BC#f").unwrap();
/// let pairs: Vec<_> = r.query_pairs(PairSyntax::PLAIN).map(|p| (p.name(), p.value())).collect();
/// assert_eq!(pairs, [("x".into(), "1".into()), ("y".into(), "ü".into())]);
/// ```
#[derive(Debug, Clone)]
pub struct QueryPairs<'a> {
    query: &'a str,
    at: usize,
    syntax: PairSyntax,
}

impl<'a> QueryPairs<'a> {
    /// The pairs of `query` (the query's text, without `?`; `None` has none).
    pub(crate) fn new(query: Option<&'a str>, syntax: PairSyntax) -> Self {
        let query = query.unwrap_or("");
        QueryPairs {
            query,
            at: 0,
            syntax,
        }
    }
}

impl<'a> Iterator for QueryPairs<'a> {
    type Item = QueryPair<'a>;

    fn next(&mut self) -> Option<QueryPair<'a>> {
        let b = self.query.as_bytes();
        while self.at < b.len() {
            let start = self.at;
            let end = b[start..]
                .iter()
                .position(|&c| self.syntax.is_separator(c))
                .map_or(b.len(), |p| start + p);
            self.at = end + 1;
            if end == start {
                continue;
            }
            let piece = &self.query[start..end];
            let (name, value) = match piece.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (piece, None),
            };
            return Some(QueryPair {
                name,
                value,
                start,
                form: self.syntax.form,
            });
        }
        None
    }
}

impl core::iter::FusedIterator for QueryPairs<'_> {}

/// The output form of a type's encoders.
pub(crate) const fn form_of(uri: bool) -> Form {
    if uri {
        Form::Uri
    } else {
        Form::Iri
    }
}
