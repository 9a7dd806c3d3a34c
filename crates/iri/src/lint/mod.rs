//! Diagnostics: what is wrong or risky in an IRI beyond its grammar, each with a stable code,
//! a severity, the component, a byte span, a message and the RFC section it comes from.
//!
//! Implements the checks of RFC 3987 §4 (bidi: §4.1 formatting characters, §4.2 component
//! rules), §6.1 and §7.5 (character limits: NFC, NFKC, look-alikes, invisible and unassigned
//! characters, mixed scripts, confusables, private use) and §8 with RFC 3986 §7 (security:
//! overlong UTF-8, encoded surrogates, legacy octets, encoded delimiters, passwords, hosts that
//! read as IPv4 addresses, host labels that mix scripts). The list of codes, with severities,
//! sections and examples, is in `docs/diagnostics.md`.
//!
//! [`lint`] takes a parsed reference; [`lint_str`] takes any string: a string that fails to
//! parse gets the parse error first, then whatever can still be said about its parts, found by
//! their delimiters. A [`Policy`] raises, lowers or silences codes, as a linter's configuration
//! does.
//!
//! Left out on purpose: protocol knowledge (whether a host resolves), and judging whether a
//! mix of scripts is normal for a language (Japanese mixes four); mixed scripts are reported
//! per UTS #39's single-script test, which treats Han with Hiragana/Katakana as one script.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::error::{Component, ErrorKind};
use crate::IriRef;

mod bidi_rules;
mod characters;
mod security;
mod uts39;

/// How serious a diagnostic is.
///
/// ```
/// use iri::lint::Severity;
/// assert!(Severity::Error > Severity::Warning && Severity::Warning > Severity::Info);
/// assert_eq!(Severity::Warning.as_str(), "warning");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; not a problem in itself.
    Info,
    /// Legal, but against a SHOULD or a recommendation of the RFCs, or risky.
    Warning,
    /// Against a MUST, or invalid.
    Error,
}

impl Severity {
    /// `info`, `warning` or `error`.
    ///
    /// ```
    /// assert_eq!(iri::lint::Severity::Error.as_str(), "error");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! codes {
    ($( $(#[$doc:meta])* $variant:ident = $name:literal, $severity:ident, $section:literal; )*) => {
        /// A diagnostic's stable code.
        ///
        /// ```
        /// use iri::lint::{Code, Severity};
        /// assert_eq!(Code::PasswordInUserinfo.as_str(), "password-in-userinfo");
        /// assert_eq!(Code::from_name("overlong-utf8"), Some(Code::OverlongUtf8));
        /// assert_eq!(Code::OverlongUtf8.default_severity(), Severity::Error);
        /// assert_eq!(Code::BidiMixedDirection.section(), "RFC 3987 §4.2");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $( $(#[$doc])* $variant, )*
        }

        impl Code {
            /// Every code, in documentation order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable kebab-case name.
            ///
            /// ```
            /// assert_eq!(iri::lint::Code::NotNfc.as_str(), "not-nfc");
            /// ```
            pub const fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $name,)* }
            }

            /// The severity unless a [`Policy`] says otherwise.
            ///
            /// ```
            /// use iri::lint::{Code, Severity};
            /// assert_eq!(Code::NonUtf8Octets.default_severity(), Severity::Info);
            /// ```
            pub const fn default_severity(self) -> Severity {
                match self { $(Code::$variant => Severity::$severity,)* }
            }

            /// The RFC section the rule comes from.
            ///
            /// ```
            /// assert_eq!(iri::lint::Code::OverlongUtf8.section(), "RFC 3987 §8");
            /// ```
            pub const fn section(self) -> &'static str {
                match self { $(Code::$variant => $section,)* }
            }

            /// The code with the given kebab-case name.
            ///
            /// ```
            /// assert_eq!(iri::lint::Code::from_name("no-such-code"), None);
            /// ```
            pub fn from_name(name: &str) -> Option<Code> {
                match name { $($name => Some(Code::$variant),)* _ => None }
            }
        }
    };
}

codes! {
    /// The string is not a valid IRI reference (any grammar error but §4.1's).
    ParseError = "parse-error", Error, "RFC 3987 §2.2";
    /// A bidi formatting character (LRM, RLM, LRE, RLE, PDF, LRO, RLO, or an isolate).
    BidiFormattingCharacter = "bidi-formatting-character", Error, "RFC 3987 §4.1";
    /// A component mixes right-to-left and left-to-right characters.
    BidiMixedDirection = "bidi-mixed-direction", Warning, "RFC 3987 §4.2";
    /// A component with right-to-left characters does not start and end with one.
    BidiRtlBoundary = "bidi-rtl-boundary", Warning, "RFC 3987 §4.2";
    /// Text not in Unicode Normalization Form C.
    NotNfc = "not-nfc", Warning, "RFC 3987 §5.3.2.2";
    /// Compatibility characters (ligatures, full-width Latin, half-width Katakana, …).
    NotNfkc = "not-nfkc", Warning, "RFC 3987 §7.5";
    /// A character that looks like a delimiter (`/`, `.`, `?`, `#`, `@`, `:`, …).
    LookalikeDelimiter = "lookalike-delimiter", Warning, "RFC 3987 §6.1";
    /// A character that looks like a space, or is a line or paragraph separator.
    LookalikeSpace = "lookalike-space", Warning, "RFC 3987 §6.1";
    /// A default-ignorable or invisible character (zero-width space, soft hyphen, …).
    InvisibleCharacter = "invisible-character", Warning, "RFC 3987 §6.1";
    /// A code point not assigned in the Unicode version the library knows.
    UnassignedCodePoint = "unassigned-code-point", Warning, "RFC 3987 §6.1";
    /// A component that mixes scripts (UTS #39 single-script test).
    MixedScript = "mixed-script", Warning, "RFC 3987 §7.5";
    /// A non-ASCII component whose UTS #39 skeleton is plain ASCII: it can pass for ASCII.
    Confusable = "confusable", Warning, "RFC 3987 §7.5";
    /// A private-use character (allowed only in the query).
    PrivateUse = "private-use", Warning, "RFC 3987 §2.2";
    /// A percent-encoded overlong UTF-8 sequence (`%C0%AF`).
    OverlongUtf8 = "overlong-utf8", Error, "RFC 3987 §8";
    /// The traversal pattern `%C0%AF..` (an overlong `/` next to dots).
    OverlongTraversal = "overlong-traversal", Error, "RFC 3987 §8";
    /// A percent-encoded UTF-16 surrogate (`%ED%A0%80`).
    EncodedSurrogate = "encoded-surrogate", Error, "RFC 3987 §3.2";
    /// Percent-encoded octets that are not UTF-8, probably from a legacy charset.
    NonUtf8Octets = "non-utf8-octets", Info, "RFC 3987 §3.2";
    /// A percent-encoded `/`, `?`, `#` or `.` in the path.
    EncodedDelimiterInPath = "encoded-delimiter-in-path", Warning, "RFC 3986 §2.2";
    /// A password in the userinfo (`user:password@`).
    PasswordInUserinfo = "password-in-userinfo", Warning, "RFC 3986 §3.2.1";
    /// A registered name that some software reads as an IPv4 address (`0x7f.1`, `2130706433`).
    Ipv4LookalikeHost = "ipv4-lookalike-host", Warning, "RFC 3986 §7.4";
    /// A host label that mixes scripts.
    MixedScriptHostLabel = "mixed-script-host-label", Warning, "RFC 3987 §8";
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding.
///
/// ```
/// use iri::lint::{lint_str, Code, Severity};
/// let d = &lint_str("http://user:secret@example.org/")[0];
/// assert_eq!(d.code, Code::PasswordInUserinfo);
/// assert_eq!(d.severity, Severity::Warning);
/// assert_eq!(d.component, Some(iri::Component::Userinfo));
/// assert_eq!(&"http://user:secret@example.org/"[d.span.clone()], "user:secret");
/// assert_eq!(d.section, "RFC 3986 §3.2.1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code.
    pub code: Code,
    /// The severity, after the policy.
    pub severity: Severity,
    /// The component it concerns, when it concerns one.
    pub component: Option<Component>,
    /// The byte range of the input it points at.
    pub span: Range<usize>,
    /// A sentence for people.
    pub message: String,
    /// The RFC section the rule comes from.
    pub section: &'static str,
    /// A replacement for the text under the span, where one is known (NFC, NFKC forms).
    pub suggestion: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with the code's default severity and section.
    ///
    /// ```
    /// use iri::lint::{Code, Diagnostic};
    /// let d = Diagnostic::new(Code::NotNfc, Some(iri::Component::Path), 3..6, "not NFC");
    /// assert_eq!(d.section, "RFC 3987 §5.3.2.2");
    /// ```
    pub fn new(
        code: Code,
        component: Option<Component>,
        span: Range<usize>,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            severity: code.default_severity(),
            component,
            span,
            message: message.into(),
            section: code.section(),
            suggestion: None,
        }
    }

    /// Adds a suggested replacement for the text under the span.
    ///
    /// ```
    /// use iri::lint::{Code, Diagnostic};
    /// let d = Diagnostic::new(Code::NotNfkc, None, 0..3, "ligature").with_suggestion("fi");
    /// assert_eq!(d.suggestion.as_deref(), Some("fi"));
    /// ```
    pub fn with_suggestion(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestion = Some(suggestion.into());
        self
    }
}

impl fmt::Display for Diagnostic {
    /// `severity[code]: message (section)`.
    ///
    /// ```
    /// use iri::lint::{Code, Diagnostic};
    /// let d = Diagnostic::new(Code::PasswordInUserinfo, None, 0..1, "a password");
    /// assert_eq!(d.to_string(), "warning[password-in-userinfo]: a password (RFC 3986 §3.2.1)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}[{}]: {} ({})",
            self.severity, self.code, self.message, self.section
        )
    }
}

/// Raises, lowers or silences codes.
///
/// ```
/// use iri::lint::{Code, Linter, Policy, Severity};
/// let policy = Policy::new()
///     .set(Code::PasswordInUserinfo, Severity::Error)
///     .silence(Code::NotNfc);
/// let found = Linter::new(policy).lint_str("http://u:p@a/re\u{301}");
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].code, found[0].severity), (Code::PasswordInUserinfo, Severity::Error));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Policy {
    overrides: Vec<(Code, Option<Severity>)>,
}

impl Policy {
    /// Every code at its default severity.
    ///
    /// ```
    /// let p = iri::lint::Policy::new();
    /// assert_eq!(p.severity(iri::lint::Code::ParseError), Some(iri::lint::Severity::Error));
    /// ```
    pub fn new() -> Self {
        Policy::default()
    }

    /// Reports `code` at `severity`.
    ///
    /// ```
    /// use iri::lint::{Code, Policy, Severity};
    /// let p = Policy::new().set(Code::NotNfc, Severity::Error);
    /// assert_eq!(p.severity(Code::NotNfc), Some(Severity::Error));
    /// ```
    pub fn set(mut self, code: Code, severity: Severity) -> Self {
        self.overrides.retain(|(c, _)| *c != code);
        self.overrides.push((code, Some(severity)));
        self
    }

    /// Does not report `code`.
    ///
    /// ```
    /// use iri::lint::{Code, Policy};
    /// assert_eq!(Policy::new().silence(Code::Confusable).severity(Code::Confusable), None);
    /// ```
    pub fn silence(mut self, code: Code) -> Self {
        self.overrides.retain(|(c, _)| *c != code);
        self.overrides.push((code, None));
        self
    }

    /// The severity of `code` under this policy, or `None` when silenced.
    ///
    /// ```
    /// use iri::lint::{Code, Policy, Severity};
    /// let p = Policy::new().silence(Code::NotNfc);
    /// assert_eq!(p.severity(Code::NotNfc), None);
    /// assert_eq!(p.severity(Code::NotNfkc), Some(Severity::Warning));
    /// ```
    pub fn severity(&self, code: Code) -> Option<Severity> {
        match self.overrides.iter().find(|(c, _)| *c == code) {
            Some((_, s)) => *s,
            None => Some(code.default_severity()),
        }
    }
}

/// Runs every check under a [`Policy`], keeping at most [`Linter::max_per_code`] diagnostics
/// of each code.
///
/// ```
/// use iri::lint::Linter;
/// assert!(Linter::default().lint_str("https://example.org/a").is_empty());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Linter {
    policy: Policy,
    max_per_code: usize,
}

impl Linter {
    /// A linter with the given policy, keeping every diagnostic.
    ///
    /// ```
    /// use iri::lint::{Code, Linter, Policy};
    /// let quiet = Linter::new(Policy::new().silence(Code::PasswordInUserinfo));
    /// assert!(quiet.lint_str("http://u:p@a/").is_empty());
    /// ```
    pub fn new(policy: Policy) -> Self {
        Linter {
            policy,
            max_per_code: 0,
        }
    }

    /// Keeps at most `max` diagnostics of each code (the first by position) and counts the
    /// others in [`Report::omitted`]; 0 keeps every one (the default). The memory a report
    /// takes is then bounded by the number of codes, whatever the input: an input of a
    /// million `%C0%AF` gives 20 diagnostics with `max` 20, not a million.
    ///
    /// ```
    /// use iri::lint::{Code, Linter};
    /// let input = "http://a/".to_owned() + &"%C0%AF".repeat(50);
    /// let report = Linter::default().max_per_code(3).report_str(&input);
    /// assert_eq!(report.diagnostics.len(), 3);
    /// assert_eq!(report.diagnostics[0].span, 9..15);
    /// assert_eq!(report.omitted, [(Code::OverlongUtf8, 47)]);
    /// ```
    pub fn max_per_code(mut self, max: usize) -> Self {
        self.max_per_code = max;
        self
    }

    /// Diagnostics for a parsed IRI reference, in order of position.
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://0x7f.1/").unwrap();
    /// let found = iri::lint::Linter::default().lint(&r);
    /// assert_eq!(found[0].code, iri::lint::Code::Ipv4LookalikeHost);
    /// ```
    pub fn lint<T: AsRef<str>>(&self, r: &IriRef<T>) -> Vec<Diagnostic> {
        self.report(r).diagnostics
    }

    /// Diagnostics for any string: for one that fails to parse, the parse error first, then
    /// what can still be said about its parts.
    ///
    /// ```
    /// use iri::lint::{Code, Linter};
    /// let found = Linter::default().lint_str("http://a/\u{202E}x y");
    /// assert_eq!(found[0].code, Code::BidiFormattingCharacter);
    /// assert_eq!(found[0].span, 9..12);
    /// ```
    pub fn lint_str(&self, s: &str) -> Vec<Diagnostic> {
        self.report_str(s).diagnostics
    }

    /// [`Linter::lint`], with the count of the diagnostics left out by
    /// [`Linter::max_per_code`].
    ///
    /// ```
    /// let r = iri::IriRef::parse("http://a/%C0%AF%C0%AF").unwrap();
    /// let report = iri::lint::Linter::default().max_per_code(1).report(&r);
    /// assert_eq!((report.diagnostics.len(), report.omitted_total()), (1, 1));
    /// ```
    pub fn report<T: AsRef<str>>(&self, r: &IriRef<T>) -> Report {
        run(r.as_str(), None, self)
    }

    /// [`Linter::lint_str`], with the count of the diagnostics left out by
    /// [`Linter::max_per_code`].
    ///
    /// ```
    /// use iri::lint::{Code, Linter};
    /// let report = Linter::default().max_per_code(1).report_str("x:/\u{200B}a\u{200B}");
    /// assert_eq!(report.diagnostics[0].code, Code::InvisibleCharacter);
    /// assert_eq!(report.omitted, [(Code::InvisibleCharacter, 1)]);
    /// ```
    pub fn report_str(&self, s: &str) -> Report {
        let error = crate::parser::parse(s, crate::Kind::IriReference).err();
        run(s, error, self)
    }
}

/// What a [`Linter`] found in one input: the diagnostics kept, and how many of each code were
/// left out by [`Linter::max_per_code`].
///
/// ```
/// use iri::lint::{Code, Linter};
/// let report = Linter::default().max_per_code(2).report_str("x:/\u{200B}b\u{200B}c\u{200B}");
/// assert_eq!(report.diagnostics.len(), 2);
/// assert_eq!(report.omitted_of(Code::InvisibleCharacter), 1);
/// assert_eq!(report.omitted_total(), 1);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// The diagnostics kept: the parse error first, then in order of position, then code.
    pub diagnostics: Vec<Diagnostic>,
    /// For each code with diagnostics left out, how many, in the order of [`Code::ALL`].
    pub omitted: Vec<(Code, usize)>,
}

impl Report {
    /// The diagnostics left out, over every code.
    ///
    /// ```
    /// assert_eq!(iri::lint::Report::default().omitted_total(), 0);
    /// ```
    pub fn omitted_total(&self) -> usize {
        self.omitted.iter().map(|&(_, n)| n).sum()
    }

    /// The diagnostics of `code` left out.
    ///
    /// ```
    /// use iri::lint::{Code, Report};
    /// assert_eq!(Report::default().omitted_of(Code::NotNfc), 0);
    /// ```
    pub fn omitted_of(&self, code: Code) -> usize {
        self.omitted
            .iter()
            .find(|&&(c, _)| c == code)
            .map_or(0, |&(_, n)| n)
    }
}

/// Diagnostics for a parsed IRI reference with the default policy; see [`Linter::lint`].
///
/// ```
/// let r = iri::IriRef::parse("http://user:pw@example.org/").unwrap();
/// assert_eq!(iri::lint::lint(&r)[0].code, iri::lint::Code::PasswordInUserinfo);
/// ```
pub fn lint<T: AsRef<str>>(r: &IriRef<T>) -> Vec<Diagnostic> {
    Linter::default().lint(r)
}

/// Diagnostics for any string with the default policy; see [`Linter::lint_str`].
///
/// ```
/// let found = iri::lint::lint_str("http://a/b c");
/// assert_eq!(found[0].code, iri::lint::Code::ParseError);
/// ```
pub fn lint_str(s: &str) -> Vec<Diagnostic> {
    Linter::default().lint_str(s)
}

/// A part of the text, found by its delimiters (works on invalid input too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Part {
    pub(crate) component: Component,
    pub(crate) span: Range<usize>,
}

/// What the checks look at.
pub(crate) struct Ctx<'a> {
    pub(crate) text: &'a str,
    pub(crate) parts: Vec<Part>,
}

impl Ctx<'_> {
    /// The part of a component, if present.
    pub(crate) fn part(&self, c: Component) -> Option<&Part> {
        self.parts.iter().find(|p| p.component == c)
    }

    /// The text of a part.
    pub(crate) fn slice(&self, p: &Part) -> &str {
        &self.text[p.span.clone()]
    }
}

/// Splits `s` into its components by delimiters only, with the one splitter of the crate
/// ([`Components`](crate::Components): RFC 3986 Appendix B and §3.2), so that checks can run
/// on strings that fail to parse, and place a string's parts where the parser does.
pub(crate) fn split_parts(s: &str) -> Vec<Part> {
    let split = crate::Components::split(s);
    [
        Component::Scheme,
        Component::Userinfo,
        Component::Host,
        Component::Port,
        Component::Path,
        Component::Query,
        Component::Fragment,
    ]
    .into_iter()
    .filter_map(|component| split.span(component).map(|span| Part { component, span }))
    .collect()
}

/// Where the checks put their diagnostics: the policy's severity is applied (a silenced code
/// is dropped), and with a cap at most `max` of each code are kept, the first by position; the
/// others are only counted. A check pushes in any order; the kept ones are sorted at the end.
pub(crate) struct Sink<'a> {
    policy: &'a Policy,
    /// Most kept per code; 0 for no limit.
    max: usize,
    found: Vec<Diagnostic>,
    /// Per code (by `Code as usize`): the indexes into `found` of its kept diagnostics.
    kept: Vec<Vec<usize>>,
    /// Per code: how many were left out.
    omitted: Vec<usize>,
    /// A diagnostic already reported as the parse error, not to be repeated.
    skip: Option<(Code, Range<usize>)>,
    /// The code of the parse error, which takes one of its code's places.
    reserved: Option<Code>,
}

impl<'a> Sink<'a> {
    pub(crate) fn new(linter: &'a Linter) -> Self {
        Sink {
            policy: &linter.policy,
            max: linter.max_per_code,
            found: Vec::new(),
            kept: alloc::vec![Vec::new(); Code::ALL.len()],
            omitted: alloc::vec![0; Code::ALL.len()],
            skip: None,
            reserved: None,
        }
    }

    /// Takes one diagnostic (at its code's default severity).
    pub(crate) fn push(&mut self, mut d: Diagnostic) {
        let Some(severity) = self.policy.severity(d.code) else {
            return;
        };
        if self
            .skip
            .as_ref()
            .is_some_and(|(c, span)| *c == d.code && *span == d.span)
        {
            return;
        }
        d.severity = severity;
        let k = d.code as usize;
        if self.max == 0 {
            self.found.push(d);
            return;
        }
        let room = self.max - usize::from(self.reserved == Some(d.code));
        if self.kept[k].len() < room {
            self.kept[k].push(self.found.len());
            self.found.push(d);
            return;
        }
        self.omitted[k] += 1;
        // Keep the first by position: this one replaces the last kept one if it comes first.
        let key = |d: &Diagnostic| (d.span.start, d.span.end);
        let last = self.kept[k]
            .iter()
            .copied()
            .max_by_key(|&i| key(&self.found[i]));
        if let Some(i) = last.filter(|&i| key(&d) < key(&self.found[i])) {
            self.found[i] = d;
        }
    }

    pub(crate) fn finish(self, first: Option<Diagnostic>) -> Report {
        // The parse error stays first; the others in order of position, then code.
        let found = merge_sort(self.found, &|a, b| {
            (a.span.start, a.code) < (b.span.start, b.code)
        });
        let mut diagnostics = Vec::with_capacity(found.len() + 1);
        diagnostics.extend(first);
        diagnostics.extend(found);
        let omitted = Code::ALL
            .iter()
            .zip(&self.omitted)
            .filter(|&(_, &n)| n > 0)
            .map(|(&c, &n)| (c, n))
            .collect();
        Report {
            diagnostics,
            omitted,
        }
    }
}

/// `v` sorted by `less`, stably (equal elements keep their order): a merge sort of a few
/// lines for the few diagnostics of a string, where the standard library's stable sort is
/// several kilobytes of WebAssembly for this one use.
fn merge_sort<T>(mut v: Vec<T>, less: &impl Fn(&T, &T) -> bool) -> Vec<T> {
    if v.len() <= 1 {
        return v;
    }
    let right = v.split_off(v.len() / 2);
    let mut a = merge_sort(v, less).into_iter().peekable();
    let mut b = merge_sort(right, less).into_iter().peekable();
    let mut out = Vec::with_capacity(a.len() + b.len());
    loop {
        // Ties take from the left half: that keeps the sort stable.
        let from_b = match (a.peek(), b.peek()) {
            (Some(x), Some(y)) => less(y, x),
            (Some(_), None) => false,
            (None, Some(_)) => true,
            (None, None) => return out,
        };
        out.extend(if from_b { b.next() } else { a.next() });
    }
}

/// Runs every check; `error` is the parse error of an invalid string.
fn run(s: &str, error: Option<crate::ParseError>, linter: &Linter) -> Report {
    let mut sink = Sink::new(linter);
    let mut first = None;
    if let Some(e) = &error {
        let len = e.char().map_or(1, char::len_utf8);
        let span = e.offset()..(e.offset() + len).min(s.len());
        let code = if e.kind() == ErrorKind::BidiFormatting {
            Code::BidiFormattingCharacter
        } else {
            Code::ParseError
        };
        // A bidi formatting character reported as the parse error is not repeated.
        sink.skip = Some((code, span.clone()));
        if let Some(severity) = linter.policy.severity(code) {
            let mut d = Diagnostic::new(code, Some(e.component()), span, alloc::format!("{e}"));
            d.severity = severity;
            sink.reserved = Some(code);
            first = Some(d);
        }
    }
    let ctx = Ctx {
        text: s,
        parts: split_parts(s),
    };
    bidi_rules::check(&ctx, error.is_none(), &mut sink);
    characters::check(&ctx, &mut sink);
    security::check(&ctx, &mut sink);
    sink.finish(first)
}

/// The text, or for a long one its first 32 and last 12 characters around a `…`: for quoting
/// input text in messages, whose size then stays bounded whatever the input.
pub(crate) fn excerpt(text: &str) -> alloc::borrow::Cow<'_, str> {
    const HEAD: usize = 32;
    const TAIL: usize = 12;
    // Only texts longer than HEAD + TAIL + 1 characters are cut.
    if text.len() <= HEAD + TAIL + 1 || text.chars().nth(HEAD + TAIL + 1).is_none() {
        return text.into();
    }
    let head_end = text.char_indices().nth(HEAD).map_or(text.len(), |(i, _)| i);
    let tail_start = text
        .char_indices()
        .rev()
        .nth(TAIL - 1)
        .map_or(0, |(i, _)| i);
    alloc::format!("{}…{}", &text[..head_end], &text[tail_start..]).into()
}

/// [`excerpt`] of a text given one character at a time, keeping only what the excerpt shows
/// (its first 45 and last 12 characters), so that a check can quote a part of a long input
/// without collecting it first.
pub(crate) struct Excerpt {
    /// The first `HEAD + TAIL + 1` characters.
    head: String,
    /// The last `TAIL` characters, a ring indexed by the count.
    tail: [char; EXCERPT_TAIL],
    /// Characters pushed.
    n: usize,
}

const EXCERPT_HEAD: usize = 32;
const EXCERPT_TAIL: usize = 12;

impl Excerpt {
    pub(crate) fn new() -> Self {
        Excerpt {
            head: String::new(),
            tail: ['\0'; EXCERPT_TAIL],
            n: 0,
        }
    }

    pub(crate) fn push(&mut self, c: char) {
        if self.n <= EXCERPT_HEAD + EXCERPT_TAIL {
            self.head.push(c);
        }
        self.tail[self.n % EXCERPT_TAIL] = c;
        self.n += 1;
    }

    /// The excerpt of the characters pushed, as [`excerpt`] makes it of their text.
    pub(crate) fn finish(self) -> String {
        if self.n <= EXCERPT_HEAD + EXCERPT_TAIL + 1 {
            return self.head;
        }
        let mut out: String = self.head.chars().take(EXCERPT_HEAD).collect();
        out.push('…');
        for k in 0..EXCERPT_TAIL {
            out.push(self.tail[(self.n + k) % EXCERPT_TAIL]);
        }
        out
    }

    /// The excerpt of some characters.
    pub(crate) fn of(chars: impl Iterator<Item = char>) -> String {
        let mut e = Excerpt::new();
        chars.for_each(|c| e.push(c));
        e.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(s: &str) -> Vec<(Component, &str)> {
        split_parts(s)
            .into_iter()
            .map(|p| (p.component, &s[p.span]))
            .collect()
    }

    #[test]
    fn splits_like_appendix_b() {
        use Component::*;
        assert_eq!(
            parts("http://u:p@h:80/p?q#f"),
            [
                (Scheme, "http"),
                (Userinfo, "u:p"),
                (Host, "h"),
                (Port, "80"),
                (Path, "/p"),
                (Query, "q"),
                (Fragment, "f")
            ]
        );
        assert_eq!(parts("a b/c?d"), [(Path, "a b/c"), (Query, "d")]);
        assert_eq!(
            parts("//[::1]:8"),
            [(Host, "[::1]"), (Port, "8"), (Path, "")]
        );
        // The first '@' ends the userinfo, as for the parser, whose error (the second '@',
        // not allowed in a host) then lies in the host.
        assert_eq!(
            parts("x://a@b@c/"),
            [(Scheme, "x"), (Userinfo, "a"), (Host, "b@c"), (Path, "/")]
        );
        // A scheme is one by RFC 3986 §3.1, or the parser reads a relative path.
        assert_eq!(parts("1a:b"), [(Path, "1a:b")]);
        // After "]", only ":" starts a port; anything else stays with the broken host.
        assert_eq!(
            parts("//[v1.\u{E9}]\u{FFFD}"),
            [(Host, "[v1.\u{E9}]\u{FFFD}"), (Path, "")]
        );
        assert_eq!(parts("//[::1]x:8/"), [(Host, "[::1]x:8"), (Path, "/")]);
    }

    #[test]
    fn excerpts_cut_long_texts_only() {
        let short = "é".repeat(45);
        assert_eq!(excerpt(&short), short.as_str());
        let long = format!("{}{}{}", "a".repeat(32), "é".repeat(2), "z".repeat(12));
        assert_eq!(
            excerpt(&long),
            format!("{}…{}", "a".repeat(32), "z".repeat(12))
        );
        let huge = "例".repeat(1_000_000);
        assert_eq!(excerpt(&huge).chars().count(), 45);
    }

    #[test]
    fn excerpts_of_characters_as_of_text() {
        for n in [0, 1, 12, 44, 45, 46, 47, 57, 58, 100, 1000] {
            let text: String = (0..n)
                .map(|k| char::from_u32(0x61 + (k % 26) + 0x3A0 * (k % 2)).unwrap())
                .collect();
            assert_eq!(Excerpt::of(text.chars()), excerpt(&text), "{n}");
        }
    }

    /// The merge sort is the standard library's stable sort, ties included.
    #[test]
    fn merge_sort_is_a_stable_sort() {
        let mut seed = 7u32;
        for n in [0, 1, 2, 3, 5, 16, 33, 100, 257] {
            let v: Vec<(u32, usize)> = (0..n)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 7, i)
                })
                .collect();
            let mut want = v.clone();
            want.sort_by_key(|p| p.0);
            assert_eq!(merge_sort(v, &|a, b| a.0 < b.0), want, "{n}");
        }
    }

    #[test]
    fn codes_are_unique_and_named() {
        for (i, a) in Code::ALL.iter().enumerate() {
            assert_eq!(Code::from_name(a.as_str()), Some(*a));
            assert!(a.section().starts_with("RFC 398"));
            for b in &Code::ALL[i + 1..] {
                assert_ne!(a.as_str(), b.as_str());
            }
        }
    }
}
