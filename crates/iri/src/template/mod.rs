//! URI Templates (RFC 6570), with IRI output and matching.
//!
//! Implements RFC 6570 §2 (the template syntax: literals §2.1, expressions and operators §2.2,
//! variable names §2.3, the prefix and explode modifiers §2.4) and §3 (expansion: literals
//! §3.1, every operator of §3.2.2–§3.2.9, undefined and empty values as §3.2.1 says), that
//! is all four levels of §1.2. A [`Template`] is parsed once, with an error that names the
//! offset and the rule ([`TemplateError`]), and expanded many times.
//!
//! **Two output forms.** [`Template::expand_uri`] writes what RFC 6570 specifies: a URI
//! reference, every character outside the allowed set written as the `%HH` triplets of its
//! UTF-8 octets (§3.2.1), non-ASCII literals too (§3.1). [`Template::expand_iri`] writes an
//! IRI reference (RFC 3987): literals keep their `ucschar` characters, which RFC 6570 §3.1
//! allows for IRIs, and their `iprivate` ones where the literal is surely in the query (after
//! a literal `?`, before any `#` and any `+` or `#` expression, whose values may hold a `#`);
//! values keep their `ucschar` characters. Values'
//! `iprivate` characters (allowed only in an IRI's query, and a value does not know where it
//! lands) and the bidi formatting characters (RFC 3987 §4.1) are percent-encoded in both
//! forms. So the IRI result is the URI result with some `%HH` runs left decoded, and mapping
//! it to a URI (RFC 3987 §3.1) gives the URI result back, octet for octet.
//!
//! **Matching** ([`Template::match_uri`], [`Template::match_iri`]) is the inverse: it finds
//! variable values whose expansion is the given text, or says that none were found. Its rule
//! for ambiguous templates is in [`Template::match_uri`]'s documentation; whatever it returns
//! expands back to the input exactly (it checks this before answering).
//!
//! Left out: RFC 6570 leaves values' types to the caller, and here a value is a string, a
//! list of strings or an ordered list of name/value pairs ([`Value`]); numbers and nested
//! structures are the caller's to write as strings. RFC 6570's ABNF leaves `'` (%x27) out of
//! `literals` although RFC 3986 counts it among the reserved sub-delims; it is accepted here,
//! as the RFC's own examples test suite does.
//!
//! ```
//! use iri::template::{Template, Vars};
//!
//! let t = Template::parse("http://example.com/{city}/{?q,lang}").unwrap();
//! let vars = Vars::new().with("city", "Zürich").with("q", "café au lait").with("lang", "de");
//! assert_eq!(t.expand_uri(&vars).unwrap(), "http://example.com/Z%C3%BCrich/?q=caf%C3%A9%20au%20lait&lang=de");
//! assert_eq!(t.expand_iri(&vars).unwrap(), "http://example.com/Zürich/?q=café%20au%20lait&lang=de");
//! let found = t.match_iri("http://example.com/Genève/?q=fondue").unwrap();
//! assert_eq!(found.get("city").unwrap().as_str(), Some("Genève"));
//! assert_eq!(found.get("q").unwrap().as_str(), Some("fondue"));
//! assert!(found.get("lang").is_none());
//! ```

mod expand;
mod matching;
mod value;

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::chars::{is_iprivate, is_ucschar};
use crate::pct::pct_at;

pub use matching::MatchError;
pub use value::{Value, Vars};

/// An RFC 6570 expression operator (§2.2, the table of Appendix A).
///
/// ```
/// use iri::template::{Operator, Template};
/// let t = Template::parse("{?q}").unwrap();
/// assert_eq!(t.expressions().next().unwrap().0, Operator::Query);
/// assert_eq!(Operator::Query.as_str(), "?");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Operator {
    /// No operator: simple string expansion (§3.2.2, level 1).
    Simple,
    /// `+`: reserved expansion (§3.2.3, level 2).
    Reserved,
    /// `#`: fragment expansion (§3.2.4, level 2).
    Fragment,
    /// `.`: label expansion with dot-prefix (§3.2.5, level 3).
    Label,
    /// `/`: path segment expansion (§3.2.6, level 3).
    Path,
    /// `;`: path-style parameter expansion (§3.2.7, level 3).
    PathParam,
    /// `?`: form-style query expansion (§3.2.8, level 3).
    Query,
    /// `&`: form-style query continuation (§3.2.9, level 3).
    QueryContinuation,
}

impl Operator {
    /// The operator as written in a template (`""` for [`Operator::Simple`]).
    ///
    /// ```
    /// assert_eq!(iri::template::Operator::PathParam.as_str(), ";");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Operator::Simple => "",
            Operator::Reserved => "+",
            Operator::Fragment => "#",
            Operator::Label => ".",
            Operator::Path => "/",
            Operator::PathParam => ";",
            Operator::Query => "?",
            Operator::QueryContinuation => "&",
        }
    }

    fn from_byte(b: u8) -> Option<Operator> {
        Some(match b {
            b'+' => Operator::Reserved,
            b'#' => Operator::Fragment,
            b'.' => Operator::Label,
            b'/' => Operator::Path,
            b';' => Operator::PathParam,
            b'?' => Operator::Query,
            b'&' => Operator::QueryContinuation,
            _ => return None,
        })
    }

    /// Appendix A's `first`: written before the first defined value.
    fn first(self) -> &'static str {
        match self {
            Operator::Simple | Operator::Reserved => "",
            _ => self.as_str(),
        }
    }

    /// Appendix A's `sep`: written between defined values.
    fn sep(self) -> char {
        match self {
            Operator::Simple | Operator::Reserved | Operator::Fragment => ',',
            Operator::Label => '.',
            Operator::Path => '/',
            Operator::PathParam => ';',
            Operator::Query | Operator::QueryContinuation => '&',
        }
    }

    /// Appendix A's `named`: values are written as `name=value`.
    fn named(self) -> bool {
        matches!(
            self,
            Operator::PathParam | Operator::Query | Operator::QueryContinuation
        )
    }

    /// Appendix A's `ifemp`: written after the name of an empty value.
    fn ifemp(self) -> &'static str {
        match self {
            Operator::Query | Operator::QueryContinuation => "=",
            _ => "",
        }
    }

    /// Appendix A's `allow`: `U+R` (reserved characters and `%HH` kept) rather than `U`.
    fn allow_reserved(self) -> bool {
        matches!(self, Operator::Reserved | Operator::Fragment)
    }
}

/// A variable's modifier (§2.4).
///
/// ```
/// use iri::template::{Modifier, Template};
/// let t = Template::parse("{var:3}{list*}").unwrap();
/// let mods: Vec<_> = t.expressions().flat_map(|(_, vars)| vars).map(|(_, m)| m).collect();
/// assert_eq!(mods, [Modifier::Prefix(3), Modifier::Explode]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// No modifier.
    None,
    /// `:n`, the first `n` characters of a string value (§2.4.1), 1 ≤ n ≤ 9999.
    Prefix(u16),
    /// `*`, each member of a list or pair of an associative array as its own value (§2.4.2).
    Explode,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct VarSpec {
    /// The name's byte range in the template text.
    name: (usize, usize),
    modifier: Modifier,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Part {
    /// A run of literal characters (byte range in the template text).
    Literal(usize, usize),
    /// An expression: its operator and its variables (a range of `Template::specs`).
    Expr(Operator, usize, usize),
}

/// A parsed URI Template (RFC 6570 §2): parse once, expand or match many times.
///
/// ```
/// use iri::template::{Template, Value, Vars};
///
/// let t = Template::parse("/search{?q,tags*}").unwrap();
/// let vars = Vars::new()
///     .with("q", "ñandú")
///     .with("tags", Value::list(["bird", "südamerika"]));
/// assert_eq!(t.expand_uri(&vars).unwrap(), "/search?q=%C3%B1and%C3%BA&tags=bird&tags=s%C3%BCdamerika");
/// assert_eq!(t.expand_iri(&vars).unwrap(), "/search?q=ñandú&tags=bird&tags=südamerika");
/// assert_eq!(t.as_str(), "/search{?q,tags*}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    text: String,
    parts: Vec<Part>,
    specs: Vec<VarSpec>,
}

/// What is wrong with a template (§2), with [`TemplateError`]'s offset.
///
/// ```
/// use iri::template::{Template, TemplateErrorKind};
/// let err = Template::parse("/a{b").unwrap_err();
/// assert_eq!(err.kind(), TemplateErrorKind::UnclosedExpression);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TemplateErrorKind {
    /// A character that §2.1 does not allow in a literal (space, `"`, `<`, `>`, `\`, `^`,
    /// `` ` ``, `|`, `}`, a control, a character outside `ucschar`/`iprivate`).
    InvalidLiteral,
    /// A `%` not followed by two hex digits (§2.1 `pct-encoded`).
    InvalidPctEncoding,
    /// A `{` without its `}` (§2.2).
    UnclosedExpression,
    /// One of the operators §2.2 reserves for future extensions (`=`, `,`, `!`, `@`, `|`).
    ReservedOperator,
    /// An empty variable name, as in `{}`, `{a,}` or `{a..b}` (§2.3).
    EmptyVarName,
    /// A character that §2.3 does not allow in a variable name.
    InvalidVarName,
    /// A prefix length that is not 1–9999 (§2.4.1).
    InvalidPrefix,
}

/// An invalid template: what, where (a byte offset into the template) and why.
///
/// ```
/// let err = iri::template::Template::parse("{!x}").unwrap_err();
/// assert_eq!(err.offset(), 1);
/// assert_eq!(
///     err.to_string(),
///     "invalid URI template: operator '!' at byte 1 is reserved for future extensions (RFC 6570 §2.2)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TemplateError {
    kind: TemplateErrorKind,
    offset: usize,
    ch: Option<char>,
}

impl TemplateErrorKind {
    /// A stable kebab-case name, for programs (the command's and the bindings' `kind`).
    ///
    /// ```
    /// use iri::template::{Template, TemplateErrorKind};
    /// assert_eq!(Template::parse("{").unwrap_err().kind().as_str(), "unclosed-expression");
    /// assert_eq!(TemplateErrorKind::InvalidPrefix.as_str(), "invalid-prefix");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            TemplateErrorKind::InvalidLiteral => "invalid-literal",
            TemplateErrorKind::InvalidPctEncoding => "invalid-pct-encoding",
            TemplateErrorKind::UnclosedExpression => "unclosed-expression",
            TemplateErrorKind::ReservedOperator => "reserved-operator",
            TemplateErrorKind::EmptyVarName => "empty-var-name",
            TemplateErrorKind::InvalidVarName => "invalid-var-name",
            TemplateErrorKind::InvalidPrefix => "invalid-prefix",
        }
    }
}

impl TemplateError {
    /// What went wrong.
    ///
    /// ```
    /// let err = iri::template::Template::parse("{a:0}").unwrap_err();
    /// assert_eq!(err.kind(), iri::template::TemplateErrorKind::InvalidPrefix);
    /// ```
    pub fn kind(&self) -> TemplateErrorKind {
        self.kind
    }

    /// The byte offset in the template where it went wrong.
    ///
    /// ```
    /// assert_eq!(iri::template::Template::parse("a b").unwrap_err().offset(), 1);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The character at the offset, if there is one (`None` at the end of the template).
    ///
    /// ```
    /// assert_eq!(iri::template::Template::parse("a b").unwrap_err().char(), Some(' '));
    /// ```
    pub fn char(&self) -> Option<char> {
        self.ch
    }
}

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid URI template: ")?;
        let off = self.offset;
        let ch = |f: &mut fmt::Formatter<'_>| match self.ch {
            Some(c) => crate::error::fmt_char(f, c),
            None => f.write_str("end of input"),
        };
        match self.kind {
            TemplateErrorKind::InvalidLiteral => {
                ch(f)?;
                write!(
                    f,
                    " at byte {off} is not allowed in a literal (RFC 6570 §2.1)"
                )
            }
            TemplateErrorKind::InvalidPctEncoding => write!(
                f,
                "'%' at byte {off} is not followed by two hex digits (RFC 6570 §2.1)"
            ),
            TemplateErrorKind::UnclosedExpression => write!(
                f,
                "the expression opened by '{{' at byte {off} has no closing '}}' (RFC 6570 §2.2)"
            ),
            TemplateErrorKind::ReservedOperator => {
                f.write_str("operator ")?;
                match self.ch {
                    Some(c) => write!(f, "'{c}'")?,
                    None => f.write_str("?")?,
                }
                write!(
                    f,
                    " at byte {off} is reserved for future extensions (RFC 6570 §2.2)"
                )
            }
            TemplateErrorKind::EmptyVarName => {
                write!(f, "empty variable name at byte {off} (RFC 6570 §2.3)")
            }
            TemplateErrorKind::InvalidVarName => {
                ch(f)?;
                write!(
                    f,
                    " at byte {off} is not allowed in a variable name (RFC 6570 §2.3)"
                )
            }
            TemplateErrorKind::InvalidPrefix => write!(
                f,
                "the prefix length at byte {off} is not a number from 1 to 9999 (RFC 6570 §2.4.1)"
            ),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for TemplateError {}

/// A value that a template cannot expand: a prefix modifier on a list or an associative
/// array, which RFC 6570 §2.4.1 does not define.
///
/// ```
/// use iri::template::{Template, Value, Vars};
/// let t = Template::parse("{list:3}").unwrap();
/// let err = t.expand_uri(&Vars::new().with("list", Value::list(["a"]))).unwrap_err();
/// assert_eq!(err.variable(), "list");
/// assert_eq!(
///     err.to_string(),
///     "cannot expand variable 'list': a prefix modifier applies only to strings (RFC 6570 §2.4.1)"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ExpandError {
    variable: String,
}

impl ExpandError {
    /// The name of the variable whose value does not fit its modifier.
    ///
    /// ```
    /// use iri::template::{Template, Value, Vars};
    /// let t = Template::parse("{m:1}").unwrap();
    /// let vars = Vars::new().with("m", Value::map([("k", "v")]));
    /// assert_eq!(t.expand_iri(&vars).unwrap_err().variable(), "m");
    /// ```
    pub fn variable(&self) -> &str {
        &self.variable
    }

    /// A stable kebab-case name for this error: `prefix-on-composite`.
    ///
    /// ```
    /// use iri::template::{Template, Value, Vars};
    /// let t = Template::parse("{m:1}").unwrap();
    /// let err = t.expand_uri(&Vars::new().with("m", Value::list(["v"]))).unwrap_err();
    /// assert_eq!(err.kind(), "prefix-on-composite");
    /// ```
    pub fn kind(&self) -> &'static str {
        "prefix-on-composite"
    }
}

impl fmt::Display for ExpandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot expand variable '{}': a prefix modifier applies only to strings (RFC 6570 §2.4.1)",
            self.variable
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ExpandError {}

/// Which text an expansion writes, or a match reads.
///
/// ```
/// use iri::template::{Output, Template, Vars};
/// let t = Template::parse("/{x}").unwrap();
/// let vars = Vars::new().with("x", "é");
/// assert_eq!(t.expand(&vars, Output::Uri).unwrap(), "/%C3%A9");
/// assert_eq!(t.expand(&vars, Output::Iri).unwrap(), "/é");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Output {
    /// A URI reference (RFC 3986): RFC 6570's own output.
    Uri,
    /// An IRI reference (RFC 3987): `ucschar` characters kept (see the module documentation).
    Iri,
}

impl Template {
    /// Parses a template (RFC 6570 §2).
    ///
    /// ```
    /// use iri::template::Template;
    /// assert!(Template::parse("http://example.com/{+path}{?x,y}{#frag}").is_ok());
    /// let err = Template::parse("/{a b}").unwrap_err();
    /// assert_eq!(err.offset(), 3);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid URI template: U+0020 SPACE at byte 3 is not allowed in a variable name (RFC 6570 §2.3)"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Template, TemplateError> {
        let mut t = Template {
            text: String::from(text),
            parts: Vec::new(),
            specs: Vec::new(),
        };
        let b = text.as_bytes();
        let err = |kind, offset: usize| TemplateError {
            kind,
            offset,
            ch: text[offset..].chars().next(),
        };
        let mut i = 0;
        let mut lit_start = 0;
        while i < b.len() {
            if b[i] == b'{' {
                if lit_start < i {
                    t.parts.push(Part::Literal(lit_start, i));
                }
                let open = i;
                i += 1;
                let op = match b.get(i) {
                    None => return Err(err(TemplateErrorKind::UnclosedExpression, open)),
                    Some(&c) => match Operator::from_byte(c) {
                        Some(op) => {
                            i += 1;
                            op
                        }
                        None if matches!(c, b'=' | b',' | b'!' | b'@' | b'|') => {
                            return Err(err(TemplateErrorKind::ReservedOperator, i))
                        }
                        None => Operator::Simple,
                    },
                };
                let first_spec = t.specs.len();
                loop {
                    let name_start = i;
                    i = parse_varname(b, i).map_err(|(k, o)| err(k, o))?;
                    if i == name_start {
                        return Err(match b.get(i) {
                            None => err(TemplateErrorKind::UnclosedExpression, open),
                            Some(b',' | b'}' | b':' | b'*') => {
                                err(TemplateErrorKind::EmptyVarName, i)
                            }
                            Some(_) => err(TemplateErrorKind::InvalidVarName, i),
                        });
                    }
                    let name = (name_start, i);
                    let modifier = match b.get(i) {
                        Some(b'*') => {
                            i += 1;
                            Modifier::Explode
                        }
                        Some(b':') => {
                            i += 1;
                            let start = i;
                            while i < b.len() && b[i].is_ascii_digit() && i - start < 5 {
                                i += 1;
                            }
                            let digits = &text[start..i];
                            match digits.parse::<u16>() {
                                Ok(n @ 1..=9999) if !digits.starts_with('0') => Modifier::Prefix(n),
                                _ => return Err(err(TemplateErrorKind::InvalidPrefix, start)),
                            }
                        }
                        _ => Modifier::None,
                    };
                    t.specs.push(VarSpec { name, modifier });
                    match b.get(i) {
                        Some(b',') => i += 1,
                        Some(b'}') => {
                            i += 1;
                            break;
                        }
                        None => return Err(err(TemplateErrorKind::UnclosedExpression, open)),
                        Some(_) => return Err(err(TemplateErrorKind::InvalidVarName, i)),
                    }
                }
                t.parts.push(Part::Expr(op, first_spec, t.specs.len()));
                lit_start = i;
                continue;
            }
            if b[i] == b'%' {
                if pct_at(b, i, b.len()).is_none() {
                    return Err(err(TemplateErrorKind::InvalidPctEncoding, i));
                }
                i += 3;
                continue;
            }
            let c = text[i..].chars().next().unwrap_or('\0');
            if !is_literal_char(c) {
                return Err(err(TemplateErrorKind::InvalidLiteral, i));
            }
            i += c.len_utf8();
        }
        if lit_start < b.len() {
            t.parts.push(Part::Literal(lit_start, b.len()));
        }
        Ok(t)
    }

    /// The template's text.
    ///
    /// ```
    /// assert_eq!(iri::template::Template::parse("{x}").unwrap().as_str(), "{x}");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The variable names, in the order they first appear, each once.
    ///
    /// ```
    /// let t = iri::template::Template::parse("{a}/{b,a}{?c*}").unwrap();
    /// assert_eq!(t.variables().collect::<Vec<_>>(), ["a", "b", "c"]);
    /// ```
    pub fn variables(&self) -> impl Iterator<Item = &str> + '_ {
        self.specs.iter().enumerate().filter_map(move |(i, s)| {
            let name = self.name(s);
            (!self.specs[..i].iter().any(|p| self.name(p) == name)).then_some(name)
        })
    }

    /// The expressions, in order: each operator with its variables and their modifiers.
    ///
    /// ```
    /// use iri::template::{Modifier, Operator, Template};
    /// let t = Template::parse("a{/x,y*}b").unwrap();
    /// let (op, vars) = t.expressions().next().unwrap();
    /// assert_eq!(op, Operator::Path);
    /// assert_eq!(vars.collect::<Vec<_>>(), [("x", Modifier::None), ("y", Modifier::Explode)]);
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn expressions(
        &self,
    ) -> impl Iterator<Item = (Operator, impl Iterator<Item = (&str, Modifier)> + '_)> + '_ {
        self.parts.iter().filter_map(move |p| match *p {
            Part::Expr(op, a, b) => Some((
                op,
                self.specs[a..b]
                    .iter()
                    .map(move |s| (self.name(s), s.modifier)),
            )),
            Part::Literal(..) => None,
        })
    }

    fn name(&self, s: &VarSpec) -> &str {
        &self.text[s.name.0..s.name.1]
    }
}

impl fmt::Display for Template {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl core::str::FromStr for Template {
    type Err = TemplateError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Template::parse(s)
    }
}

/// `varname` at `b[i..]` (§2.3): `varchar *( ["."] varchar )`, `varchar = ALPHA / DIGIT /
/// "_" / pct-encoded`. Returns where it ends (`i` itself if there is none).
fn parse_varname(b: &[u8], mut i: usize) -> Result<usize, (TemplateErrorKind, usize)> {
    let start = i;
    loop {
        match b.get(i) {
            Some(c) if c.is_ascii_alphanumeric() || *c == b'_' => i += 1,
            Some(b'%') => {
                if pct_at(b, i, b.len()).is_none() {
                    return Err((TemplateErrorKind::InvalidPctEncoding, i));
                }
                i += 3;
            }
            Some(b'.') => {
                if i == start
                    || b[i - 1] == b'.'
                    || !matches!(b.get(i + 1), Some(c) if c.is_ascii_alphanumeric() || *c == b'_' || *c == b'%')
                {
                    return Err((TemplateErrorKind::EmptyVarName, i));
                }
                i += 1;
            }
            _ => return Ok(i),
        }
    }
}

/// Whether `c` may stand in a literal (§2.1), `%` aside. `'` is accepted (see the module
/// documentation).
fn is_literal_char(c: char) -> bool {
    let cp = c as u32;
    if cp < 0x80 {
        matches!(c, '!' | '#' | '$' | '&' | '\'' | '('..=';' | '=' | '?'..='[' | ']' | '_' | 'a'..='z' | '~')
    } else {
        is_ucschar(cp) || is_iprivate(cp)
    }
}

#[cfg(test)]
mod tests;
