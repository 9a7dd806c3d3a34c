//! The arguments of each subcommand: the clap `Args` structs, the value enums and the parsers
//! that validate a flag's value (a usage error, exit status 2, when it does not).

use std::ffi::OsString;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum};

// Part of `LintArgs`, so exported with it.
use super::charsets::CharsetLabel;
pub use super::policy::PolicyArgs;

/// The output format, shared by every subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: one line per input.
    Text,
    /// JSON Lines: one object per line.
    Json,
    /// Tab-separated values with a header line.
    Tsv,
}

/// The grammar names accepted by `--kind`, with their aliases; each maps through
/// [`iri::Kind::from_name`].
pub(super) fn kind_values() -> [PossibleValue; 8] {
    [
        PossibleValue::new("iri-ref")
            .alias("iri-reference")
            .help("IRI-reference: an IRI or a relative reference"),
        PossibleValue::new("iri").help("IRI: absolute, with a scheme; fragment allowed"),
        PossibleValue::new("absolute")
            .alias("absolute-iri")
            .help("absolute-IRI: an IRI without fragment"),
        PossibleValue::new("relative")
            .aliases(["relative-iri", "irelative-ref"])
            .help("irelative-ref: a relative reference, no scheme"),
        PossibleValue::new("uri-ref")
            .alias("uri-reference")
            .help("URI-reference: ASCII only"),
        PossibleValue::new("uri").help("URI: ASCII only, with a scheme"),
        PossibleValue::new("absolute-uri").help("absolute-URI: a URI without fragment"),
        PossibleValue::new("relative-uri")
            .alias("relative-ref")
            .help("relative-ref: an ASCII relative reference"),
    ]
}

/// The `--kind` value parser: a name from [`kind_values`], mapped by [`iri::Kind::from_name`].
fn kind_parser() -> impl TypedValueParser<Value = iri::Kind> {
    PossibleValuesParser::new(kind_values()).try_map(|name: String| {
        iri::Kind::from_name(&name).ok_or_else(|| format!("unknown kind '{name}'"))
    })
}

/// A rung of the comparison ladder, for `--level`: its name and its help.
fn level_value(level: iri::Level) -> PossibleValue {
    let help = match level {
        iri::Level::Simple => "simple string comparison (RFC 3987 §5.3.1)",
        iri::Level::Syntax => "syntax-based normalization (§5.3.2)",
        iri::Level::Scheme => "scheme-based normalization (§5.3.3), with IDN",
    };
    PossibleValue::new(level.as_str()).help(help)
}

/// The `--level` value parser over `levels`, mapped back by name.
pub(super) fn level_parser(
    levels: &'static [iri::Level],
) -> impl TypedValueParser<Value = iri::Level> {
    PossibleValuesParser::new(levels.iter().map(|&l| level_value(l))).try_map(
        move |name: String| {
            levels
                .iter()
                .copied()
                .find(|l| l.as_str() == name)
                .ok_or_else(|| format!("unknown level '{name}'"))
        },
    )
}

/// The levels that normalize: `normalize` and `dedup`.
pub(super) const NORMALIZING_LEVELS: &[iri::Level] = &[iri::Level::Syntax, iri::Level::Scheme];

/// The whole ladder: `compare`.
pub(super) const ALL_LEVELS: &[iri::Level] =
    &[iri::Level::Simple, iri::Level::Syntax, iri::Level::Scheme];

/// The output form of `normalize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormArg {
    /// An IRI: non-ASCII characters kept.
    Iri,
    /// A URI: the IRI→URI mapping (RFC 3987 §3.1) applied after normalizing.
    Uri,
}

impl From<FormArg> for iri::Form {
    fn from(f: FormArg) -> Self {
        match f {
            FormArg::Iri => iri::Form::Iri,
            FormArg::Uri => iri::Form::Uri,
        }
    }
}

/// Options shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct FormatArg {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `iri parse`.
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// The grammar rule to check the inputs against.
    #[arg(long, default_value = "iri-ref", value_parser = kind_parser())]
    pub kind: iri::Kind,
    /// Accept space, <, >, ", {, }, |, \, ^ and ` (the 2002 draft's wider grammar, RFC 3987
    /// §3.1), percent-encoded, each with a warning.
    #[arg(long, conflicts_with = "leiri")]
    pub lenient: bool,
    /// Accept what LEIRIs (XML system identifiers) allow: --lenient's characters, control
    /// characters and the other code points outside ucschar, each with a warning.
    #[arg(long)]
    pub leiri: bool,
    /// Accept an IPv6 zone identifier ('[fe80::1%25en1]', RFC 6874), reported as 'zone';
    /// refused by default (RFC 3987 has none).
    #[arg(long, conflicts_with_all = ["lenient", "leiri"])]
    pub zone_id: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to parse; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The grammar rule to check each line against.
    #[arg(long, default_value = "iri-ref", value_parser = kind_parser())]
    pub kind: iri::Kind,
    /// Accept an IPv6 zone identifier ('[fe80::1%25en1]', RFC 6874); refused by default
    /// (RFC 3987 has none).
    #[arg(long)]
    pub zone_id: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The files to check, one reference per line; '-' or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// `iri to-uri` and `iri to-iri`.
#[derive(Debug, Args)]
pub struct TransformArgs {
    /// Pass the host of DNS schemes through IDNA (UTS #46): ToASCII for to-uri (a host it
    /// rejects is an error), ToUnicode of xn-- labels for to-iri.
    #[arg(long)]
    pub idna: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to convert; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri to-uri`.
#[derive(Debug, Args)]
pub struct ToUriArgs {
    /// The document charset (a label of the WHATWG Encoding Standard: iso-8859-1, shift_jis,
    /// euc-jp, koi8-r, …): the query of http and https IRIs is mapped through it instead of
    /// UTF-8 (RFC 3987 §3.1).
    #[arg(
        long,
        value_name = "ENC",
        value_parser = CharsetLabel(parse_charset),
        hide_possible_values = true
    )]
    pub charset: Option<iri::legacy::Charset>,
    /// With --charset: what to do with a query character the charset cannot represent.
    #[arg(long, value_enum, default_value_t = UnmappableArg::Error, requires = "charset")]
    pub unmappable: UnmappableArg,
    /// Accept space, <, >, ", {, }, |, \, ^ and ` (the 2002 draft's wider grammar, RFC 3987
    /// §3.1), percent-encoded, each with a warning.
    #[arg(long, conflicts_with = "leiri")]
    pub lenient: bool,
    /// Accept what LEIRIs (XML system identifiers) allow: --lenient's characters, control
    /// characters and the other code points outside ucschar, each with a warning.
    #[arg(long)]
    pub leiri: bool,
    /// --idna, the output format and the inputs.
    #[command(flatten)]
    pub transform: TransformArgs,
}

/// Parses `--charset`; an unknown label is a usage error (exit status 2).
fn parse_charset(s: &str) -> Result<iri::legacy::Charset, String> {
    iri::legacy::Charset::for_label(s).map_err(|e| e.to_string())
}

/// What `to-uri --charset` does with a character the charset cannot represent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnmappableArg {
    /// The input is an error (of kind unmappable).
    Error,
    /// The character's UTF-8 octets are percent-encoded instead.
    #[value(name = "utf-8")]
    Utf8,
    /// As HTML forms: the character as &#NNNN; in the charset, percent-encoded.
    Ncr,
}

impl From<UnmappableArg> for iri::legacy::Unmappable {
    fn from(u: UnmappableArg) -> Self {
        match u {
            UnmappableArg::Error => iri::legacy::Unmappable::Fail,
            UnmappableArg::Utf8 => iri::legacy::Unmappable::Utf8,
            UnmappableArg::Ncr => iri::legacy::Unmappable::NumericReference,
        }
    }
}

/// `iri resolve` and `iri relativize`.
#[derive(Debug, Args)]
pub struct BaseArgs {
    /// The base IRI (absolute, with a scheme; its fragment is ignored; `resolve
    /// --relative-base` also takes a relative reference).
    #[arg(long, value_name = "BASE", value_parser = parse_base_reference)]
    pub base: iri::IriRef<String>,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references (resolve) or target IRIs (relativize); one per line on standard input
    /// when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri resolve`: the base, the inputs and the resolution options.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The base, the output options and the references.
    #[command(flatten)]
    pub base: BaseArgs,
    /// A named set of resolution options.
    #[arg(long, value_enum, default_value_t = PresetArg::Strict)]
    pub preset: PresetArg,
    /// Remove the base path's dot segments before use (RFC 3986 §5.2.1, §6.2.2.3).
    #[arg(long)]
    pub base_normalize: bool,
    /// Accept a relative --base (no scheme) and resolve against it, keeping the '..' that
    /// climb above it: 'c/d' against 'a/b' is 'a/c/d' (an extension: RFC 3986 §5.1 wants an
    /// absolute base; for chains of relative bases such as XML Base and JSON-LD).
    #[arg(long)]
    pub relative_base: bool,
    /// Remove the dot segments of a base path copied for '?y', '#s' or '' (RFC 3986 §5.2.4).
    #[arg(long)]
    pub copied_path_normalize: bool,
    /// Merge a base path ending in '/..' or '/.' as a directory (RFC 3986 §5.2.3, erratum
    /// 4789).
    #[arg(long = "erratum-4789")]
    pub erratum_4789: bool,
    /// Count %2E as '.' in dot segments (RFC 3986 §2.3, §6.2.2.2).
    #[arg(long)]
    pub dot_encoded: bool,
}

impl ResolveArgs {
    /// The preset with the options given beside it.
    pub fn options(&self) -> iri::ResolveOptions {
        let p = iri::ResolveOptions::from(self.preset);
        p.base_normalize(p.is_base_normalize() || self.base_normalize)
            .copied_path_normalize(p.is_copied_path_normalize() || self.copied_path_normalize)
            .erratum_4789(p.is_erratum_4789() || self.erratum_4789)
            .dot_encoded(p.is_dot_encoded() || self.dot_encoded)
    }
}

/// The presets of `iri resolve --preset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PresetArg {
    /// RFC 3986 §5.2.2 as written.
    Strict,
    /// Copied-path normalization (oxiri, the W3C RDF suites).
    Rdf,
    /// Base normalization, erratum 4789, encoded dots (browser-like paths).
    Browser,
}

impl From<PresetArg> for iri::ResolveOptions {
    fn from(p: PresetArg) -> Self {
        match p {
            PresetArg::Strict => iri::ResolveOptions::strict(),
            PresetArg::Rdf => iri::ResolveOptions::rdf(),
            PresetArg::Browser => iri::ResolveOptions::browser(),
        }
    }
}

/// Parses `--base` (`resolve`, `relativize`, `extract`), which must be an absolute IRI; an
/// invalid base is a usage error (exit status 2).
fn parse_base(s: &str) -> Result<iri::Iri<String>, String> {
    iri::Iri::parse(s.to_owned()).map_err(|e| e.to_string())
}

/// Parses the `--base` of `resolve` and `relativize`: an IRI reference, which must be
/// absolute unless `resolve --relative-base` is given (checked after parsing, see
/// [`BaseArgs::relative_base_error`]).
fn parse_base_reference(s: &str) -> Result<iri::IriRef<String>, String> {
    iri::IriRef::parse(s.to_owned()).map_err(|e| e.to_string())
}

impl BaseArgs {
    /// The usage error of a base without scheme where an absolute one is needed.
    pub fn relative_base_error(&self, relative_allowed: bool) -> Option<String> {
        if relative_allowed {
            return None;
        }
        let e = iri::Iri::try_from(self.base.clone()).err()?;
        // A parsed IRI reference holds no control or bidi formatting character.
        Some(format!(
            "invalid value '{}' for '--base <BASE>': {e}; a base must be absolute (RFC 3986 \
             §5.1): `iri resolve --relative-base` resolves against a relative one",
            self.base.as_str()
        ))
    }
}

/// `iri normalize`.
#[derive(Debug, Args)]
pub struct NormalizeArgs {
    /// The rung of the comparison ladder to normalize for.
    #[arg(long, default_value = "syntax", value_parser = level_parser(NORMALIZING_LEVELS))]
    pub level: iri::Level,
    /// Also normalize characters to NFC (RFC 3987 §5.3.2.2).
    #[arg(long, conflicts_with = "nfkc")]
    pub nfc: bool,
    /// Also normalize characters to NFKC (RFC 3987 §7.5); delimiters it would create are
    /// percent-encoded.
    #[arg(long)]
    pub nfkc: bool,
    /// The output form.
    #[arg(long, value_enum, default_value_t = FormArg::Iri)]
    pub form: FormArg,
    /// Leave the fragment out (comparison for retrieval, RFC 3987 §5.1).
    #[arg(long)]
    pub ignore_fragment: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to normalize; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The question the exit status answers: are A and B equivalent at this level or below?
    #[arg(long, default_value = "scheme", value_parser = level_parser(ALL_LEVELS))]
    pub level: iri::Level,
    /// Leave fragments out (comparison for retrieval, RFC 3987 §5.1).
    #[arg(long)]
    pub ignore_fragment: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The first IRI reference.
    #[arg(value_name = "A", value_parser = parse_reference)]
    pub a: iri::IriRef<String>,
    /// The second IRI reference.
    #[arg(value_name = "B", value_parser = parse_reference)]
    pub b: iri::IriRef<String>,
}

/// Parses an argument of `compare`; an invalid one is a usage error (exit status 2).
fn parse_reference(s: &str) -> Result<iri::IriRef<String>, String> {
    iri::IriRef::parse(s.to_owned()).map_err(|e| e.to_string())
}

/// `iri dedup`.
#[derive(Debug, Args)]
pub struct DedupArgs {
    /// The rung of the comparison ladder at which lines are the same.
    #[arg(long, default_value = "syntax", value_parser = level_parser(NORMALIZING_LEVELS))]
    pub level: iri::Level,
    /// Leave fragments out (comparison for retrieval, RFC 3987 §5.1).
    #[arg(long)]
    pub ignore_fragment: bool,
    /// Also compare characters after NFC (RFC 3987 §5.3.2.2).
    #[arg(long)]
    pub nfc: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The files to read, one reference per line; '-' or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// `iri lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// Severities: --allow, --warn, --deny.
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
    /// Show at most N diagnostics of each code per input (the first by position) and say how
    /// many more were left out; 0 shows every one.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub max_per_code: usize,
    /// The strings to check (valid IRI references or not); one per line on standard input
    /// when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// The output format of `lint`: a diagnostic does not fit in a table row, so there is no TSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    /// For people: each diagnostic as a compiler shows one, with carets under the span.
    Text,
    /// JSON Lines: one object per input, with its diagnostics.
    Json,
}

/// `iri serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 for a free one (printed on start).
    #[arg(long, short = 'p', default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (an IP address, or `localhost` for 127.0.0.1). Only loopback
    /// by default: the viewer is for this machine (another address is warned about on
    /// standard error, with the Host names it answers to).
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_bind)]
    pub bind: std::net::IpAddr,
    /// Also answer requests whose Host header names NAME (a host name or address that
    /// clients use to reach this machine, with the port added, or NAME:PORT as it is);
    /// repeatable. Others get 421, against DNS rebinding.
    #[arg(long, value_name = "NAME", value_parser = parse_allow_host)]
    pub allow_host: Vec<String>,
    /// Seconds a connection may take to send its request head: then 408, or a silent close
    /// when it sent nothing.
    #[arg(long, value_name = "SECONDS", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub timeout: u64,
    /// Connections served at once; more are answered 503 at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS, value_parser = parse_max_connections)]
    pub max_connections: usize,
}

/// Connections `iri serve` serves at once unless `--max-connections` says otherwise; more
/// get 503.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;

/// The most worker threads `--threads` may ask for: far more than the cores of a machine,
/// and few enough to start in milliseconds.
pub const MAX_THREADS: usize = 256;

/// `--threads`: 0 (one per core) to [`MAX_THREADS`].
pub(super) fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 0 (one per core) to {}",
            MAX_THREADS
        )),
    }
}

/// `--bind`: an IP address, or `localhost` (127.0.0.1).
fn parse_bind(s: &str) -> Result<std::net::IpAddr, String> {
    if s.eq_ignore_ascii_case("localhost") {
        return Ok(std::net::IpAddr::from([127, 0, 0, 1]));
    }
    s.parse()
        .map_err(|_| "expected an IP address (127.0.0.1, ::1, 0.0.0.0) or localhost".to_owned())
}

/// `--allow-host`: a host as a `Host` header field holds it (RFC 9110 §7.2): a name or IPv4
/// address of letters, digits, `-`, `.` and `_`, or a bracketed IPv6 address, optionally
/// with `:PORT`.
fn parse_allow_host(s: &str) -> Result<String, String> {
    let bad = || {
        "expected a host name or address as clients send it in Host (viewer.example, \
         192.0.2.7, [2001:db8::7]), optionally with :PORT"
            .to_owned()
    };
    let (name_ok, port) = if let Some(rest) = s.strip_prefix('[') {
        let (inside, after) = rest.split_once(']').ok_or_else(bad)?;
        let port = match after {
            "" => None,
            a => Some(a.strip_prefix(':').ok_or_else(bad)?),
        };
        (inside.parse::<std::net::Ipv6Addr>().is_ok(), port)
    } else {
        let (host, port) = match s.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        };
        let ok = !host.is_empty()
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._".contains(&b));
        (ok, port)
    };
    let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok());
    if name_ok && port_ok {
        Ok(s.to_ascii_lowercase())
    } else {
        Err(bad())
    }
}

/// Whether an `--allow-host` value ends with its port.
pub fn host_has_port(host: &str) -> bool {
    match host.rsplit_once(']') {
        Some((_, after)) => after.starts_with(':'),
        None => host.contains(':'),
    }
}

/// `--max-connections`: 1 to 4096.
fn parse_max_connections(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n @ 1..=4096) => Ok(n),
        _ => Err("expected a number of connections from 1 to 4096".to_owned()),
    }
}

/// `iri completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
    /// Write the script to this file instead of standard output: a regular file atomically
    /// (a temporary file renamed into place), through a symbolic link to what it points to,
    /// a FIFO or a device in place; a directory is refused; `-` is standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// `iri man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write iri.1 and one page per subcommand (iri-parse.1, …) into this directory instead
    /// of printing iri.1 on standard output; each page as `completions --output` writes its
    /// file (atomically, through symbolic links, a FIFO or device in place).
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<std::path::PathBuf>,
}

/// `iri display`.
#[derive(Debug, Args)]
pub struct DisplayArgs {
    /// How to keep the text left to right.
    #[arg(long, value_enum, default_value_t = WrapArg::Lre)]
    pub wrap: WrapArg,
    /// The direction of the text around the IRI (for --wrap lrm, and the paragraph of
    /// --visual).
    #[arg(long, value_enum, default_value_t = DirectionArg::Ltr)]
    pub context: DirectionArg,
    /// Print the visual order (what a reader sees, from the left) instead of the text.
    #[arg(long)]
    pub visual: bool,
    /// Read and write RFC 3987's Bidi Notation: upper-case letters stand for right-to-left
    /// letters of this script.
    #[arg(long, value_enum, value_name = "SCRIPT")]
    pub bidi_notation: Option<NotationArg>,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The texts to show (IRIs, valid or not); one per line on standard input when none are
    /// given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// The kind of input, for `--type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TypeArg {
    /// Plain text.
    Text,
    /// HTML.
    Html,
    /// XML (XHTML included).
    Xml,
}

/// Checks a `--charset` label (an unknown one is a usage error).
fn parse_document_charset(s: &str) -> Result<String, String> {
    iri::extract::DocumentOptions::new()
        .charset(s)
        .map(|_| s.to_owned())
        .map_err(|e| e.to_string())
}

/// `iri extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// The charset of the inputs (a WHATWG label: utf-8, shift_jis, euc-jp, koi8-r, …), over
    /// what the documents declare; a byte order mark still wins.
    #[arg(
        long,
        value_name = "ENC",
        value_parser = CharsetLabel(parse_document_charset),
        hide_possible_values = true
    )]
    pub charset: Option<String>,
    /// The base IRI for relative references (under <base href> and xml:base).
    #[arg(long, value_name = "BASE", value_parser = parse_base)]
    pub base: Option<iri::Iri<String>>,
    /// Read every input as this kind instead of guessing from its name and content.
    #[arg(long = "type", value_enum, value_name = "TYPE")]
    pub kind: Option<TypeArg>,
    /// Pass the host of DNS schemes through IDNA ToASCII (UTS #46) in the URI form; a host it
    /// rejects is an error.
    #[arg(long)]
    pub idna: bool,
    /// Accept space, <, >, ", {, }, |, \, ^ and ` in IRIs (the 2002 draft's wider grammar,
    /// RFC 3987 §3.1), percent-encoded, each with a warning.
    #[arg(long)]
    pub lenient: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The files to search; '-' or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// How `display` wraps its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WrapArg {
    /// LRE … PDF, as RFC 3987 §4.1 says.
    Lre,
    /// LRI … PDI: an isolate.
    Lri,
    /// LRM around each right-to-left component (the July 2002 draft).
    Lrm,
}

/// The direction of the text around an IRI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DirectionArg {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
}

impl From<DirectionArg> for iri::bidi::Direction {
    fn from(d: DirectionArg) -> Self {
        match d {
            DirectionArg::Ltr => iri::bidi::Direction::Ltr,
            DirectionArg::Rtl => iri::bidi::Direction::Rtl,
        }
    }
}

/// The script whose letters the upper-case letters of the Bidi Notation stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// Hebrew letters (bidi class R).
    Hebrew,
    /// Arabic letters (bidi class AL): digits after them are Arabic numbers.
    Arabic,
}

impl From<NotationArg> for iri::bidi::notation::NotationScript {
    fn from(n: NotationArg) -> Self {
        match n {
            NotationArg::Hebrew => iri::bidi::notation::NotationScript::Hebrew,
            NotationArg::Arabic => iri::bidi::notation::NotationScript::Arabic,
        }
    }
}

/// Output form of `expand` and `match` (RFC 6570 writes URIs; RFC 3987 IRIs).
#[derive(Debug, Args)]
pub struct TemplateFormArgs {
    /// URI form: every non-ASCII character percent-encoded as UTF-8 (RFC 6570 §3.2.1).
    #[arg(long, conflicts_with = "iri")]
    pub uri: bool,
    /// IRI form: literals keep their non-ASCII characters, values their ucschar (RFC 3987).
    #[arg(long)]
    pub iri: bool,
}

/// `iri expand`.
#[derive(Debug, Args)]
pub struct ExpandArgs {
    /// A string variable, NAME=VALUE; repeat for more. It wins over one of the same name
    /// in --vars.
    #[arg(long = "var", value_name = "NAME=VALUE", value_parser = parse_var)]
    pub vars: Vec<(String, String)>,
    /// A JSON object of variables ('-': standard input): strings, numbers and booleans as
    /// strings, arrays as lists, objects as associative arrays (in the file's order), null as
    /// undefined.
    #[arg(long = "vars", value_name = "FILE")]
    pub vars_file: Option<std::path::PathBuf>,
    /// The output form (the URI form unless --iri).
    #[command(flatten)]
    pub form: TemplateFormArgs,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// URI Templates (RFC 6570); without any, one per line from standard input.
    #[arg(value_name = "TEMPLATE")]
    pub templates: Vec<OsString>,
}

/// Parses `--var NAME=VALUE`.
fn parse_var(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((name, value)) if !name.is_empty() => Ok((name.to_owned(), value.to_owned())),
        _ => Err(format!("'{s}' is not NAME=VALUE")),
    }
}

/// `iri match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The form the inputs are read in (by default, the URI form for ASCII inputs and the
    /// IRI form for the others).
    #[command(flatten)]
    pub form: TemplateFormArgs,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The URI Template (RFC 6570); an invalid one is a usage error.
    #[arg(value_name = "TEMPLATE", value_parser = parse_template)]
    pub template: iri::template::Template,
    /// The URIs or IRIs to match; without any, one per line from standard input.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// Parses the template of `match`; an invalid one is a usage error (exit status 2).
fn parse_template(s: &str) -> Result<iri::template::Template, String> {
    iri::template::Template::parse(s).map_err(|e| e.to_string())
}
