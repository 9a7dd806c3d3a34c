//! `iri lint --allow/--warn/--deny CODE`: the severity flags, parsed by hand so that their
//! order on the command line is kept.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches};
use iri::lint::{Code, Policy, Severity};

/// The flags of `lint` that set how a code is reported, as a linter's configuration does:
/// `--allow CODE` silences it, `--warn CODE` and `--deny CODE` report it as a warning and as
/// an error. Each may be repeated; when one code is named more than once, the last flag wins.
///
/// Written by hand rather than derived, because the derived form keeps each flag's values
/// apart and loses their order on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PolicyArgs {
    /// The codes named, in command-line order, each with its severity (`None`: silenced).
    pub settings: Vec<(Code, Option<Severity>)>,
}

impl PolicyArgs {
    /// The library's policy: the defaults, changed by each setting in order.
    pub fn policy(&self) -> Policy {
        self.settings
            .iter()
            .fold(Policy::new(), |policy, &(code, severity)| match severity {
                Some(severity) => policy.set(code, severity),
                None => policy.silence(code),
            })
    }
}

/// The flags of [`PolicyArgs`]: name, severity (`None`: silence) and help.
const POLICY_FLAGS: [(&str, Option<Severity>, &str); 3] = [
    (
        "allow",
        None,
        "Do not report CODE (repeatable; the codes are listed in --help)",
    ),
    (
        "warn",
        Some(Severity::Warning),
        "Report CODE as a warning (repeatable)",
    ),
    (
        "deny",
        Some(Severity::Error),
        "Report CODE as an error, which makes the exit status 1 (repeatable)",
    ),
];

/// A diagnostic code by its name; an unknown name is a usage error that lists the codes.
fn code_parser() -> impl TypedValueParser<Value = Code> {
    PossibleValuesParser::new(Code::ALL.iter().map(|c| PossibleValue::new(c.as_str()))).try_map(
        |name: String| Code::from_name(&name).ok_or_else(|| format!("unknown code '{name}'")),
    )
}

impl Args for PolicyArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        POLICY_FLAGS.iter().fold(cmd, |cmd, &(name, _, help)| {
            cmd.arg(
                Arg::new(name)
                    .long(name)
                    .value_name("CODE")
                    .action(ArgAction::Append)
                    .value_parser(code_parser())
                    // 21 codes under each of three flags would bury the help: they are listed
                    // once, after the options (and in full in the error for an unknown one).
                    .hide_possible_values(true)
                    .help(help),
            )
        })
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for PolicyArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut settings = Vec::new();
        for &(name, severity, _) in &POLICY_FLAGS {
            if let (Some(codes), Some(at)) =
                (matches.get_many::<Code>(name), matches.indices_of(name))
            {
                settings.extend(at.zip(codes).map(|(i, &code)| (i, code, severity)));
            }
        }
        settings.sort_by_key(|&(i, ..)| i);
        Ok(PolicyArgs {
            settings: settings.into_iter().map(|(_, c, s)| (c, s)).collect(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}
