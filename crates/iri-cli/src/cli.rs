//! The command line: clap types for `iri` and its subcommands.

use std::ffi::OsString;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// `iri`: parse, validate, convert, resolve and relativize IRIs (RFC 3987) and URIs (RFC 3986).
#[derive(Debug, Parser)]
#[command(
    name = "iri",
    version,
    about = "Parse, validate, convert, resolve and relativize IRIs (RFC 3987) and URIs (RFC 3986)",
    long_about = "Parse, validate, convert, resolve and relativize IRIs (RFC 3987) and URIs \
                  (RFC 3986), strictly.\n\n\
                  Every subcommand takes its inputs as arguments or, when none are given, one \
                  per line on standard input (LF or CRLF; an empty line is an input too: the \
                  empty relative reference). Each input yields exactly one output line, a \
                  result or an error, in order; errors about inputs go to standard output so \
                  that output stays aligned with input. Write `--` before inputs that start \
                  with '-'.",
    after_help = "Exit status: 0 when every input is valid, 1 when some input is invalid (or a \
                  file cannot be read), 2 on a usage error."
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
    #[command(name = "to-uri", after_long_help = TRANSFORM_LAYOUT)]
    ToUri(TransformArgs),
    /// Convert URI (or IRI) references to IRI references (RFC 3987 §3.2): decode what may be.
    #[command(name = "to-iri", after_long_help = TRANSFORM_LAYOUT)]
    ToIri(TransformArgs),
    /// Resolve references against a base IRI (RFC 3986 §5.2, strict).
    #[command(after_long_help = TRANSFORM_LAYOUT)]
    Resolve(BaseArgs),
    /// Find the shortest reference that resolves against a base IRI to each target IRI.
    #[command(after_long_help = RELATIVIZE_LAYOUT)]
    Relativize(BaseArgs),
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
}
