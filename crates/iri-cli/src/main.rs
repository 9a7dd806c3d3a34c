//! `iri`: the command-line tool over the [`iri`] library. It parses, validates, converts
//! (IRI ↔ URI, RFC 3987 §3, optionally with IDNA), resolves and relativizes (RFC 3986 §5),
//! normalizes, compares and deduplicates (the comparison ladder of RFC 3987 §5) IRIs, lints
//! them (the library's diagnostics: RFC 3987 §4, §6.1, §7.5, §8; RFC 3986 §7) and shows them
//! in bidirectional text (RFC 3987 §4), taking inputs as arguments or one per line on standard
//! input, and writes one line per input as text, JSON Lines or TSV (`lint`, in text, a block
//! per diagnostic, as a compiler does).
//!
//! The program is a thin layer: flags (`cli`), reading inputs (`input`), streaming them
//! through every core (`batch`, with `stats`), writing formats (`output`, `json`, `failure`),
//! one function per subcommand (`commands`) and the live viewer's web server (`serve`); all
//! the IRI work is the library's. The dependencies go one way: `cli` (the argument types)
//! depends on no other part but `stats`; `commands` and `serve` depend on it.
//!
//! Exit status: 0 when every input is valid, 1 when some input is invalid or an input could
//! not be read, 2 on a usage error (`compare`: 0 when equivalent, 1 when not; `lint`: 1 when
//! some diagnostic is an error). A closed standard output (`iri parse < big | head -1`)
//! ends the program quietly with status 0.

mod batch;
mod cli;
mod commands;
mod failure;
mod input;
mod json;
#[cfg(test)]
mod memory_tests;
mod output;
mod serve;
mod stats;

use std::io::{self, Write};
use std::process::ExitCode;

use crate::cli::Command;
use crate::commands::Outcome;

/// The name of a subcommand that does not read input lines, to which `--stats` cannot apply.
fn without_stats(command: &Command) -> Option<&'static str> {
    match command {
        Command::Compare(_) => Some("compare"),
        Command::Extract(_) => Some("extract"),
        Command::Build(_) => Some("build"),
        Command::Serve(_) => Some("serve"),
        Command::Expand(_) => Some("expand"),
        Command::Match(_) => Some("match"),
        Command::Completions(_) => Some("completions"),
        Command::Man(_) => Some("man"),
        _ => None,
    }
}

/// Reports a usage error as clap does, but with the hidden characters of the arguments it
/// quotes escaped (`<U+XXXX>`), and exits; `--help` and `--version` are printed as they are.
fn usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit()
    }
    let text = output::escaped_lines(&e.render().to_string());
    let _ = write!(io::stderr().lock(), "{text}");
    std::process::exit(e.exit_code())
}

fn main() -> ExitCode {
    let cli = match cli::try_parse_from(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => usage_error(e),
    };
    if let (Some(_), Some(name)) = (cli.stats, without_stats(&cli.command)) {
        // A usage error (exit status 2), as clap reports its own.
        cli::command()
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                format!(
                    "--stats summarizes the input lines of a subcommand that reads them one \
                     per line; `iri {name}` does not"
                ),
            )
            .exit();
    }
    let base_error = match &cli.command {
        Command::Resolve(a) => a.base.relative_base_error(a.relative_base),
        Command::Relativize(a) => a.relative_base_error(false),
        _ => None,
    };
    if let Some(message) = base_error {
        cli::command()
            .error(clap::error::ErrorKind::ValueValidation, message)
            .exit();
    }
    batch::configure(batch::Settings {
        threads: cli.threads,
        quiet: cli.quiet,
        stats: cli.stats,
    });
    match commands::run(cli.command) {
        Ok(Outcome::AllValid) => ExitCode::SUCCESS,
        Ok(Outcome::SomeInvalid) => ExitCode::from(1),
        // The reader went away: nobody is left to tell.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            output::warn(e);
            ExitCode::from(1)
        }
    }
}
