//! The subcommands, one function each; every one writes to the buffered standard output and
//! returns whether all its inputs were fine.

mod charset_hint;
mod compare;
mod components;
mod dedup;
mod display;
mod edit;
mod extract;
mod fast_path;
mod generate;
mod lenient;
mod lint;
mod parse;
mod roff;
mod template;
mod transform;
mod validate;
mod variant;
mod zone;

use std::io::{self, Write};

use crate::cli::Command;
use crate::output;

pub use compare::compare;
pub use dedup::dedup;
pub use display::display;
pub use edit::{build, edit};
pub use extract::extract;
pub use generate::{completions, man};
pub use lint::lint;
pub use parse::parse;
pub use template::{expand, match_, vars_from_json};
pub use transform::{normalize, relativize, resolve, to_iri, to_uri};
pub use validate::validate;

/// How a run went, for the exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every input was fine (`compare`: the two are equivalent; `lint`: no diagnostic is an
    /// error): exit status 0.
    AllValid,
    /// Some input was invalid, or some file could not be read (`compare`: the two are not
    /// equivalent; `lint`: some diagnostic is an error): exit status 1.
    SomeInvalid,
}

impl Outcome {
    /// `AllValid` when `ok`, else `SomeInvalid`.
    pub fn from_ok(ok: bool) -> Self {
        if ok {
            Outcome::AllValid
        } else {
            Outcome::SomeInvalid
        }
    }
}

/// Runs a subcommand, writing its results to standard output (flushed before returning).
pub fn run(command: Command) -> io::Result<Outcome> {
    let mut out = output::stdout();
    let outcome = match command {
        Command::Parse(args) => parse(args, &mut out)?,
        Command::Validate(args) => validate(args, &mut out)?,
        Command::ToUri(args) => to_uri(args, &mut out)?,
        Command::ToIri(args) => to_iri(args, &mut out)?,
        Command::Resolve(args) => resolve(args, &mut out)?,
        Command::Relativize(args) => relativize(args, &mut out)?,
        Command::Normalize(args) => normalize(args, &mut out)?,
        Command::Compare(args) => compare(args, &mut out)?,
        Command::Dedup(args) => dedup(args, &mut out)?,
        Command::Lint(args) => lint(args, &mut out)?,
        Command::Display(args) => display(args, &mut out)?,
        Command::Extract(args) => extract(args, &mut out)?,
        Command::Build(args) => build(args, &mut out)?,
        Command::Edit(args) => edit(args, &mut out)?,
        Command::Expand(args) => expand(args, &mut out)?,
        Command::Match(args) => match_(args, &mut out)?,
        Command::Serve(args) => {
            crate::serve::serve(args, &mut out)?;
            Outcome::AllValid
        }
        Command::Completions(args) => completions(args, &mut out)?,
        Command::Man(args) => man(args, &mut out)?,
    };
    out.flush()?;
    Ok(outcome)
}
