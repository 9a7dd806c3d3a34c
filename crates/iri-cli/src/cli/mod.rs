//! The command line: clap types for `iri` and its subcommands.
//!
//! - this module: [`Cli`] (the global options) and [`Command`] (the subcommands);
//! - [`args`]: each subcommand's arguments, the value enums and the value parsers;
//! - [`policy`]: the severity flags of `lint`, parsed by hand;
//! - [`help`]: the help text shown after the options, as data.

mod args;
mod charsets;
mod command;
mod edit_args;
mod help;
mod policy;

use clap::{Parser, Subcommand};

pub use args::*;
pub use command::{command, try_parse_from};
pub use edit_args::*;

use crate::stats::StatsSpec;
use help::*;

/// `iri`: parse, validate, convert, resolve, relativize, normalize, compare, deduplicate, lint
/// and display IRIs (RFC 3987) and URIs (RFC 3986).
#[derive(Debug, Parser)]
#[command(
    name = "iri",
    version,
    about = "Parse, validate, convert, resolve, relativize, normalize, compare, deduplicate, \
             lint and display IRIs (RFC 3987) and URIs (RFC 3986)",
    long_about = help::LONG_ABOUT,
    after_help = help::AFTER_HELP
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
    /// Worker threads for the line-reading subcommands (0: one per core), at most 256, and
    /// never more than the input has work for (a one-line file runs on one). Output stays in
    /// input order whatever the number.
    #[arg(
        long,
        short = 'j',
        global = true,
        value_name = "N",
        default_value_t = 0,
        value_parser = parse_threads
    )]
    pub threads: usize,
    /// No progress bar (one is shown only when standard error is a terminal anyway), and no
    /// note that standard input is a terminal being read.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
    /// After the run, print a summary of the input lines on standard error: valid and
    /// invalid counts (by error kind), non-ASCII share, hosts by kind; with `lint`, also
    /// diagnostics by code (some 20 times slower). WHAT: text (the default), json, lint, or
    /// a list such as json,lint. For the subcommands that read lines (not compare, extract,
    /// serve, completions, man, which refuse it).
    #[arg(
        long,
        global = true,
        value_name = "WHAT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "text",
        value_parser = StatsSpec::parse
    )]
    pub stats: Option<StatsSpec>,
}
/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse IRI references and show their components.
    #[command(after_help = PARSE_EXAMPLES, after_long_help = long(PARSE_LAYOUT, PARSE_EXAMPLES))]
    Parse(ParseArgs),
    /// Check files (or standard input) line by line and report the invalid lines.
    #[command(after_help = VALIDATE_EXAMPLES, after_long_help = long(VALIDATE_LAYOUT, VALIDATE_EXAMPLES))]
    Validate(ValidateArgs),
    /// Map IRI references to URI references (RFC 3987 §3.1): non-ASCII becomes %HH.
    #[command(name = "to-uri", after_help = TO_URI_EXAMPLES, after_long_help = long(&to_uri_layout(), TO_URI_EXAMPLES))]
    ToUri(ToUriArgs),
    /// Convert URI (or IRI) references to IRI references (RFC 3987 §3.2): decode what may be.
    #[command(name = "to-iri", after_help = TO_IRI_EXAMPLES, after_long_help = long(&convert_layout(), TO_IRI_EXAMPLES))]
    ToIri(TransformArgs),
    /// Resolve references against a base IRI (RFC 3986 §5.2; strict unless a preset or an
    /// option says otherwise).
    #[command(after_help = RESOLVE_EXAMPLES, after_long_help = long(&resolve_layout(), RESOLVE_EXAMPLES))]
    Resolve(ResolveArgs),
    /// Find the shortest reference that resolves against a base IRI to each target IRI.
    #[command(after_help = RELATIVIZE_EXAMPLES, after_long_help = long(&relativize_layout(), RELATIVIZE_EXAMPLES))]
    Relativize(BaseArgs),
    /// Normalize IRI references (RFC 3987 §5.3.2 syntax-based, §5.3.3 scheme-based).
    #[command(after_help = NORMALIZE_EXAMPLES, after_long_help = long(&normalize_layout(), NORMALIZE_EXAMPLES))]
    Normalize(NormalizeArgs),
    /// Tell at which rung of the comparison ladder (RFC 3987 §5.3) two references are
    /// equivalent.
    #[command(after_help = COMPARE_EXAMPLES, after_long_help = long(COMPARE_LAYOUT, COMPARE_EXAMPLES))]
    Compare(CompareArgs),
    /// Print the first line of each equivalence class of files (or standard input), in order.
    #[command(after_help = DEDUP_EXAMPLES, after_long_help = long(DEDUP_LAYOUT, DEDUP_EXAMPLES))]
    Dedup(DedupArgs),
    /// Report what is wrong or risky in each input beyond the grammar: bidi, characters,
    /// security (RFC 3987 §4, §6.1, §7.5, §8; RFC 3986 §7).
    #[command(after_help = LINT_EXAMPLES, after_long_help = long(&lint_layout(), LINT_EXAMPLES))]
    Lint(LintArgs),
    /// Show each input safely in bidirectional text (RFC 3987 §4.1), or its visual order
    /// (§4.4); inputs need not be valid IRIs.
    #[command(after_help = DISPLAY_EXAMPLES, after_long_help = long(DISPLAY_LAYOUT, DISPLAY_EXAMPLES))]
    Display(DisplayArgs),
    /// Find the IRIs in text, HTML and XML files in any charset (RFC 3987 §7.3) and print
    /// each with where it was found and its URI form.
    #[command(after_help = EXTRACT_EXAMPLES, after_long_help = long(EXTRACT_LAYOUT, EXTRACT_EXAMPLES))]
    Extract(ExtractArgs),
    /// Build one IRI (or, with --uri, URI) reference from components, each checked against
    /// its own rule; raw text becomes path segments and query pairs, encoded.
    #[command(after_help = BUILD_EXAMPLES, after_long_help = long(BUILD_LAYOUT, BUILD_EXAMPLES))]
    Build(BuildArgs),
    /// Change components of each reference: set, remove, append segments and query pairs;
    /// every result is checked, never a different split.
    #[command(after_help = EDIT_EXAMPLES, after_long_help = long(BUILD_LAYOUT, EDIT_EXAMPLES))]
    Edit(EditArgs),
    /// Serve the live IRI viewer: a local web page that takes an IRI apart as you type, and
    /// its JSON API.
    #[command(after_help = SERVE_EXAMPLES, after_long_help = long(SERVE_LAYOUT, SERVE_EXAMPLES))]
    Serve(ServeArgs),
    /// Expand URI Templates (RFC 6570, all four levels) into URIs or IRIs.
    #[command(after_help = EXPAND_EXAMPLES, after_long_help = long(EXPAND_LAYOUT, EXPAND_EXAMPLES))]
    Expand(ExpandArgs),
    /// Match URIs or IRIs against a URI Template (RFC 6570): the variables that expand to each.
    #[command(name = "match", after_help = MATCH_EXAMPLES, after_long_help = long(MATCH_LAYOUT, MATCH_EXAMPLES))]
    Match(MatchArgs),
    /// Print a shell completion script, generated from these definitions.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print the man page (roff), or write one page per subcommand into a directory.
    #[command(after_help = MAN_EXAMPLES)]
    Man(ManArgs),
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::builder::TypedValueParser;
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
    fn policy_flags_keep_their_order() {
        use iri::lint::{Code, Severity};
        let parse = |args: &[&str]| match Cli::try_parse_from(args) {
            Ok(Cli {
                command: Command::Lint(l),
                ..
            }) => l.policy,
            other => panic!("{other:?}"),
        };
        let p = parse(&[
            "iri",
            "lint",
            "--deny",
            "not-nfc",
            "--allow=confusable",
            "--warn",
            "overlong-utf8",
            "--allow",
            "not-nfc",
            "x",
        ]);
        assert_eq!(
            p.settings,
            [
                (Code::NotNfc, Some(Severity::Error)),
                (Code::Confusable, None),
                (Code::OverlongUtf8, Some(Severity::Warning)),
                (Code::NotNfc, None),
            ]
        );
        let policy = p.policy();
        assert_eq!(policy.severity(Code::NotNfc), None);
        assert_eq!(policy.severity(Code::Confusable), None);
        assert_eq!(policy.severity(Code::OverlongUtf8), Some(Severity::Warning));
        assert_eq!(
            policy.severity(Code::ParseError),
            Some(Severity::Error),
            "the others keep their defaults"
        );
        assert_eq!(parse(&["iri", "lint"]), PolicyArgs::default());
        // Every code can be named.
        for code in Code::ALL {
            let p = parse(&["iri", "lint", "--warn", code.as_str()]);
            assert_eq!(p.settings, [(*code, Some(Severity::Warning))]);
        }
    }

    /// The output block of the subcommands that map each input to one result is written
    /// once in the source and shown, whole and once, in each of their long helps.
    #[test]
    fn result_output_block_in_each_long_help() {
        let mut cli = Cli::command();
        for name in ["to-uri", "to-iri", "resolve", "relativize", "normalize"] {
            let sub = cli.find_subcommand_mut(name).unwrap();
            let help = sub.render_long_help().to_string();
            assert_eq!(help.matches(RESULT_OUTPUT).count(), 1, "{name}");
            assert_eq!(
                help.matches("Output, one line per input").count(),
                1,
                "{name}"
            );
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
