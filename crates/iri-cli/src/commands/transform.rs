//! The subcommands that turn each input into one output string: `to-uri`, `to-iri`,
//! `resolve`, `relativize` and `normalize`; their driver is `display`'s too.

use std::borrow::Cow;
use std::ffi::OsString;
use std::io::{self, Write};

use iri::idn::IdnaOptions;
use iri::legacy::{DocumentCharset, ParseMode};
use iri::{Iri, IriRef, Normalizer};

use super::{fast_path, Outcome};
use crate::batch::{each_input_streamed, Line};
use crate::cli::{BaseArgs, Format, NormalizeArgs, ResolveArgs, ToUriArgs, TransformArgs};
use crate::failure::Failure;
use crate::input::Origin;
use crate::json::JsonObject;
use crate::output::{escaped, tsv_field, tsv_row, write_escaped};

/// Runs `iri to-uri`: each IRI reference mapped to a URI reference (RFC 3987 §3.1); with
/// `--idna`, the host of DNS schemes through ToASCII first; with `--charset`, the query of
/// http(s) IRIs through the document charset; with `--lenient` or `--leiri`, read in that
/// wider grammar.
pub fn to_uri(args: ToUriArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let doc = args
        .charset
        .map(|c| DocumentCharset::new(c).unmappable(args.unmappable.into()));
    let mode = match (args.lenient, args.leiri) {
        (_, true) => Some(ParseMode::Leiri),
        (true, false) => Some(ParseMode::Lenient),
        (false, false) => None,
    };
    let args = args.transform;
    let idna = args.idna.then(IdnaOptions::new);
    if let Some(mode) = mode {
        let (inputs, format) = (args.inputs, args.output.format);
        return super::lenient::to_uri_lenient(mode, inputs, format, out, |r, buf| {
            to_uri_charset_or_not(r, doc.as_ref(), idna.as_ref(), buf)
        });
    }
    let (inputs, format) = (args.inputs, args.output.format);
    if doc.is_none() && idna.is_none() {
        return transform_made(inputs, format, Shown::Printable, COLUMNS, out, |s, buf| {
            let r = IriRef::parse(s).map_err(|e| Failure::parse(&e))?;
            Ok(fast_path::to_uri(&r, buf))
        });
    }
    transform(inputs, format, out, |s, buf| {
        let r = IriRef::parse(s).map_err(|e| Failure::parse(&e))?;
        to_uri_charset_or_not(&r, doc.as_ref(), idna.as_ref(), buf)
    })
}

/// The mapping of `to-uri` for a parsed reference: with `--charset` ([`to_uri_charset`]) or
/// without, with ToASCII when `idna` is given.
fn to_uri_charset_or_not(
    r: &IriRef<&str>,
    doc: Option<&DocumentCharset>,
    idna: Option<&IdnaOptions>,
    buf: &mut String,
) -> Result<(), Failure> {
    if let Some(doc) = doc {
        return to_uri_charset(r, doc, idna, buf);
    }
    match idna {
        None => {
            r.to_uri_into(buf);
        }
        Some(opts) => {
            let uri = r
                .to_uri_with(opts)
                .map_err(|e| Failure::idna(&e, host_offset(r)))?;
            put(buf, uri.into_inner());
        }
    }
    Ok(())
}

/// `to-uri --charset`: the mapping (with ToASCII when `idna` is given), then the query of an
/// http(s) IRI through the document charset (RFC 3987 §3.1 note).
fn to_uri_charset(
    r: &IriRef<&str>,
    doc: &DocumentCharset,
    idna: Option<&IdnaOptions>,
    buf: &mut String,
) -> Result<(), Failure> {
    let uri = match idna {
        None => r.to_uri(),
        Some(opts) => r
            .to_uri_with(opts)
            .map_err(|e| Failure::idna(&e, host_offset(r)))?,
    };
    let uri = doc.apply(r, &uri).map_err(|e| Failure {
        kind: e.kind(),
        component: Some(iri::Component::Query.as_str()),
        offset: Some(e.offset()),
        message: format!("{e} (the document charset of the query, RFC 3987 §3.1)"),
        hint: None,
        located: false,
    })?;
    put(buf, uri.into_inner());
    Ok(())
}

/// The byte offset of the host of `r` in its text, if it has one.
fn host_offset(r: &IriRef<&str>) -> Option<usize> {
    let host = r.host_str()?;
    Some(host.as_ptr() as usize - r.as_str().as_ptr() as usize)
}

/// Runs `iri to-iri`: each URI (or IRI) reference converted to an IRI reference
/// (RFC 3987 §3.2); with `--idna`, the `xn--` labels of DNS hosts through ToUnicode.
pub fn to_iri(args: TransformArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let idna = args.idna.then(IdnaOptions::new);
    transform(args.inputs, args.output.format, out, |s, buf| {
        let r = IriRef::parse(s).map_err(|e| Failure::parse(&e))?;
        match &idna {
            None => put(buf, r.to_iri().into_inner()),
            Some(opts) => put(buf, r.to_iri_with(opts).into_inner()),
        }
        Ok(())
    })
}

/// Runs `iri normalize`: each IRI reference normalized for a rung of the comparison ladder
/// (RFC 3987 §5.3), adjusted by the flags.
pub fn normalize(args: NormalizeArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let mut n = Normalizer::new(args.level)
        .form(args.form.into())
        .ignore_fragment(args.ignore_fragment);
    if args.nfc {
        n = n.nfc();
    }
    if args.nfkc {
        n = n.nfkc();
    }
    let (inputs, format) = (args.inputs, args.output.format);
    transform_made(inputs, format, Shown::Escape, COLUMNS, out, |s, buf| {
        fast_path::normalize(&n, s, buf).map_err(|e| Failure::parse(&e))
    })
}

/// Runs `iri resolve`: each reference resolved against `--base` (RFC 3986 §5.2), with the
/// options of `--preset` and the option flags.
pub fn resolve(args: ResolveArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let opts = args.options();
    let args = args.base;
    // An absolute base (checked before, unless --relative-base) takes the buffer-reusing path.
    let base = Iri::try_from(args.base.clone()).ok();
    let relative = args.base;
    let (inputs, format) = (args.inputs, args.output.format);
    transform_made(inputs, format, Shown::Escape, COLUMNS, out, |s, buf| {
        let r = IriRef::parse(s).map_err(|e| Failure::parse(&e))?;
        match &base {
            Some(base) => return Ok(fast_path::resolve(base, &r, opts, buf)),
            None => put(buf, relative.resolve_relative_with(&r, opts).into_inner()),
        }
        Ok(Made::Buf)
    })
}

/// Runs `iri relativize`: for each target IRI, the shortest reference that resolves against
/// `--base` to it.
pub fn relativize(args: BaseArgs, out: &mut impl Write) -> io::Result<Outcome> {
    // main() has refused a base without scheme.
    let base = Iri::try_from(args.base).map_err(io::Error::other)?;
    transform(args.inputs, args.output.format, out, |s, buf| {
        let target = Iri::parse(s).map_err(|e| Failure::parse(&e))?;
        let r = base
            .relativize(&target)
            .map_err(|e| Failure::unreachable(&e))?;
        put(buf, r.into_inner());
        Ok(())
    })
}

/// The shared driver: `f` writes the output for one valid-UTF-8 input into an empty buffer,
/// or says why there is none; each input gives one line in `format`. The inputs are mapped
/// on every core ([`each_input_streamed`]), the output written in input order.
pub(super) fn transform(
    inputs: Vec<OsString>,
    format: Format,
    out: &mut impl Write,
    f: impl Fn(&str, &mut String) -> Result<(), Failure> + Sync,
) -> io::Result<Outcome> {
    transform_shown(inputs, format, Shown::Escape, out, f)
}

/// Whether the driver escapes the outputs of a transform in text and TSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shown {
    /// The output is untrusted text: its hidden characters are escaped.
    Escape,
    /// The output is made to be shown as it is (`display`'s wrapping), its input's own hidden
    /// characters already escaped: written raw.
    AsIs,
    /// The output is printable ASCII by construction, so that escaping would leave it as it
    /// is: `to-uri` of a parsed reference, whose ASCII characters the grammar keeps to the
    /// printable ones (RFC 3987 §2.2: no control, no space) and whose other characters become
    /// `%HH` (§3.1). Written raw in text, escaped as usual in TSV.
    Printable,
}

/// The names a transform's output gives its columns, and what its output is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Columns {
    /// The TSV header line, with its line end.
    pub header: &'static str,
    /// The JSON member that holds the output.
    pub member: &'static str,
    /// Whether the output is JSON text already (written as it is in JSON), else a string.
    pub json: bool,
}

/// The columns of most transforms: `input`, `output` (a string) and `error`.
pub(super) const COLUMNS: Columns = Columns {
    header: "input\toutput\terror\n",
    member: "output",
    json: false,
};

/// [`transform`], with the output written raw in text and TSV when `shown` says so.
pub(super) fn transform_shown(
    inputs: Vec<OsString>,
    format: Format,
    shown: Shown,
    out: &mut impl Write,
    f: impl Fn(&str, &mut String) -> Result<(), Failure> + Sync,
) -> io::Result<Outcome> {
    transform_columns(inputs, format, shown, COLUMNS, out, f)
}

/// [`transform_shown`], with the columns named by `columns`.
pub(super) fn transform_columns(
    inputs: Vec<OsString>,
    format: Format,
    shown: Shown,
    columns: Columns,
    out: &mut impl Write,
    f: impl Fn(&str, &mut String) -> Result<(), Failure> + Sync,
) -> io::Result<Outcome> {
    transform_made(inputs, format, shown, columns, out, |s, buf| {
        f(s, buf).map(|()| Made::Buf)
    })
}

/// Where the output of one input is: the input itself, or the buffer the function wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Made {
    /// The output is the input, unchanged: written from the input's own bytes, never copied
    /// into the buffer first.
    Input,
    /// [`Made::Input`], where the input is a parsed reference in ASCII: its characters are
    /// printable (the grammar of RFC 3987 §2.2 has no control and no space), so that the
    /// escape, which would leave it as it is, is skipped.
    AsciiInput,
    /// The output is in the buffer.
    Buf,
}

/// The driver of every transform: `f` gives the output for one valid-UTF-8 input, as the input
/// itself ([`Made::Input`]) or written into an empty buffer ([`Made::Buf`]), or says why there
/// is none; each input gives one line in `format`. The inputs are mapped on every core
/// ([`each_input_streamed`]), the output written in input order.
pub(super) fn transform_made(
    inputs: Vec<OsString>,
    format: Format,
    shown: Shown,
    columns: Columns,
    out: &mut impl Write,
    f: impl Fn(&str, &mut String) -> Result<Made, Failure> + Sync,
) -> io::Result<Outcome> {
    if format == Format::Tsv {
        out.write_all(columns.header.as_bytes())?;
    }
    let how = (format, shown, columns);
    // `buf`: the task's buffer for the output of one input, reused from one input to the next.
    let map = |line: Line<'_>, out: &mut Vec<u8>, buf: &mut String| {
        {
            buf.clear();
            let (text, result) = match line.utf8() {
                Ok(s) => match f(s, buf) {
                    Ok(Made::Input) => (s, Ok(())),
                    Ok(Made::AsciiInput) if format == Format::Text => {
                        debug_assert!(s.bytes().all(|b| matches!(b, b'!'..=b'~')));
                        out.extend_from_slice(s.as_bytes());
                        out.push(b'\n');
                        return true;
                    }
                    Ok(Made::AsciiInput) => (s, Ok(())),
                    Ok(Made::Buf) => {
                        if take_over(out, format, shown, buf) {
                            return true;
                        }
                        (buf.as_str(), Ok(()))
                    }
                    Err(fail) => ("", Err(fail)),
                },
                Err(e) => ("", Err(Failure::utf8(&e, line.bytes, Some(line.origin)))),
            };
            match (format, &result) {
                // The common case, written here without the general writer's calls.
                (Format::Text, Ok(())) => {
                    match shown {
                        Shown::Escape => out.extend_from_slice(escaped(text).as_bytes()),
                        Shown::AsIs => out.extend_from_slice(text.as_bytes()),
                        Shown::Printable => {
                            debug_assert!(text.bytes().all(|b| matches!(b, b'!'..=b'~')));
                            out.extend_from_slice(text.as_bytes());
                        }
                    }
                    out.push(b'\n');
                }
                // Writing into memory cannot fail.
                _ => {
                    let _ = write_one(out, how, line.origin, line.bytes, text, &result);
                }
            }
            result.is_ok()
        }
    };
    // A long line: its output made in a buffer of its own (the worker's would keep its size)
    // and written straight out, not copied into the task's buffer beside the echoed input.
    let all_ok = each_input_streamed(inputs, out, map, |out, line| {
        let mut buf = String::new();
        let (text, result) = match line.utf8() {
            Ok(s) => match f(s, &mut buf) {
                Ok(Made::Input | Made::AsciiInput) => (s, Ok(())),
                Ok(Made::Buf) => (buf.as_str(), Ok(())),
                Err(fail) => ("", Err(fail)),
            },
            Err(e) => ("", Err(Failure::utf8(&e, line.bytes, Some(line.origin)))),
        };
        write_one(out, how, line.origin, line.bytes, text, &result)?;
        Ok(result.is_ok())
    })?;
    Ok(Outcome::from_ok(all_ok))
}

/// The output length from which a text line's output becomes the task's output itself rather
/// than being copied into it (a copy of a long line's output would add its size to the peak).
const TAKE_OVER: usize = 64 << 10;

/// Makes `buf`, a long output written as it is in text, the task's output `out` when that is
/// still empty, instead of copying it: one copy of a long line's output is in memory, not two.
/// Returns whether it did.
fn take_over(out: &mut Vec<u8>, format: Format, shown: Shown, buf: &mut String) -> bool {
    if format != Format::Text || !out.is_empty() || buf.len() < TAKE_OVER {
        return false;
    }
    if shown == Shown::Escape && matches!(escaped(buf), Cow::Owned(_)) {
        return false;
    }
    buf.reserve_exact(1);
    buf.push('\n');
    *out = std::mem::take(buf).into_bytes();
    true
}

/// Puts an output made elsewhere into the (empty) buffer: moved when it is owned, so that a
/// long output is not copied.
pub(super) fn put<'a>(buf: &mut String, s: impl Into<Cow<'a, str>>) {
    match s.into() {
        Cow::Owned(s) if buf.is_empty() => *buf = s,
        s => buf.push_str(&s),
    }
}

/// Writes the line for one input: its output `buf`, or its failure.
fn write_one(
    out: &mut impl Write,
    (format, shown, columns): (Format, Shown, Columns),
    origin: Origin,
    bytes: &[u8],
    buf: &str,
    result: &Result<(), Failure>,
) -> io::Result<()> {
    // Made only for the rows that show the input (text output does not).
    let input = || String::from_utf8_lossy(bytes);
    match (format, result) {
        (Format::Text, Ok(())) => {
            match shown {
                Shown::Escape | Shown::Printable => write_escaped(out, buf)?,
                Shown::AsIs => out.write_all(buf.as_bytes())?,
            }
            out.write_all(b"\n")
        }
        (Format::Tsv, Ok(())) if shown == Shown::AsIs => {
            tsv_field(out, &input())?;
            out.write_all(b"\t")?;
            out.write_all(buf.as_bytes())?;
            out.write_all(b"\t\n")
        }
        (Format::Text, Err(fail)) => fail.write_text(out, origin),
        (Format::Json, _) => {
            let mut o = JsonObject::begin(&mut *out)?;
            o.str("input", Some(&input()))?;
            match result {
                Ok(()) if columns.json => o.raw(columns.member, buf)?,
                Ok(()) => o.str(columns.member, Some(buf))?,
                Err(fail) => o.object("error", |e| fail.write_json_fields(e, bytes))?,
            }
            o.end_line()
        }
        (Format::Tsv, Ok(())) => tsv_row(out, &[Some(&input()), Some(buf), None]),
        (Format::Tsv, Err(fail)) => tsv_row(out, &[Some(&input()), None, Some(&fail.message)]),
    }
}
