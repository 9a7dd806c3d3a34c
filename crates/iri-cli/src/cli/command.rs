//! The command as it is parsed, shown and documented: the derived [`Cli`], with the global
//! options that `iri serve` has no use for (`--threads`, `--quiet`, `--stats`: it reads no
//! lines) left out of its help, its man page and its completions.

use std::ffi::OsString;

use clap::{CommandFactory, FromArgMatches};

use super::Cli;

/// The global options of the line-reading subcommands, which `serve` does not list.
const LINE_OPTIONS: [&str; 3] = ["threads", "quiet", "stats"];

/// The clap command of `iri`, with `serve`'s help, man page and completions without
/// [`LINE_OPTIONS`].
pub fn command() -> clap::Command {
    let cmd = Cli::command();
    // Copies of the global options, hidden, which serve then has as its own (clap does not
    // give a subcommand a global option it defines itself); their values still reach the
    // global ones, so `serve --stats` is refused as before.
    let hidden: Vec<clap::Arg> = cmd
        .get_arguments()
        .filter(|a| LINE_OPTIONS.contains(&a.get_id().as_str()))
        .map(|a| a.clone().global(false).hide(true))
        .collect();
    cmd.mut_subcommand("serve", |s| s.args(hidden))
}

/// Parses `args` (the program's name first) with [`command`].
pub fn try_parse_from(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> Result<Cli, clap::Error> {
    let mut cmd = command();
    let matches = cmd.try_get_matches_from_mut(args)?;
    Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut cmd))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help of a subcommand, as `iri SUB --help` renders it.
    fn help(sub: &str) -> String {
        let mut cmd = command();
        cmd.build();
        cmd.find_subcommand_mut(sub)
            .unwrap()
            .render_long_help()
            .to_string()
    }

    #[test]
    fn serve_lists_none_of_the_line_options_and_the_others_do() {
        let serve = help("serve");
        assert!(serve.contains("--port"), "{serve}");
        for flag in ["--threads", "--quiet", "--stats", "-j,", "-q,"] {
            assert!(!serve.contains(flag), "serve --help lists {flag}");
        }
        let lint = help("lint");
        for flag in ["--threads", "--quiet", "--stats"] {
            assert!(lint.contains(flag), "lint --help lacks {flag}");
        }
    }

    #[test]
    fn parses_as_the_derived_command() {
        let cli = try_parse_from(["iri", "-j", "3", "lint", "--format", "json", "x:"]).unwrap();
        assert_eq!(cli.threads, 3);
        assert!(matches!(cli.command, super::super::Command::Lint(_)));
        // The hidden options of serve still set the global ones (which serve refuses).
        let cli = try_parse_from(["iri", "serve", "--stats", "-q", "-j", "2"]).unwrap();
        assert!(cli.stats.is_some() && cli.quiet);
        assert_eq!(cli.threads, 2);
        let cli = try_parse_from(["iri", "-q", "serve"]).unwrap();
        assert!(cli.stats.is_none() && cli.quiet);
        let e = try_parse_from(["iri", "serve", "--help"]).unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::DisplayHelp);
        let e = try_parse_from(["iri", "lint", "--no-such-flag"]).unwrap_err();
        assert_eq!(e.kind(), clap::error::ErrorKind::UnknownArgument);
    }
}
