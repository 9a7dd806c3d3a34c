//! Parse errors: what went wrong, in which component, at which byte, and which character.
//!
//! Every rejection of the strict grammar (RFC 3987 §2.2, RFC 3986 §3, and the §4.1 ban on bidi
//! formatting characters) is one [`ParseError`]. Its `Display` is a sentence for people; its
//! accessors are for programs. When the input looks like a common mistake (an IPv6 address
//! without the brackets of RFC 3986 §3.2.2, a `[` without its `]`, a `\` for a `/`, …), the
//! error carries a [`Hint`] at what was probably meant.

use core::fmt;

use crate::Kind;

/// The component of an IRI reference in which an error was found.
///
/// ```
/// use iri::{Component, IriRef};
/// let err = IriRef::parse("http://a/b c").unwrap_err();
/// assert_eq!(err.component(), Component::Path);
/// assert_eq!(Component::Path.to_string(), "path");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Component {
    /// `scheme` (RFC 3986 §3.1).
    Scheme,
    /// `iuserinfo` (RFC 3986 §3.2.1).
    Userinfo,
    /// `ihost` (RFC 3986 §3.2.2).
    Host,
    /// `port` (RFC 3986 §3.2.3).
    Port,
    /// `ipath` (RFC 3986 §3.3).
    Path,
    /// `iquery` (RFC 3986 §3.4).
    Query,
    /// `ifragment` (RFC 3986 §3.5).
    Fragment,
}

impl Component {
    /// The component's name in lower case, as used in messages and in JSON output.
    ///
    /// ```
    /// assert_eq!(iri::Component::Userinfo.as_str(), "userinfo");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Component::Scheme => "scheme",
            Component::Userinfo => "userinfo",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What kind of error a [`ParseError`] is.
///
/// ```
/// use iri::{ErrorKind, Iri};
/// assert_eq!(Iri::parse("//example.org/").unwrap_err().kind(), ErrorKind::MissingScheme);
/// assert_eq!(ErrorKind::MissingScheme.as_str(), "missing-scheme");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A character that the component does not allow where it stands.
    InvalidChar,
    /// A bidi formatting character (RFC 3987 §4.1; also the isolates U+2066–U+2069).
    BidiFormatting,
    /// A `%` not followed by two hex digits (RFC 3986 §2.1).
    InvalidPctEncoding,
    /// The grammar needs a scheme and the input has none.
    MissingScheme,
    /// A relative reference whose first path segment holds `:` (RFC 3986 §4.2).
    ColonInFirstSegment,
    /// A `[…]` host that is neither an `IPv6address` nor an `IPvFuture` (RFC 3986 §3.2.2).
    InvalidIpLiteral,
    /// A non-digit in the port (RFC 3986 §3.2.3).
    InvalidPort,
    /// A non-ASCII character where only a URI (ASCII) is allowed.
    NonAscii,
    /// A fragment in an `absolute-IRI` (RFC 3986 §4.3).
    FragmentNotAllowed,
    /// Input longer than 2 GiB − 1 bytes, which the compact offsets cannot address.
    TooLong,
    /// A path that neither is empty nor starts with `/` after an authority (RFC 3986 §3.3);
    /// only a builder or a setter can put them together.
    RelativePathAfterAuthority,
    /// A path that starts with `//` without an authority, where it would read as one
    /// (RFC 3986 §3.3); only a builder or a setter can put them together.
    DoubleSlashWithoutAuthority,
    /// A userinfo or port set on a reference without an authority (RFC 3986 §3.2): the host
    /// comes first.
    NoAuthority,
}

impl ErrorKind {
    /// A stable kebab-case name, as used in JSON output and test tables.
    ///
    /// ```
    /// assert_eq!(iri::ErrorKind::BidiFormatting.as_str(), "bidi-formatting");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidChar => "invalid-char",
            ErrorKind::BidiFormatting => "bidi-formatting",
            ErrorKind::InvalidPctEncoding => "invalid-pct-encoding",
            ErrorKind::MissingScheme => "missing-scheme",
            ErrorKind::ColonInFirstSegment => "colon-in-first-segment",
            ErrorKind::InvalidIpLiteral => "invalid-ip-literal",
            ErrorKind::InvalidPort => "invalid-port",
            ErrorKind::NonAscii => "non-ascii",
            ErrorKind::FragmentNotAllowed => "fragment-not-allowed",
            ErrorKind::TooLong => "too-long",
            ErrorKind::RelativePathAfterAuthority => "relative-path-after-authority",
            ErrorKind::DoubleSlashWithoutAuthority => "double-slash-without-authority",
            ErrorKind::NoAuthority => "no-authority",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an invalid input probably meant: a suggestion attached to a [`ParseError`] when the
/// input looks like a common mistake. The error's `Display` ends with it (`…; hint: …`).
///
/// ```
/// use iri::{Hint, IriRef};
/// let err = IriRef::parse("http://2001:db8::1/").unwrap_err();
/// assert_eq!(err.hint(), Some(Hint::Ipv6NeedsBrackets));
/// assert!(err.to_string().ends_with(
///     "; hint: an IPv6 address as host is enclosed in square brackets, as in \
///      http://[2001:db8::1]/ (RFC 3986 §3.2.2)"
/// ));
/// assert_eq!(IriRef::parse("http://[::1/").unwrap_err().hint(), Some(Hint::MissingClosingBracket));
/// assert_eq!(IriRef::parse("http://a/b c").unwrap_err().hint(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Hint {
    /// The host is an IPv6 address without brackets (`http://2001:db8::1/`): an IP literal is
    /// enclosed in `[` and `]` (RFC 3986 §3.2.2).
    Ipv6NeedsBrackets,
    /// An IP literal opens with `[` and the authority ends without its `]` (`http://[::1/`).
    MissingClosingBracket,
    /// An IPv4 address in brackets (`http://[192.0.2.1]/`): brackets are for IPv6 and
    /// IPvFuture only (RFC 3986 §3.2.2).
    Ipv4InBrackets,
    /// A second `@` in the authority (`http://user:p@ss@host/`): the first ends the user
    /// information, so an `@` inside it is written `%40` (RFC 3986 §3.2.1).
    AtInUserinfo,
    /// A `\` where a `/` was probably meant (`http:\\example.org\a`).
    Backslash,
    /// A `%` that is not a percent-encoding: a literal `%` is written `%25` (RFC 3986 §2.4).
    LiteralPercent,
    /// A relative reference that starts with a scheme (`http://a/` read as a relative
    /// reference): it is an absolute IRI, and a relative reference has no scheme
    /// (RFC 3986 §4.1, §4.2).
    AbsoluteNotRelative,
}

impl Hint {
    /// A stable kebab-case name.
    ///
    /// ```
    /// assert_eq!(iri::Hint::Ipv6NeedsBrackets.as_str(), "ipv6-needs-brackets");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Hint::Ipv6NeedsBrackets => "ipv6-needs-brackets",
            Hint::MissingClosingBracket => "missing-closing-bracket",
            Hint::Ipv4InBrackets => "ipv4-in-brackets",
            Hint::AtInUserinfo => "at-in-userinfo",
            Hint::Backslash => "backslash",
            Hint::LiteralPercent => "literal-percent",
            Hint::AbsoluteNotRelative => "absolute-not-relative",
        }
    }

    /// The suggestion as a sentence for people (what `Display` writes).
    ///
    /// ```
    /// assert_eq!(
    ///     iri::Hint::LiteralPercent.message(),
    ///     "a literal '%' is written %25 (RFC 3986 §2.4)"
    /// );
    /// ```
    pub const fn message(self) -> &'static str {
        match self {
            Hint::Ipv6NeedsBrackets => {
                "an IPv6 address as host is enclosed in square brackets, as in \
                 http://[2001:db8::1]/ (RFC 3986 §3.2.2)"
            }
            Hint::MissingClosingBracket => {
                "the ']' that closes the IP literal is missing, as in http://[::1]/ \
                 (RFC 3986 §3.2.2)"
            }
            Hint::Ipv4InBrackets => {
                "an IPv4 address is written without brackets, as in http://192.0.2.1/; \
                 brackets are for IPv6 and IPvFuture (RFC 3986 §3.2.2)"
            }
            Hint::AtInUserinfo => {
                "the first '@' ends the user information, so an '@' inside it is written %40 \
                 (RFC 3986 §3.2.1)"
            }
            Hint::Backslash => {
                "'\\' does not separate segments: write '/' (or %5C for a backslash that is data)"
            }
            Hint::LiteralPercent => "a literal '%' is written %25 (RFC 3986 §2.4)",
            Hint::AbsoluteNotRelative => {
                "it starts with a scheme, so it is an absolute IRI, and a relative reference \
                 has none: read it as an IRI or IRI reference (RFC 3986 §4.1); if the ':' is \
                 data, write \"./\" before the segment"
            }
        }
    }
}

impl fmt::Display for Hint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// Why a string is not a valid IRI (or URI) of the requested kind.
///
/// ```
/// use iri::{Component, ErrorKind, IriRef};
/// let err = IriRef::parse("http://example.org/a b").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidChar);
/// assert_eq!(err.component(), Component::Path);
/// assert_eq!(err.offset(), 20);
/// assert_eq!(err.char(), Some(' '));
/// assert_eq!(
///     err.to_string(),
///     "invalid IRI reference: U+0020 SPACE at byte 20 is not allowed in the path"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParseError {
    pub(crate) kind: ErrorKind,
    pub(crate) grammar: Kind,
    pub(crate) component: Component,
    pub(crate) offset: usize,
    pub(crate) ch: Option<char>,
    pub(crate) hint: Option<Hint>,
}

impl ParseError {
    pub(crate) fn new(
        kind: ErrorKind,
        grammar: Kind,
        component: Component,
        offset: usize,
        ch: Option<char>,
    ) -> Self {
        ParseError {
            kind,
            grammar,
            component,
            offset,
            ch,
            hint: None,
        }
    }

    /// What went wrong.
    ///
    /// ```
    /// let err = iri::IriRef::parse("a%zz").unwrap_err();
    /// assert_eq!(err.kind(), iri::ErrorKind::InvalidPctEncoding);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The component in which it went wrong.
    ///
    /// ```
    /// let err = iri::IriRef::parse("http://a:8x/").unwrap_err();
    /// assert_eq!(err.component(), iri::Component::Port);
    /// ```
    pub fn component(&self) -> Component {
        self.component
    }

    /// The byte offset in the input of the offending character (or of the start of the
    /// offending construct, such as the `[` of a bad IP literal).
    ///
    /// ```
    /// let err = iri::IriRef::parse("é/<").unwrap_err();
    /// assert_eq!(err.offset(), 3);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The offending character, where there is one.
    ///
    /// ```
    /// let err = iri::IriRef::parse("a\u{202E}b").unwrap_err();
    /// assert_eq!(err.char(), Some('\u{202E}'));
    /// ```
    pub fn char(&self) -> Option<char> {
        self.ch
    }

    /// What the input probably meant, when it looks like a common mistake (see [`Hint`]).
    ///
    /// ```
    /// use iri::{Hint, IriRef};
    /// let err = IriRef::parse("http://[192.0.2.1]/").unwrap_err();
    /// assert_eq!(err.hint(), Some(Hint::Ipv4InBrackets));
    /// ```
    pub fn hint(&self) -> Option<Hint> {
        self.hint
    }

    /// The grammar rule the input was parsed against.
    ///
    /// ```
    /// let err = iri::Iri::parse("no scheme").unwrap_err();
    /// assert_eq!(err.grammar(), iri::Kind::Iri);
    /// ```
    pub fn grammar(&self) -> Kind {
        self.grammar
    }
}

/// Writes `U+XXXX NAME` (or `U+XXXX 'c'`, or plain `U+XXXX`) for a character.
pub(crate) fn fmt_char(f: &mut fmt::Formatter<'_>, c: char) -> fmt::Result {
    write!(f, "U+{:04X}", c as u32)?;
    if let Some(name) = char_name(c) {
        write!(f, " {name}")
    } else if c.is_alphanumeric() || (c.is_ascii_graphic()) {
        write!(f, " '{c}'")
    } else {
        Ok(())
    }
}

/// Names of the characters that errors most often point at: ASCII controls and punctuation,
/// the bidi formatting characters, and the common invisible spaces. Others print as `'c'`.
pub(crate) fn char_name(c: char) -> Option<&'static str> {
    const CONTROL: [&str; 32] = [
        "NULL",
        "START OF HEADING",
        "START OF TEXT",
        "END OF TEXT",
        "END OF TRANSMISSION",
        "ENQUIRY",
        "ACKNOWLEDGE",
        "BELL",
        "BACKSPACE",
        "CHARACTER TABULATION",
        "LINE FEED",
        "LINE TABULATION",
        "FORM FEED",
        "CARRIAGE RETURN",
        "SHIFT OUT",
        "SHIFT IN",
        "DATA LINK ESCAPE",
        "DEVICE CONTROL ONE",
        "DEVICE CONTROL TWO",
        "DEVICE CONTROL THREE",
        "DEVICE CONTROL FOUR",
        "NEGATIVE ACKNOWLEDGE",
        "SYNCHRONOUS IDLE",
        "END OF TRANSMISSION BLOCK",
        "CANCEL",
        "END OF MEDIUM",
        "SUBSTITUTE",
        "ESCAPE",
        "INFORMATION SEPARATOR FOUR",
        "INFORMATION SEPARATOR THREE",
        "INFORMATION SEPARATOR TWO",
        "INFORMATION SEPARATOR ONE",
    ];
    Some(match c {
        '\0'..='\x1F' => CONTROL[c as usize],
        ' ' => "SPACE",
        '!' => "EXCLAMATION MARK",
        '"' => "QUOTATION MARK",
        '#' => "NUMBER SIGN",
        '$' => "DOLLAR SIGN",
        '%' => "PERCENT SIGN",
        '&' => "AMPERSAND",
        '\'' => "APOSTROPHE",
        '(' => "LEFT PARENTHESIS",
        ')' => "RIGHT PARENTHESIS",
        '*' => "ASTERISK",
        '+' => "PLUS SIGN",
        ',' => "COMMA",
        '-' => "HYPHEN-MINUS",
        '.' => "FULL STOP",
        '/' => "SOLIDUS",
        ':' => "COLON",
        ';' => "SEMICOLON",
        '<' => "LESS-THAN SIGN",
        '=' => "EQUALS SIGN",
        '>' => "GREATER-THAN SIGN",
        '?' => "QUESTION MARK",
        '@' => "COMMERCIAL AT",
        '[' => "LEFT SQUARE BRACKET",
        '\\' => "REVERSE SOLIDUS",
        ']' => "RIGHT SQUARE BRACKET",
        '^' => "CIRCUMFLEX ACCENT",
        '_' => "LOW LINE",
        '`' => "GRAVE ACCENT",
        '{' => "LEFT CURLY BRACKET",
        '|' => "VERTICAL LINE",
        '}' => "RIGHT CURLY BRACKET",
        '~' => "TILDE",
        '\x7F' => "DELETE",
        '\u{85}' => "NEXT LINE",
        '\u{A0}' => "NO-BREAK SPACE",
        '\u{AD}' => "SOFT HYPHEN",
        '\u{200B}' => "ZERO WIDTH SPACE",
        '\u{200C}' => "ZERO WIDTH NON-JOINER",
        '\u{200D}' => "ZERO WIDTH JOINER",
        '\u{200E}' => "LEFT-TO-RIGHT MARK",
        '\u{200F}' => "RIGHT-TO-LEFT MARK",
        '\u{2028}' => "LINE SEPARATOR",
        '\u{2029}' => "PARAGRAPH SEPARATOR",
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        '\u{2060}' => "WORD JOINER",
        '\u{2066}' => "LEFT-TO-RIGHT ISOLATE",
        '\u{2067}' => "RIGHT-TO-LEFT ISOLATE",
        '\u{2068}' => "FIRST STRONG ISOLATE",
        '\u{2069}' => "POP DIRECTIONAL ISOLATE",
        '\u{3000}' => "IDEOGRAPHIC SPACE",
        '\u{FEFF}' => "ZERO WIDTH NO-BREAK SPACE",
        '\u{FFFD}' => "REPLACEMENT CHARACTER",
        _ => return None,
    })
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid {}: ", self.grammar.description())?;
        let off = self.offset;
        let comp = self.component;
        let ch = |f: &mut fmt::Formatter<'_>| match self.ch {
            Some(c) => fmt_char(f, c),
            None => f.write_str("end of input"),
        };
        match self.kind {
            ErrorKind::InvalidChar => {
                ch(f)?;
                write!(f, " at byte {off} is not allowed in the {comp}")
            }
            ErrorKind::BidiFormatting => {
                ch(f)?;
                write!(
                    f,
                    " at byte {off} in the {comp} is a bidi formatting character, \
                     which IRIs must not contain (RFC 3987 §4.1)"
                )
            }
            ErrorKind::InvalidPctEncoding => write!(
                f,
                "'%' at byte {off} in the {comp} is not followed by two hex digits"
            ),
            ErrorKind::MissingScheme => f.write_str(
                "no scheme: it must start with a letter, then letters, digits, '+', '-' or '.', then ':'",
            ),
            ErrorKind::ColonInFirstSegment if self.hint == Some(Hint::AbsoluteNotRelative) => {
                write!(
                    f,
                    "':' at byte {off} ends a scheme, which a relative reference does not have"
                )
            }
            ErrorKind::ColonInFirstSegment => write!(
                f,
                "':' at byte {off} is in the first path segment of a relative reference, \
                 where it would read as a scheme (write \"./\" before the segment)"
            ),
            ErrorKind::InvalidIpLiteral => write!(
                f,
                "the IP literal at byte {off} is not a valid IPv6 address or IPvFuture \
                 (RFC 3986 §3.2.2; zone identifiers are not allowed)"
            ),
            ErrorKind::InvalidPort => {
                ch(f)?;
                write!(f, " at byte {off} is not a digit, and the port holds only digits")
            }
            ErrorKind::NonAscii => {
                ch(f)?;
                write!(
                    f,
                    " at byte {off} in the {comp} is not ASCII, and URIs allow only ASCII \
                     (map the IRI to a URI first, RFC 3987 §3.1)"
                )
            }
            ErrorKind::FragmentNotAllowed => write!(
                f,
                "'#' at byte {off} starts a fragment, which an absolute IRI does not have"
            ),
            ErrorKind::TooLong => write!(
                f,
                "the input is {off} bytes long; at most 2147483647 bytes are supported"
            ),
            ErrorKind::RelativePathAfterAuthority => write!(
                f,
                "the path at byte {off} follows an authority, so it must be empty or start \
                 with '/' (RFC 3986 §3.3)"
            ),
            ErrorKind::DoubleSlashWithoutAuthority => write!(
                f,
                "the path at byte {off} starts with \"//\" and there is no authority, so it \
                 would read as one (RFC 3986 §3.3; write \"/.\" before it)"
            ),
            ErrorKind::NoAuthority => write!(
                f,
                "there is no authority to hold the {comp}: set the host first (RFC 3986 §3.2)"
            ),
        }?;
        match self.hint {
            Some(hint) => write!(f, "; hint: {hint}"),
            None => Ok(()),
        }
    }
}

impl core::error::Error for ParseError {}
