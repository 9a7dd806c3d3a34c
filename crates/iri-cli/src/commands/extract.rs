//! `iri extract`: find the IRIs in text, HTML and XML files (RFC 3987 §7.3) and print each
//! with where it was found and its URI form (RFC 3987 §3.1). The library's `extract` module
//! does the work: charset detection, references, bases, the plain-text heuristics, the
//! lenient grammar. Here: ToASCII of hosts (`--idna`), and the query of http(s) IRIs from a
//! legacy-charset document mapped through that charset (RFC 3987 §3.1 note), both with the
//! library's mappings (`IriRef::to_uri_with`, `DocumentCharset::apply`).
//!
//! Plain text in UTF-8 streams: it is read [`READ`] bytes at a time and cut after the last
//! white space at which no candidate can go on (a bare IRI ends at white space, and `<…>`
//! reaches at most 4096 bytes past its `<`); each piece is searched and its results written,
//! and flushed, at once. So `tail -f log | iri extract -` shows each IRI as its line comes,
//! and the memory is that of a piece (a read, and the longest stretch without a place to
//! cut), not of the file. Text in the charset `--charset` names is decoded as it is read and
//! streams the same way (a BOM still wins; a legacy charset's candidates are brought to NFC,
//! in either grammar). Text whose first bytes are not UTF-8 (no BOM, no `--charset`), HTML and
//! XML are read whole (HTML's first `<base href>` applies to all of it); their results are
//! written as they are found, not kept.

use std::io::{self, Read, Write};
use std::path::Path;

use iri::extract::{
    extract_document_each, extract_text_each, extract_text_each_nfc, find_iris, sniff_kind,
    CharsetSource, DocumentKind, DocumentOptions, Found, MarkupOptions, Place, Resolved, TextMatch,
};
use iri::idn::IdnaOptions;
use iri::legacy::{Charset, DocumentCharset, ParseMode, Unmappable, Widened};
use iri::{Iri, IriRef};

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use super::charset_hint::{advice, legacy_guess, utf16_without_bom};
use super::Outcome;
use crate::cli::{ExtractArgs, Format, TypeArg};
use crate::failure::Failure;
use crate::input::{with_context, Source};
use crate::json::JsonObject;
use crate::output::{count, escaped, tsv_field, tsv_row, warn, write_escaped};

/// The kind a file's name says, if it says one.
fn kind_by_extension(path: &Path) -> Option<DocumentKind> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    Some(match ext.as_str() {
        "html" | "htm" => DocumentKind::Html,
        "xml" | "xhtml" | "svg" | "atom" | "rss" | "rdf" => DocumentKind::Xml,
        "txt" | "text" => DocumentKind::Text,
        _ => return None,
    })
}

/// How the URI form of each found IRI is made, beyond the library's UTF-8 mapping.
struct UriForm {
    /// ToASCII for hosts (`--idna`).
    idna: Option<IdnaOptions<'static>>,
    /// The document's charset when it is a legacy one: http(s) queries go through it.
    query: Option<DocumentCharset>,
}

impl UriForm {
    /// The URI of a found IRI: that of the resolved IRI (or of the reference when there is
    /// no base), with ToASCII and the query charset applied as asked.
    fn uri(&self, f: &Found, r: &Resolved) -> Result<String, Failure> {
        if self.idna.is_none() && self.query.is_none() {
            return Ok(r.uri.clone());
        }
        let iri: IriRef<&str> = match &r.resolved {
            Some(i) => i.as_borrowed().into(),
            None => r.reference.as_borrowed(),
        };
        self.uri_of(&f.text, &r.reference.as_borrowed(), iri)
    }

    /// The URI of `iri`, the resolution of `reference` (found as `text`), with ToASCII and the
    /// query charset applied (at least one of them is asked).
    fn uri_of(
        &self,
        text: &str,
        reference: &IriRef<&str>,
        iri: IriRef<&str>,
    ) -> Result<String, Failure> {
        let uri = match &self.idna {
            None => iri.to_uri(),
            Some(opts) => iri.to_uri_with(opts).map_err(|e| {
                // Where the host starts in the text, when the text holds it as it is.
                let offset = (reference.as_str() == text)
                    .then(|| reference.host_str())
                    .flatten()
                    .map(|h| h.as_ptr() as usize - reference.as_str().as_ptr() as usize);
                Failure::idna(&e, offset)
            })?,
        };
        match &self.query {
            None => Ok(uri.as_str().to_owned()),
            // Unmappable characters become &#NNNN;, which cannot fail.
            Some(doc) => doc
                .apply(&iri, &uri)
                .map(|u| u.as_str().to_owned())
                .map_err(|e| Failure {
                    kind: e.kind(),
                    component: Some(iri::Component::Query.as_str()),
                    offset: None,
                    message: format!("{e} (the document charset of the query, RFC 3987 §3.1)"),
                    hint: None,
                    located: false,
                }),
        }
    }
}

/// What is written of one found IRI, borrowed from where it was found.
struct View<'a> {
    text: &'a str,
    line: usize,
    column: usize,
    place: &'a Place,
    /// Why there is no URI form, if there is none.
    failure: Option<Failure>,
    resolved: Option<&'a str>,
    uri: Option<&'a str>,
    warnings: &'a [Widened],
}

impl<'a> View<'a> {
    /// The view of a found IRI and its URI form (or why there is none).
    fn of(f: &'a Found, uri: &'a Result<String, Failure>) -> Self {
        let failure = match &f.result {
            Err(e) => Some(Failure::parse(e)),
            Ok(_) => uri.as_ref().err().cloned(),
        };
        let warnings: &[Widened] = match &f.result {
            Ok(r) if failure.is_none() => &r.warnings,
            _ => &[],
        };
        View {
            text: &f.text,
            line: f.line,
            column: f.column,
            place: &f.place,
            failure,
            resolved: f
                .result
                .as_ref()
                .ok()
                .and_then(|r| r.resolved.as_ref().map(|i| i.as_str())),
            uri: uri.as_ref().ok().map(String::as_str),
            warnings,
        }
    }
}

/// Writes one found IRI.
fn report(
    out: &mut impl Write,
    format: Format,
    name: &str,
    encoding: &str,
    v: &View<'_>,
    lenient: bool,
) -> io::Result<()> {
    let place = v.place.to_string();
    let (element, attribute) = match v.place {
        Place::Attribute { element, attribute } => {
            (Some(element.as_str()), Some(attribute.as_str()))
        }
        Place::Text { element } => (element.as_deref(), None),
    };
    let (failure, resolved, uri, warnings) = (&v.failure, v.resolved, v.uri, v.warnings);
    match format {
        Format::Text => {
            let (name, place) = (escaped(name), escaped(&place));
            write!(out, "{name}:{}:{}: {place}: ", v.line, v.column)?;
            // Escaped as a TSV field, so that a text with a line break stays on its line.
            tsv_field(out, v.text)?;
            out.write_all(b" -> ")?;
            match (failure, uri) {
                (Some(e), _) => writeln!(out, "error: {}", escaped(&e.message)),
                (_, u) => {
                    // The URI ends the line; the warnings go to standard error.
                    write_escaped(out, u.unwrap_or_default())?;
                    for w in warnings {
                        warn(format_args!("{name}:{}:{}: warning: {w}", v.line, v.column));
                    }
                    writeln!(out)
                }
            }
        }
        Format::Json => {
            let mut o = JsonObject::begin(&mut *out)?;
            o.str("file", Some(name))?;
            o.num("line", Some(v.line as u64))?;
            o.num("column", Some(v.column as u64))?;
            o.str("place", Some(&place))?;
            o.str("element", element)?;
            o.str("attribute", attribute)?;
            o.str("encoding", Some(encoding))?;
            o.str("text", Some(v.text))?;
            match failure {
                Some(e) => o.object("error", |eo| e.write_json_fields(eo, v.text.as_bytes()))?,
                None => {
                    o.str("resolved", resolved)?;
                    o.str("uri", uri)?;
                }
            }
            if lenient {
                o.objects("warnings", warnings, |o, w| {
                    super::lenient::write_warning(o, w, v.text)
                })?;
            }
            o.end_line()
        }
        Format::Tsv => {
            let line = v.line.to_string();
            let column = v.column.to_string();
            let joined: String;
            let mut row = vec![
                Some(name),
                Some(line.as_str()),
                Some(column.as_str()),
                Some(place.as_str()),
                Some(v.text),
                resolved,
                uri,
                failure.as_ref().map(|e| e.message.as_str()),
            ];
            if lenient {
                let all: Vec<String> = warnings.iter().map(|w| w.to_string()).collect();
                joined = all.join("; ");
                row.push((!joined.is_empty()).then_some(joined.as_str()));
            }
            tsv_row(out, &row)
        }
    }
}

/// The bytes read at a time from a text input.
const READ: usize = 64 << 10;

/// How far past its `<` a `<…>` candidate may reach in text (the library's 4096 bytes, with
/// the `<` and `>` themselves).
const ANGLE_REACH: usize = 4096 + 2;

/// Reads the first bytes of an input into `bytes`: when the kind is to be sniffed from them,
/// until [`sniff_kind`] has what it looks at (five bytes past the BOM, white space and NULs,
/// within the first 512) or the end; else what the first read gives (a pipe may give one
/// line).
fn read_head(r: &mut impl Read, bytes: &mut Vec<u8>, sniff: bool) -> io::Result<()> {
    let mut chunk = vec![0; READ];
    loop {
        let n = match r.read(&mut chunk) {
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        bytes.extend_from_slice(&chunk[..n]);
        if n == 0 || !sniff || sniffable(bytes) {
            return Ok(());
        }
    }
}

/// Whether [`sniff_kind`] can tell the kind from `bytes`, however they go on.
fn sniffable(bytes: &[u8]) -> bool {
    let body = [&b"\xEF\xBB\xBF"[..], b"\xFE\xFF", b"\xFF\xFE"]
        .iter()
        .find_map(|bom| bytes.strip_prefix(*bom))
        .unwrap_or(bytes);
    bytes.len() >= 512
        || body
            .iter()
            .filter(|&&b| b != 0)
            .skip_while(|b| b.is_ascii_whitespace())
            .nth(4)
            .is_some()
}

/// The first bytes without a UTF-8 BOM, when the text is to be read as UTF-8: a UTF-8 BOM, or
/// no BOM and (`default_utf8`: no other charset asked) bytes that are UTF-8 so far (an
/// unfinished character at the end is fine).
fn utf8_body(bytes: &[u8], default_utf8: bool) -> Option<&[u8]> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return Some(rest);
    }
    if !default_utf8 || bytes.starts_with(b"\xFE\xFF") || bytes.starts_with(b"\xFF\xFE") {
        return None;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => Some(bytes),
        Err(e) if e.error_len().is_none() => Some(bytes),
        Err(_) => None,
    }
}

/// Why a stream stopped.
enum StreamError {
    Read(io::Error),
    Write(io::Error),
}

/// Plain UTF-8 text searched piece by piece (see the module documentation).
struct TextStream<'a> {
    opts: &'a MarkupOptions,
    form: UriForm,
    /// The base (`--base`), for the strict grammar's path.
    base: Option<&'a Iri<String>>,
    /// `--lenient`: the library's search with the wider grammar.
    lenient: bool,
}

/// A text in a charset other than UTF-8 (`--charset`), decoded as it is read.
struct Charset8 {
    decoder: encoding_rs::Decoder,
    /// Whether the first bytes were decoded (and a BOM, which wins, seen).
    started: bool,
}

impl TextStream<'_> {
    /// Reads `reader` after the bytes `head`, calling `each` with every found IRI (its line,
    /// column and span those of the whole text) and its URI form, in order. Whether some
    /// bytes were not UTF-8.
    fn run<W: Write>(
        &mut self,
        reader: &mut impl Read,
        head: Vec<u8>,
        out: &mut W,
        mut charset: Option<Charset8>,
        mut each: impl FnMut(&mut W, &View<'_>, &'static str) -> io::Result<()>,
    ) -> Result<(bool, &'static str), StreamError> {
        let mut encoding = "UTF-8";
        // Legacy charsets: each candidate brought to NFC (RFC 3987 §3.1 step 1b).
        let mut nfc = false;
        let mut pending = head;
        let mut text = String::new();
        let mut malformed = false;
        // Where the unsearched text starts: its line, and the characters before it on its line.
        let (mut line, mut column) = (1usize, 0usize);
        let mut chunk = vec![0; READ];
        let mut eof = false;
        // The start of `text` holds no place to cut up to here.
        let mut searched = 0;
        loop {
            match &mut charset {
                None => malformed |= decode_utf8(&mut pending, &mut text, eof),
                Some(c) => {
                    malformed |= decode_with(&mut c.decoder, &mut pending, &mut text, eof);
                    if !c.started && (!text.is_empty() || eof) {
                        // The charset is known once a BOM could have been seen.
                        c.started = true;
                        let e = c.decoder.encoding();
                        encoding = e.name();
                        let legacy = Charset::for_label(encoding)
                            .ok()
                            .filter(|c| !c.is_unicode());
                        nfc = legacy.is_some();
                        self.form.query = legacy.map(|c| {
                            DocumentCharset::new(c).unmappable(Unmappable::NumericReference)
                        });
                    }
                }
            }
            let cut = if eof {
                text.len()
            } else {
                safe_cut(&text, searched)
            };
            if cut > 0 {
                let piece = &text[..cut];
                // Lines and columns of the whole text.
                let at = |l: usize, c: usize| (l + line - 1, if l == 1 { c + column } else { c });
                if self.lenient {
                    let mut written = Ok(());
                    let mut one = |mut f: Found| {
                        if written.is_err() {
                            return;
                        }
                        (f.line, f.column) = at(f.line, f.column);
                        let uri = match &f.result {
                            Ok(r) => self.form.uri(&f, r),
                            Err(e) => Err(Failure::parse(e)),
                        };
                        written = each(out, &View::of(&f, &uri), encoding);
                    };
                    // A legacy charset's candidates are brought to NFC before they are parsed.
                    if nfc {
                        extract_text_each_nfc(piece, self.opts, &mut one);
                    } else {
                        extract_text_each(piece, self.opts, &mut one);
                    }
                    written.map_err(StreamError::Write)?;
                } else {
                    for mut m in find_iris(piece) {
                        let (l, c) = at(m.line, m.column);
                        if nfc && is_nfc_quick(m.text.chars()) != IsNormalized::Yes {
                            m.text = m.text.nfc().collect::<String>().into();
                        }
                        self.found(&m, l, c, |v| each(out, v, encoding))
                            .map_err(StreamError::Write)?;
                    }
                }
                match piece.rfind('\n') {
                    Some(nl) => {
                        line += piece.matches('\n').count();
                        column = piece[nl + 1..].chars().count();
                    }
                    None => column += piece.chars().count(),
                }
                text.drain(..cut);
            }
            // What is left holds no place to cut (the cut was the last one).
            searched = text.len();
            if eof {
                return Ok((malformed, encoding));
            }
            // What is found is shown before the reader waits for more.
            out.flush().map_err(StreamError::Write)?;
            let n = loop {
                match reader.read(&mut chunk) {
                    Ok(n) => break n,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(StreamError::Read(e)),
                }
            };
            pending.extend_from_slice(&chunk[..n]);
            eof = n == 0;
        }
    }
}

impl TextStream<'_> {
    /// Resolves one candidate of the strict grammar and hands its view to `each`, as
    /// [`extract_text`] and [`UriForm::uri`] would make it, but borrowing the candidate's text
    /// rather than copying it (three times: the text, the reference, the resolved IRI), so that
    /// a candidate of 100 MB takes its URI form besides the text read, not four copies more.
    fn found(
        &self,
        m: &TextMatch<'_>,
        line: usize,
        column: usize,
        each: impl FnOnce(&View<'_>) -> io::Result<()>,
    ) -> io::Result<()> {
        let place = Place::Text { element: None };
        let mut view = View {
            text: &m.text,
            line,
            column,
            place: &place,
            failure: None,
            resolved: None,
            uri: None,
            warnings: &[],
        };
        let reference = match m.parse() {
            Ok(r) => r,
            Err(e) => {
                view.failure = Some(Failure::parse(&e));
                return each(&view);
            }
        };
        let owned: Option<Iri<String>>;
        let iri: IriRef<&str> = match (reference.to_iri_checked(), self.base) {
            (Some(abs), _) => abs.into(),
            (None, Some(base)) => {
                owned = Some(base.resolve(&reference));
                owned.as_ref().map_or(reference, |i| i.as_borrowed().into())
            }
            (None, None) => reference,
        };
        if iri.is_absolute() {
            view.resolved = Some(iri.as_str());
        }
        if self.form.idna.is_none() && self.form.query.is_none() {
            let uri = iri.to_uri();
            view.uri = Some(uri.as_str());
            return each(&view);
        }
        match self.form.uri_of(&m.text, &reference, iri) {
            Ok(uri) => {
                view.uri = Some(&uri);
                each(&view)
            }
            Err(e) => {
                view.failure = Some(e);
                each(&view)
            }
        }
    }
}

/// Moves the complete UTF-8 characters at the start of `pending` into `text` (an ill-formed
/// sequence as U+FFFD), keeping an unfinished character for the next read unless at `eof`.
/// Whether some bytes were ill-formed.
fn decode_utf8(pending: &mut Vec<u8>, text: &mut String, eof: bool) -> bool {
    // A text that grows (a stretch without a place to cut) grows by an eighth at a time, not
    // by doubling: one long token then takes little more than its size.
    let need = text.len() + pending.len() + 3;
    if need > text.capacity() {
        text.reserve_exact((need - text.len()).max(text.len() / 8));
    }
    let mut malformed = false;
    let mut at = 0;
    loop {
        match std::str::from_utf8(&pending[at..]) {
            Ok(s) => {
                text.push_str(s);
                at = pending.len();
                break;
            }
            Err(e) => {
                let good = e.valid_up_to();
                // The prefix was just checked.
                text.push_str(std::str::from_utf8(&pending[at..at + good]).unwrap_or_default());
                at += good;
                match e.error_len() {
                    Some(bad) => {
                        text.push('\u{FFFD}');
                        malformed = true;
                        at += bad;
                    }
                    None if eof => {
                        text.push('\u{FFFD}');
                        malformed = true;
                        at = pending.len();
                        break;
                    }
                    None => break,
                }
            }
        }
    }
    pending.drain(..at);
    malformed
}

/// Decodes `pending` into `text` with `decoder`, which keeps an unfinished character for
/// the next read unless at `eof`. Whether some bytes were malformed (each became U+FFFD).
fn decode_with(
    decoder: &mut encoding_rs::Decoder,
    pending: &mut Vec<u8>,
    text: &mut String,
    eof: bool,
) -> bool {
    let mut malformed = false;
    let mut at = 0;
    loop {
        let need = decoder
            .max_utf8_buffer_length(pending.len() - at)
            .unwrap_or(usize::MAX);
        if need > text.capacity() - text.len() {
            // As in decode_utf8: a long stretch grows by an eighth at a time.
            text.reserve_exact(need.max(text.len() / 8));
        }
        let (result, read, bad) = decoder.decode_to_string(&pending[at..], text, eof);
        malformed |= bad;
        at += read;
        if result == encoding_rs::CoderResult::InputEmpty {
            break;
        }
    }
    pending.clear();
    malformed
}

/// Where the searched text may be cut: after the last white space at which no candidate goes
/// on, i.e. that no `<` in reach of [`ANGLE_REACH`] and still unclosed stands before; 0 when
/// there is no such place yet. Whether a place is one depends only on the text before it, so
/// the bytes before `from` (known to hold none) are not looked at again: a long stretch
/// without one is searched once, not once per read.
fn safe_cut(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let mut end = b.len();
    loop {
        let from = from.min(end);
        let Some(ws) = b[from..end]
            .iter()
            .rposition(|c| c.is_ascii_whitespace())
            .map(|i| from + i)
        else {
            return 0;
        };
        let reach = ws.saturating_sub(ANGLE_REACH);
        match b[reach..ws]
            .iter()
            .rposition(|&c| c == b'<')
            .map(|i| reach + i)
        {
            Some(lt) if !b[lt..ws].contains(&b'>') => end = lt,
            _ => return ws + 1,
        }
    }
}

/// Runs `iri extract`, as described in its `--help`.
pub fn extract(args: ExtractArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let mut base_opts = DocumentOptions::new();
    if let Some(label) = &args.charset {
        // Checked when the arguments were parsed.
        base_opts = base_opts
            .charset(label)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    }
    if let Some(base) = args.base.clone() {
        base_opts = base_opts.base(base);
    }
    if args.lenient {
        base_opts = base_opts.mode(ParseMode::Lenient);
    }
    let mut text_opts = MarkupOptions::new();
    if let Some(base) = &args.base {
        text_opts = text_opts.base(base.clone());
    }
    if args.lenient {
        text_opts = text_opts.mode(ParseMode::Lenient);
    }
    let utf8_asked = args
        .charset
        .as_deref()
        .is_some_and(|l| Charset::for_label(l).is_ok_and(|c| c.name() == "UTF-8"));
    let format = args.output.format;
    if format == Format::Tsv {
        out.write_all(b"file\tline\tcolumn\tplace\ttext\tresolved\turi\terror")?;
        out.write_all(if args.lenient { b"\twarnings\n" } else { b"\n" })?;
    }
    let sources = Source::list(args.files);
    if sources.contains(&Source::Stdin) {
        crate::batch::note_terminal_stdin("a document");
    }
    let (mut found, mut invalid, mut unreadable) = (0u64, 0u64, 0u64);
    for source in &sources {
        let name = source.name();
        let kind = match (args.kind, source) {
            (Some(TypeArg::Text), _) => Some(DocumentKind::Text),
            (Some(TypeArg::Html), _) => Some(DocumentKind::Html),
            (Some(TypeArg::Xml), _) => Some(DocumentKind::Xml),
            (None, Source::File(p)) => kind_by_extension(p),
            (None, Source::Stdin) => None,
        };
        // The first bytes: enough to tell the kind and whether the text is UTF-8.
        let mut bytes = Vec::new();
        let opened = source.open().and_then(|mut r| {
            read_head(&mut r, &mut bytes, kind.is_none())?;
            Ok(r)
        });
        let mut reader = match opened {
            Ok(r) => r,
            Err(e) => {
                unreadable += 1;
                warn(with_context(&name, e));
                continue;
            }
        };
        let text = kind.unwrap_or_else(|| sniff_kind(&bytes)) == DocumentKind::Text;
        if text && args.charset.is_none() {
            if let Some(label) = utf16_without_bom(&bytes) {
                warn(format!(
                    "{name}: the text looks like {} without a byte order mark (every other \
                     byte is NUL), which reads as no IRI in UTF-8: try --charset {label}",
                    label.to_ascii_uppercase()
                ));
            }
        }
        // Text streams: UTF-8 as it is, another charset asked through its decoder.
        let streamed = match (text, args.charset.as_deref()) {
            (false, _) => None,
            (true, label) if utf8_body(&bytes, label.is_none() || utf8_asked).is_some() => {
                let body = utf8_body(&bytes, true).unwrap_or(&bytes).to_vec();
                Some((body, None))
            }
            (true, Some(label)) => Charset::for_label(label).ok().map(|c| {
                let charset = Charset8 {
                    decoder: c.encoding().new_decoder(),
                    started: false,
                };
                (std::mem::take(&mut bytes), Some(charset))
            }),
            (true, None) => None,
        };
        if let Some((body, charset)) = streamed {
            drop(bytes);
            let mut stream = TextStream {
                opts: &text_opts,
                form: UriForm {
                    idna: args.idna.then(IdnaOptions::new),
                    query: None,
                },
                base: args.base.as_ref(),
                lenient: args.lenient,
            };
            let result = stream.run(&mut reader, body, out, charset, |out, v, e| {
                found += 1;
                if v.failure.is_some() {
                    invalid += 1;
                }
                report(out, format, &name, e, v, args.lenient)
            });
            match result {
                Ok((malformed, e)) => {
                    if malformed {
                        warn(format!(
                            "{name}: some bytes are not valid {e}; each became U+FFFD"
                        ));
                    }
                }
                Err(StreamError::Write(e)) => return Err(e),
                Err(StreamError::Read(e)) => {
                    unreadable += 1;
                    warn(with_context(&name, e));
                }
            }
            continue;
        }
        if let Err(e) = reader.read_to_end(&mut bytes) {
            unreadable += 1;
            warn(with_context(&name, e));
            continue;
        }
        let opts = match kind {
            Some(k) => base_opts.clone().kind(k),
            None => base_opts.clone(),
        };
        // Each result is written as it is found; the query form depends on the charset, known
        // once the document is decoded.
        let mut form: Option<UriForm> = None;
        let mut written = Ok(());
        let doc = extract_document_each(&bytes, &opts, |doc, f| {
            if written.is_err() {
                return;
            }
            let form = form.get_or_insert_with(|| UriForm {
                idna: args.idna.then(IdnaOptions::new),
                // The WHATWG name of the charset is one of its labels.
                query: Charset::for_label(doc.encoding)
                    .ok()
                    .filter(|c| !c.is_unicode())
                    .map(|c| DocumentCharset::new(c).unmappable(Unmappable::NumericReference)),
            });
            found += 1;
            let uri = match &f.result {
                Ok(r) => form.uri(&f, r),
                Err(e) => Err(Failure::parse(e)),
            };
            if uri.is_err() {
                invalid += 1;
            }
            written = report(
                out,
                format,
                &name,
                doc.encoding,
                &View::of(&f, &uri),
                args.lenient,
            );
        });
        written?;
        if args.charset.is_none()
            && doc.charset_source == CharsetSource::Default
            && doc.encoding == "windows-1252"
        {
            if let Some(label) = legacy_guess(&bytes) {
                warn(format!(
                    "{name}: the text is not UTF-8 and declares no charset, so it was read as \
                     windows-1252, but it looks like text in another charset, perhaps {}",
                    advice(label)
                ));
            }
        }
        if doc.malformed {
            warn(format!(
                "{name}: some bytes are not valid {}; each became U+FFFD",
                doc.encoding
            ));
        }
    }
    out.flush()?;
    let mut summary = format!(
        "found {} in {}: {invalid} invalid",
        count(found, "IRI"),
        count(sources.len() as u64, "file")
    );
    if unreadable > 0 {
        summary.push_str(&format!(
            "; {} could not be read",
            count(unreadable, "file")
        ));
    }
    let _ = writeln!(io::stderr().lock(), "{summary}");
    Ok(Outcome::from_ok(invalid == 0 && unreadable == 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use iri::extract::{extract_document, extract_text};

    /// Gives its bytes a few at a time, as a slow pipe does.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(self.0.len()).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// What one found IRI is written from: (text, line, column, resolved, URI or error).
    type Seen = (String, usize, usize, Option<String>, String);

    /// What the stream finds, strict or `lenient`, reading `step` bytes at a time.
    fn streamed(text: &str, step: usize, lenient: bool) -> Vec<Seen> {
        let opts = MarkupOptions::new().mode(if lenient {
            ParseMode::Lenient
        } else {
            ParseMode::Strict
        });
        streamed_in(text.as_bytes(), None, step, &opts, lenient)
    }

    /// What the stream finds in `bytes`, through `charset` if given.
    fn streamed_in(
        bytes: &[u8],
        charset: Option<Charset8>,
        step: usize,
        opts: &MarkupOptions,
        lenient: bool,
    ) -> Vec<Seen> {
        let mut stream = TextStream {
            opts,
            form: UriForm {
                idna: None,
                query: None,
            },
            base: None,
            lenient,
        };
        let mut got = Vec::new();
        let mut sink = Vec::new();
        stream
            .run(
                &mut Trickle(bytes, step),
                Vec::new(),
                &mut sink,
                charset,
                |_, v, _| {
                    let uri = match &v.failure {
                        Some(e) => e.message.clone(),
                        None => v.uri.unwrap_or_default().to_owned(),
                    };
                    got.push((
                        v.text.to_owned(),
                        v.line,
                        v.column,
                        v.resolved.map(str::to_owned),
                        uri,
                    ));
                    Ok(())
                },
            )
            .map_err(|_| "stream failed")
            .unwrap();
        got
    }

    /// A text in a legacy charset, decoded as it is read (a multibyte character cut between
    /// reads, a BOM that wins over the charset asked), gives what the whole document gives:
    /// the same candidates, positions, NFC and query charset.
    #[test]
    fn a_charset_is_decoded_as_the_text_is_read() {
        let mut text = String::new();
        for i in 0..200 {
            text.push_str(&format!(
                "行 {i}: http://例え.jp/索引{i}.html?q=検索 と <URL:http://b.example/\n  ｶﾅ/{i}>。\n"
            ));
        }
        text.push_str("end http://f.example/z");
        let cases: Vec<(&str, Vec<u8>)> = vec![
            (
                "shift_jis",
                encoding_rs::SHIFT_JIS.encode(&text).0.into_owned(),
            ),
            ("euc-jp", encoding_rs::EUC_JP.encode(&text).0.into_owned()),
            // A UTF-16LE BOM wins over the charset asked.
            ("shift_jis", {
                let mut b = vec![0xFF, 0xFE];
                b.extend(text.encode_utf16().flat_map(|u| u.to_le_bytes()));
                b
            }),
            // Malformed bytes.
            ("koi8-r", b"\xD0\xD2 http://a/\xC9\n\xFF http://b/".to_vec()),
            // Decomposed text from windows-1258 (a base letter and a tone mark): brought to NFC.
            (
                "windows-1258",
                b"see http://a/Vie\xECt http://b/a\xEC".to_vec(),
            ),
        ];
        // In the strict grammar and the wider one (`--lenient`), which were read whole before.
        for (label, bytes, mode) in cases.iter().flat_map(|(label, bytes)| {
            [ParseMode::Strict, ParseMode::Lenient].map(|mode| (*label, bytes, mode))
        }) {
            let charset = Charset::for_label(label).unwrap();
            let doc = extract_document(
                bytes,
                &DocumentOptions::new()
                    .kind(DocumentKind::Text)
                    .mode(mode)
                    .charset(label)
                    .unwrap(),
            );
            let form = UriForm {
                idna: None,
                query: Charset::for_label(doc.encoding)
                    .ok()
                    .filter(|c| !c.is_unicode())
                    .map(|c| DocumentCharset::new(c).unmappable(Unmappable::NumericReference)),
            };
            let whole: Vec<Seen> = doc
                .found
                .iter()
                .map(|f| {
                    let uri = match &f.result {
                        Ok(r) => form.uri(f, r),
                        Err(e) => Err(Failure::parse(e)),
                    };
                    let v = View::of(f, &uri);
                    let uri = match &v.failure {
                        Some(e) => e.message.clone(),
                        None => v.uri.unwrap_or_default().to_owned(),
                    };
                    (
                        f.text.clone(),
                        f.line,
                        f.column,
                        v.resolved.map(str::to_owned),
                        uri,
                    )
                })
                .collect();
            assert!(whole.len() >= 2, "{label} {mode:?}: {whole:?}");
            for step in [1, 3, 4096] {
                let c = Charset8 {
                    decoder: charset.encoding().new_decoder(),
                    started: false,
                };
                let opts = MarkupOptions::new().mode(mode);
                let lenient = mode != ParseMode::Strict;
                let got = streamed_in(bytes, Some(c), step, &opts, lenient);
                assert_eq!(got, whole, "{label} {mode:?}, {step} bytes a read");
            }
        }
    }

    #[test]
    fn the_stream_finds_what_the_whole_text_gives() {
        let mut text = String::new();
        for i in 0..300 {
            text.push_str(&format!(
                "line {i}: see http://a.example/{i}/é and <URL:http://b.example/\n  wrapped/{i}>, \
                 mailto:x{i}@example.org. (http://c.example/p_(q)) 詳細はhttp://例え.jp/索引.htmlを\n"
            ));
        }
        // A `<` never closed, a long line, and a last line without a line break.
        text.push_str("a < b and http://d.example/x\n");
        text.push_str(&"word http://e.example/y ".repeat(5000));
        text.push_str("\nend http://f.example/z");
        // Relative references, and candidates that fail to parse.
        text.push_str(" <../rel/é> http://[::1 x:\u{1} ");
        let whole: Vec<Seen> = extract_text(&text, &MarkupOptions::new())
            .into_iter()
            .map(|f| {
                let (resolved, uri) = match &f.result {
                    Ok(r) => (r.resolved.as_ref().map(|i| i.to_string()), r.uri.clone()),
                    Err(e) => (None, Failure::parse(e).message),
                };
                (f.text, f.line, f.column, resolved, uri)
            })
            .collect();
        assert!(whole.len() > 6000);
        assert!(whole.iter().any(|w| w.3.is_none()));
        for lenient in [false, true] {
            for step in [1, 7, 4096, READ] {
                let got = streamed(&text, step, lenient);
                // The wider grammar finds the same candidates in this text.
                assert_eq!(got, whole, "reads of {step} bytes, lenient {lenient}");
            }
        }
    }

    #[test]
    fn cuts_only_where_no_candidate_goes_on() {
        assert_eq!(safe_cut("abc", 0), 0);
        assert_eq!(safe_cut("a b", 0), 2);
        assert_eq!(safe_cut("x <http://a/\n b", 0), 2);
        assert_eq!(safe_cut("x <http://a/> b", 0), 14);
        let far = format!("x <{} y", "a".repeat(ANGLE_REACH));
        assert_eq!(safe_cut(&far, 0), far.len() - 1);
        // What was searched before is not searched again.
        assert_eq!(safe_cut("a bcd", 2), 0);
        assert_eq!(safe_cut("a bcd e", 2), 6);
    }

    #[test]
    fn utf8_is_decoded_across_reads() {
        let mut pending = "é".as_bytes()[..1].to_vec();
        let mut text = String::new();
        assert!(!decode_utf8(&mut pending, &mut text, false));
        assert_eq!((text.as_str(), pending.len()), ("", 1));
        pending.push("é".as_bytes()[1]);
        pending.push(0xFF);
        assert!(decode_utf8(&mut pending, &mut text, false));
        assert_eq!(text, "é\u{FFFD}");
        pending.push(0xE2);
        assert!(decode_utf8(&mut pending, &mut text, true));
        assert_eq!(text, "é\u{FFFD}\u{FFFD}");
    }
}
