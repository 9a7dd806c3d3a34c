//! The command line: clap types for `iri` and its subcommands.

use std::ffi::OsString;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// `iri`: parse, validate, convert, resolve, relativize, normalize, compare and deduplicate
/// IRIs (RFC 3987) and URIs (RFC 3986).
#[derive(Debug, Parser)]
#[command(
    name = "iri",
    version,
    about = "Parse, validate, convert, resolve, relativize, normalize, compare and \
             deduplicate IRIs (RFC 3987) and URIs (RFC 3986)",
    long_about = "Parse, validate, convert, resolve, relativize, normalize, compare and \
                  deduplicate IRIs (RFC 3987) and URIs (RFC 3986), strictly.\n\n\
                  Every subcommand takes its inputs as arguments or, when none are given, one \
                  per line on standard input (LF or CRLF; an empty line is an input too: the \
                  empty relative reference). Each input yields exactly one output line, a \
                  result or an error, in order; errors about inputs go to standard output so \
                  that output stays aligned with input. Write `--` before inputs that start \
                  with '-'. The exceptions: `validate` reports only the invalid lines, \
                  `dedup` one line per equivalence class (and per invalid line), and \
                  `compare` takes exactly two arguments.",
    after_help = "Exit status: 0 when every input is valid, 1 when some input is invalid (or a \
                  file cannot be read), 2 on a usage error. `compare`: 0 when equivalent (at \
                  --level or below), 1 when not, 2 on a usage error or an invalid argument."
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse IRI references and show their components.
    #[command(after_long_help = PARSE_LAYOUT)]
    Parse(ParseArgs),
    /// Check files (or standard input) line by line and report the invalid lines.
    #[command(after_long_help = VALIDATE_LAYOUT)]
    Validate(ValidateArgs),
    /// Map IRI references to URI references (RFC 3987 §3.1): non-ASCII becomes %HH.
    #[command(name = "to-uri", after_long_help = CONVERT_LAYOUT)]
    ToUri(TransformArgs),
    /// Convert URI (or IRI) references to IRI references (RFC 3987 §3.2): decode what may be.
    #[command(name = "to-iri", after_long_help = CONVERT_LAYOUT)]
    ToIri(TransformArgs),
    /// Resolve references against a base IRI (RFC 3986 §5.2, strict).
    #[command(after_long_help = TRANSFORM_LAYOUT)]
    Resolve(BaseArgs),
    /// Find the shortest reference that resolves against a base IRI to each target IRI.
    #[command(after_long_help = RELATIVIZE_LAYOUT)]
    Relativize(BaseArgs),
    /// Normalize IRI references (RFC 3987 §5.3.2 syntax-based, §5.3.3 scheme-based).
    #[command(after_long_help = NORMALIZE_LAYOUT)]
    Normalize(NormalizeArgs),
    /// Tell at which rung of the comparison ladder (RFC 3987 §5.3) two references are
    /// equivalent.
    #[command(after_long_help = COMPARE_LAYOUT)]
    Compare(CompareArgs),
    /// Print the first line of each equivalence class of files (or standard input), in order.
    #[command(after_long_help = DEDUP_LAYOUT)]
    Dedup(DedupArgs),
}

const PARSE_LAYOUT: &str = "\
Output, one line per input:
  text  valid:   scheme=S authority=A userinfo=U host=H (HOST-KIND) port=N path=P query=Q fragment=F
                 Only the components present are listed, in that order; path= is always there
                 (possibly empty). HOST-KIND is reg-name, ipv4, ipv6 or ipvfuture. Values are the
                 text as written: no decoding. A valid IRI holds no ASCII space, so fields split
                 on spaces.
        invalid: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  one object per line (JSON Lines), absent components null, port as text:
        {\"input\":…,\"valid\":true,\"scheme\":…,\"authority\":…,\"userinfo\":…,\"host\":…,
         \"host_kind\":…,\"port\":…,\"path\":…,\"query\":…,\"fragment\":…}
        {\"input\":…,\"valid\":false,\"error\":{\"kind\":…,\"component\":…,\"offset\":…,\"message\":…}}
  tsv   a header line, then: input valid scheme authority userinfo host host_kind port path
        query fragment error; absent components are empty; \\, tab, LF and CR inside a field
        are written \\\\, \\t, \\n and \\r.

A line that is not valid UTF-8 gives an error of kind invalid-utf8 whose offset is that of the
first bad byte.";

const VALIDATE_LAYOUT: &str = "\
Output:
  text  FILE:LINE:COLUMN: MESSAGE for each invalid line (LINE 1-based, COLUMN the 1-based byte
        column), then: checked N lines: V valid, I invalid
  json  {\"file\":…,\"line\":…,\"column\":…,\"offset\":…,\"kind\":…,\"component\":…,\"message\":…}
        for each invalid line, then {\"summary\":{\"lines\":…,\"valid\":…,\"invalid\":…}}
  tsv   a header line, then: file line column kind component message; the summary goes to
        standard error.

Standard input is read when no FILE is given, or for the FILE '-', and is named <stdin>. A file
that cannot be read is reported on standard error and makes the exit status 1; the other files
are still checked. A progress bar is shown on standard error when it is a terminal.";

const CONVERT_LAYOUT: &str = "\
With --idna, the host of a scheme with DNS host names (http, https, ws, wss, ftp, …) goes
through IDNA (UTS #46): to-uri applies ToASCII with UseSTD3ASCIIRules
(résumé.example.org → xn--rsum-bpad.example.org), and a host it rejects is an error of kind
idna; to-iri applies ToUnicode to xn-- labels, and leaves a host it rejects as it is.
Without --idna, to-uri percent-encodes a non-ASCII host and to-iri leaves xn-- labels alone.

Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"offset\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";

const TRANSFORM_LAYOUT: &str = "\
Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"offset\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";

const RELATIVIZE_LAYOUT: &str = "\
Each input is a target IRI (with a scheme). When no reference reaches the target (its path
holds '.' or '..' segments that resolution would remove), the error's kind is unreachable and
its component and offset are null.

Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"offset\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";

const NORMALIZE_LAYOUT: &str = "\
Levels (RFC 3987 §5.3):
  syntax  scheme and ASCII host to lower case, percent-encoding hex digits to upper case;
          %HH of unreserved characters and of UTF-8 the component allows decoded; dot
          segments removed (references with a scheme only)
  scheme  syntax, then the scheme's rules: an empty or default port dropped, an empty path
          after an authority made '/' (http, https, ws, wss, ftp, …); DNS host names compared
          after IDNA (UTS #46): Unicode in the iri form, ACE (xn--) in the uri form
Character normalization is never implied: --nfc for text that may not be in NFC, --nfkc when
creating IRIs (RFC 3987 §7.5). --form uri maps the result to a URI (RFC 3987 §3.1).

Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"offset\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";

const COMPARE_LAYOUT: &str = "\
The ladder (RFC 3987 §5.3), lowest rung first: simple (the text as it is), syntax
(syntax-based normalization), scheme (scheme-based normalization, with IDN). The output tells
the lowest rung at which A and B are equivalent; the exit status answers the question: are A
and B equivalent at --level or below? --ignore-fragment compares for retrieval (§5.1):
fragments are left out at every rung.

Output:
  text  equivalent at: LEVEL   or: different
  json  {\"a\":…,\"b\":…,\"equivalent\":true,\"level\":LEVEL}   (level null when different)
  tsv   a header line, then: a b equivalent level

Exit status: 0 when equivalent at --level or below, 1 when not (even if equivalent at a higher
rung, which the output still tells), 2 on a usage error or when A or B is not a valid IRI
reference (the parse error goes to standard error).";

const DEDUP_LAYOUT: &str = "\
Lines are equivalent when their normalizations at --level are equal (see `iri normalize
--help`); the first line seen of each class is printed as it was, in the order first seen.
Memory grows with the number of classes, not of lines.

Output:
  text  each kept line; an invalid line gives, in its place: error: FILE:LINE:COLUMN: MESSAGE
  json  {\"file\":…,\"line\":…,\"input\":…} for each kept line and
        {\"file\":…,\"line\":…,\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"offset\":…,
         \"message\":…}} for each invalid line
  tsv   a header line, then: file line input error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)
LINE is 1-based, COLUMN the 1-based byte column. Then, on standard error:
  N lines, M classes, K invalid

Standard input is read when no FILE is given, or for the FILE '-', and is named <stdin>.
Classes span all files. A file that cannot be read is reported on standard error and makes
the exit status 1; the other files are still read. An invalid line makes the exit status 1.";

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
fn kind_values() -> [PossibleValue; 8] {
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
fn level_parser(levels: &'static [iri::Level]) -> impl TypedValueParser<Value = iri::Level> {
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
const NORMALIZING_LEVELS: &[iri::Level] = &[iri::Level::Syntax, iri::Level::Scheme];

/// The whole ladder: `compare`.
const ALL_LEVELS: &[iri::Level] = &[iri::Level::Simple, iri::Level::Syntax, iri::Level::Scheme];

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

/// `iri resolve` and `iri relativize`.
#[derive(Debug, Args)]
pub struct BaseArgs {
    /// The base IRI (absolute, with a scheme; its fragment is ignored).
    #[arg(long, value_name = "BASE", value_parser = parse_base)]
    pub base: iri::Iri<String>,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references (resolve) or target IRIs (relativize); one per line on standard input
    /// when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// Parses `--base`; an invalid base is a usage error (exit status 2).
fn parse_base(s: &str) -> Result<iri::Iri<String>, String> {
    iri::Iri::parse(s.to_owned()).map_err(|e| e.to_string())
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_kind_name_and_alias_maps_to_a_kind() {
        for v in kind_values() {
            for name in v.get_name_and_aliases() {
                assert!(iri::Kind::from_name(name).is_some(), "{name}");
            }
        }
        // Every grammar can be chosen.
        for kind in iri::Kind::ALL {
            let chosen = kind_values().iter().any(|v| {
                v.get_name_and_aliases()
                    .any(|n| iri::Kind::from_name(n) == Some(kind))
            });
            assert!(chosen, "{kind}");
        }
    }

    #[test]
    fn level_names_map_to_levels() {
        for &level in ALL_LEVELS {
            let parsed = level_parser(ALL_LEVELS)
                .parse_ref(&Cli::command(), None, std::ffi::OsStr::new(level.as_str()))
                .unwrap();
            assert_eq!(parsed, level);
        }
        assert!(level_parser(NORMALIZING_LEVELS)
            .parse_ref(&Cli::command(), None, std::ffi::OsStr::new("simple"))
            .is_err());
    }
}
