//! `iri extract`: find the IRIs in text, HTML and XML files (RFC 3987 §7.3) and print each
//! with where it was found and its URI form (RFC 3987 §3.1). The library's `extract` module
//! does the work: charset detection, references, bases, the plain-text heuristics, the
//! lenient grammar. Here: ToASCII of hosts (`--idna`), and the query of http(s) IRIs from a
//! legacy-charset document mapped through that charset (RFC 3987 §3.1 note), both with the
//! library's mappings (`IriRef::to_uri_with`, `DocumentCharset::apply`).

use std::io::{self, Read, Write};
use std::path::Path;

use iri::extract::{extract_document, DocumentKind, DocumentOptions, Found, Place, Resolved};
use iri::idn::IdnaOptions;
use iri::legacy::{Charset, DocumentCharset, ParseMode, Unmappable, Widened};
use iri::IriRef;

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
        let uri = match &self.idna {
            None => iri.to_uri(),
            Some(opts) => iri.to_uri_with(opts).map_err(|e| {
                // Where the host starts in the text, when the text holds it as it is.
                let offset = (r.reference.as_str() == f.text)
                    .then(|| r.reference.host_str())
                    .flatten()
                    .map(|h| h.as_ptr() as usize - r.reference.as_str().as_ptr() as usize);
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
                    kind: "unmappable",
                    component: Some(iri::Component::Query.as_str()),
                    offset: None,
                    message: format!("{e} (the document charset of the query, RFC 3987 §3.1)"),
                    hint: None,
                    located: false,
                }),
        }
    }
}

/// Writes one found IRI: `uri` is its URI form, or why there is none.
fn report(
    out: &mut impl Write,
    format: Format,
    name: &str,
    encoding: &str,
    f: &Found,
    uri: &Result<String, Failure>,
    lenient: bool,
) -> io::Result<()> {
    let place = f.place.to_string();
    let (element, attribute) = match &f.place {
        Place::Attribute { element, attribute } => {
            (Some(element.as_str()), Some(attribute.as_str()))
        }
        Place::Text { element } => (element.as_deref(), None),
    };
    let failure = match &f.result {
        Err(e) => Some(Failure::parse(e)),
        Ok(_) => uri.as_ref().err().cloned(),
    };
    let resolved = f
        .result
        .as_ref()
        .ok()
        .and_then(|r| r.resolved.as_ref().map(|i| i.as_str()));
    let uri = uri.as_ref().ok().map(String::as_str);
    let warnings: &[Widened] = match &f.result {
        Ok(r) if failure.is_none() => &r.warnings,
        _ => &[],
    };
    match format {
        Format::Text => {
            let (name, place) = (escaped(name), escaped(&place));
            write!(out, "{name}:{}:{}: {place}: ", f.line, f.column)?;
            // Escaped as a TSV field, so that a text with a line break stays on its line.
            tsv_field(out, &f.text)?;
            out.write_all(b" -> ")?;
            match (&failure, uri) {
                (Some(e), _) => writeln!(out, "error: {}", escaped(&e.message)),
                (_, u) => {
                    write_escaped(out, u.unwrap_or_default())?;
                    for (n, w) in warnings.iter().enumerate() {
                        let sep = if n == 0 { " " } else { "; " };
                        write!(out, "{sep}warning: {}", escaped(&w.to_string()))?;
                    }
                    writeln!(out)
                }
            }
        }
        Format::Json => {
            let mut o = JsonObject::begin(&mut *out)?;
            o.str("file", Some(name))?;
            o.num("line", Some(f.line as u64))?;
            o.num("column", Some(f.column as u64))?;
            o.str("place", Some(&place))?;
            o.str("element", element)?;
            o.str("attribute", attribute)?;
            o.str("encoding", Some(encoding))?;
            o.str("text", Some(&f.text))?;
            match &failure {
                Some(e) => o.object("error", |eo| e.write_json_fields(eo, f.text.as_bytes()))?,
                None => {
                    o.str("resolved", resolved)?;
                    o.str("uri", uri)?;
                }
            }
            if lenient {
                o.objects("warnings", warnings, |o, w| {
                    super::lenient::write_warning(o, w, &f.text)
                })?;
            }
            o.end_line()
        }
        Format::Tsv => {
            let line = f.line.to_string();
            let column = f.column.to_string();
            let joined: String;
            let mut row = vec![
                Some(name),
                Some(line.as_str()),
                Some(column.as_str()),
                Some(place.as_str()),
                Some(f.text.as_str()),
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

/// Runs `iri extract`, as described in its `--help`.
pub fn extract(args: ExtractArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let mut base_opts = DocumentOptions::new();
    if let Some(label) = &args.charset {
        // Checked when the arguments were parsed.
        base_opts = base_opts
            .charset(label)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    }
    if let Some(base) = args.base {
        base_opts = base_opts.base(base);
    }
    if args.lenient {
        base_opts = base_opts.mode(ParseMode::Lenient);
    }
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
        let mut bytes = Vec::new();
        let read = source.open().and_then(|mut r| r.read_to_end(&mut bytes));
        if let Err(e) = read {
            unreadable += 1;
            warn(with_context(&name, e));
            continue;
        }
        let kind = match (args.kind, source) {
            (Some(TypeArg::Text), _) => Some(DocumentKind::Text),
            (Some(TypeArg::Html), _) => Some(DocumentKind::Html),
            (Some(TypeArg::Xml), _) => Some(DocumentKind::Xml),
            (None, Source::File(p)) => kind_by_extension(p),
            (None, Source::Stdin) => None,
        };
        let opts = match kind {
            Some(k) => base_opts.clone().kind(k),
            None => base_opts.clone(),
        };
        let doc = extract_document(&bytes, &opts);
        if doc.malformed {
            warn(format!(
                "{name}: some bytes are not valid {}; each became U+FFFD",
                doc.encoding
            ));
        }
        let form = UriForm {
            idna: args.idna.then(IdnaOptions::new),
            // The WHATWG name of the charset is one of its labels.
            query: Charset::for_label(doc.encoding)
                .ok()
                .filter(|c| !c.is_unicode())
                .map(|c| DocumentCharset::new(c).unmappable(Unmappable::NumericReference)),
        };
        for f in &doc.found {
            found += 1;
            let uri = match &f.result {
                Ok(r) => form.uri(f, r),
                Err(e) => Err(Failure::parse(e)),
            };
            if uri.is_err() {
                invalid += 1;
            }
            report(out, format, &name, doc.encoding, f, &uri, args.lenient)?;
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
