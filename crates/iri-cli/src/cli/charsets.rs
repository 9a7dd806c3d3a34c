//! The values shell completion offers for `--charset`: the names of the encodings of the
//! WHATWG Encoding Standard (each is also one of its labels), lower case, without the
//! "replacement" encoding, which is refused. Any other label of the standard is accepted too
//! (`latin1`, `sjis`, …); these are the ones offered.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, TypedValueParser};

/// The encodings' names, in the Encoding Standard's order (§4 "Encodings").
pub(super) const CHARSET_NAMES: &[&str] = &[
    "utf-8",
    "ibm866",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-8-i",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "windows-874",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "x-mac-cyrillic",
    "gbk",
    "gb18030",
    "big5",
    "euc-jp",
    "iso-2022-jp",
    "shift_jis",
    "euc-kr",
    "utf-16be",
    "utf-16le",
    "x-user-defined",
];

/// A value parser that parses as `P` does and offers [`CHARSET_NAMES`] to shell completion
/// (the argument hides them from `--help`, where the list would be long).
#[derive(Clone)]
pub(super) struct CharsetLabel<P>(pub(super) P);

impl<P: TypedValueParser> TypedValueParser for CharsetLabel<P> {
    type Value = P::Value;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Self::Value, clap::Error> {
        self.0.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            CHARSET_NAMES.iter().map(|&name| PossibleValue::new(name)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_offered_is_accepted() {
        for &name in CHARSET_NAMES {
            let c = iri::legacy::Charset::for_label(name).unwrap_or_else(|e| panic!("{e}"));
            assert!(c.name().eq_ignore_ascii_case(name), "{name}: {}", c.name());
            assert!(iri::extract::DocumentOptions::new().charset(name).is_ok());
        }
    }
}
