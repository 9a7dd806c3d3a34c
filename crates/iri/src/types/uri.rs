//! The URI types: [`UriRef`] (`URI-reference`, RFC 3986 §4.1) and [`Uri`] (`URI`, RFC 3986
//! §3), ASCII only.
//!
//! "Every URI is by definition an IRI" (RFC 3987 §3.1): a URI converts into the matching IRI
//! type for free, keeping its storage and offsets. The other way, an IRI becomes a URI through
//! the mapping of RFC 3987 §3.1 (`to_uri`), or, when it happens to be ASCII already, through
//! `TryFrom`.

use crate::error::{Component, ErrorKind, ParseError};
use crate::iri::{parts, reference_type};
use crate::parser::Positions;
use crate::{Iri, IriRef, Kind};

reference_type! {
    /// A URI reference (`URI-reference`, RFC 3986 §4.1): a [`Uri`] or a relative reference,
    /// in ASCII.
    ///
    /// ```
    /// use iri::UriRef;
    ///
    /// let r = UriRef::parse("../r%C3%A9sum%C3%A9?x#y").unwrap();
    /// assert_eq!(r.path(), "../r%C3%A9sum%C3%A9");
    /// assert!(UriRef::parse("../résumé").is_err());
    /// ```
    UriRef, crate::Kind::UriReference, "../a/b?q#f"
}

reference_type! {
    /// A URI (`URI`, RFC 3986 §3): absolute, with a scheme and an optional fragment, in ASCII.
    ///
    /// ```
    /// use iri::{Iri, Uri};
    ///
    /// let uri = Uri::parse("http://xn--rsum-bpad.example.org/").unwrap();
    /// let iri: Iri<&str> = uri.into();
    /// assert_eq!(iri.host_str(), Some("xn--rsum-bpad.example.org"));
    /// ```
    Uri, crate::Kind::Uri, "http://example.org/ros%C3%A9#f"
}

impl<T: AsRef<str>> UriRef<T> {
    /// The scheme, if the reference has one.
    ///
    /// ```
    /// assert_eq!(iri::UriRef::parse("s:x").unwrap().scheme(), Some("s"));
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&str> {
        parts::scheme(self.as_str(), &self.positions())
    }

    /// Parses against `relative-ref` (RFC 3986 §4.2): no scheme.
    ///
    /// ```
    /// assert!(iri::UriRef::parse_relative("//h/p").is_ok());
    /// assert!(iri::UriRef::parse_relative("s:p").is_err());
    /// ```
    pub fn parse_relative(text: T) -> Result<Self, ParseError> {
        let pos = crate::parser::parse(text.as_ref(), Kind::RelativeUri)?;
        Ok(UriRef::from_parts(text, pos))
    }

    /// A borrowed view as an [`IriRef`].
    ///
    /// ```
    /// let u = iri::UriRef::parse("a/b").unwrap();
    /// assert_eq!(u.as_iri_ref().path(), "a/b");
    /// ```
    pub fn as_iri_ref(&self) -> IriRef<&str> {
        IriRef::from_parts(self.as_str(), self.positions())
    }
}

impl<T: AsRef<str>> Uri<T> {
    /// The scheme.
    ///
    /// ```
    /// assert_eq!(iri::Uri::parse("urn:isbn:0").unwrap().scheme(), "urn");
    /// ```
    #[inline]
    pub fn scheme(&self) -> &str {
        &self.as_str()[..self.positions().scheme_end as usize - 1]
    }

    /// Parses against `absolute-URI` (RFC 3986 §4.3): no fragment.
    ///
    /// ```
    /// assert!(iri::Uri::parse_absolute("http://a/b?c").is_ok());
    /// assert!(iri::Uri::parse_absolute("http://a/b#c").is_err());
    /// ```
    pub fn parse_absolute(text: T) -> Result<Self, ParseError> {
        let pos = crate::parser::parse(text.as_ref(), Kind::AbsoluteUri)?;
        Ok(Uri::from_parts(text, pos))
    }

    /// A borrowed view as an [`Iri`].
    ///
    /// ```
    /// let u = iri::Uri::parse("s:p").unwrap();
    /// assert_eq!(u.as_iri().scheme(), "s");
    /// ```
    pub fn as_iri(&self) -> Iri<&str> {
        Iri::from_parts(self.as_str(), self.positions())
    }
}

impl<T: AsRef<str>> From<Uri<T>> for UriRef<T> {
    /// Every URI is a URI reference.
    ///
    /// ```
    /// let u = iri::Uri::parse("s:p").unwrap();
    /// let r: iri::UriRef<&str> = u.into();
    /// assert!(r.is_absolute());
    /// ```
    fn from(u: Uri<T>) -> Self {
        let pos = u.positions();
        UriRef::from_parts(u.into_inner(), pos)
    }
}

impl<T: AsRef<str>> From<Uri<T>> for Iri<T> {
    /// Every URI is an IRI (RFC 3987 §3.1); the conversion costs nothing.
    ///
    /// ```
    /// let u = iri::Uri::parse("s:p").unwrap();
    /// let i: iri::Iri<&str> = u.into();
    /// assert_eq!(i.scheme(), "s");
    /// ```
    fn from(u: Uri<T>) -> Self {
        let pos = u.positions();
        Iri::from_parts(u.into_inner(), pos)
    }
}

impl<T: AsRef<str>> From<UriRef<T>> for IriRef<T> {
    /// Every URI reference is an IRI reference; the conversion costs nothing.
    ///
    /// ```
    /// let u = iri::UriRef::parse("a?b").unwrap();
    /// let i: iri::IriRef<&str> = u.into();
    /// assert_eq!(i.query(), Some("b"));
    /// ```
    fn from(u: UriRef<T>) -> Self {
        let pos = u.positions();
        IriRef::from_parts(u.into_inner(), pos)
    }
}

/// The positions of `s` (`pos`) as a URI's, or the error for its first non-ASCII character.
/// Positions that know the text is ASCII answer without reading it.
fn ascii_positions(s: &str, pos: Positions, kind: Kind) -> Result<Positions, ParseError> {
    if !pos.known_ascii() {
        if let Some(e) = non_ascii_error(s, kind) {
            return Err(e);
        }
    }
    Ok(pos.ascii_if(true))
}

fn non_ascii_error(s: &str, kind: Kind) -> Option<ParseError> {
    let at = s.bytes().position(|b| b >= 0x80)?;
    let ch = s[at..].chars().next();
    // The component for the message, from the splitter: `s` is a valid IRI reference, whose
    // split is the parser's, and a non-ASCII character is never a delimiter.
    let split = crate::Components::split(s);
    let component = [
        Component::Userinfo,
        Component::Host,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ]
    .into_iter()
    .find(|&c| split.span(c).is_some_and(|r| r.contains(&at)))
    .unwrap_or(Component::Path);
    Some(ParseError::new(
        ErrorKind::NonAscii,
        kind,
        component,
        at,
        ch,
    ))
}

impl<T: AsRef<str>> TryFrom<IriRef<T>> for UriRef<T> {
    type Error = ParseError;

    /// An IRI reference that happens to be ASCII is a URI reference. To convert any IRI
    /// reference, use [`IriRef::to_uri`].
    ///
    /// ```
    /// let i = iri::IriRef::parse("a/b").unwrap();
    /// assert!(iri::UriRef::try_from(i).is_ok());
    /// let i = iri::IriRef::parse("a/é").unwrap();
    /// assert_eq!(iri::UriRef::try_from(i).unwrap_err().offset(), 2);
    /// ```
    fn try_from(i: IriRef<T>) -> Result<Self, ParseError> {
        let pos = ascii_positions(i.as_str(), i.positions(), Kind::UriReference)?;
        Ok(UriRef::from_parts(i.into_inner(), pos))
    }
}

impl<T: AsRef<str>> TryFrom<Iri<T>> for Uri<T> {
    type Error = ParseError;

    /// An IRI that happens to be ASCII is a URI. To convert any IRI, use [`Iri::to_uri`].
    ///
    /// ```
    /// let i = iri::Iri::parse("s:b").unwrap();
    /// assert!(iri::Uri::try_from(i).is_ok());
    /// ```
    fn try_from(i: Iri<T>) -> Result<Self, ParseError> {
        let pos = ascii_positions(i.as_str(), i.positions(), Kind::Uri)?;
        Ok(Uri::from_parts(i.into_inner(), pos))
    }
}
