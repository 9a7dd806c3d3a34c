//! `iri build` and `iri edit`: the library's builder, setters, encoders and query pair edits
//! (RFC 3987 §2.2, RFC 3986 §3, §4.2), one result or one error per input, through the driver
//! of the transforming subcommands.

use std::ffi::OsString;
use std::io::{self, Write};

use iri::{encode, Builder, Form, IriRef, PairSyntax, ParseError, UriRef};

use super::transform::transform;
use super::Outcome;
use crate::cli::{BuildArgs, ComponentArgs, EditArgs};
use crate::failure::Failure;

/// The failure of an edit: the offset of its error is in the text being written, not in the
/// input, so it is left out of `byte` and `column` (the message says where).
fn edit_failure(e: &ParseError) -> Failure {
    Failure {
        offset: None,
        ..Failure::parse(e)
    }
}

/// `NAME=VALUE` as a pair; `NAME` alone has no value.
fn pair(s: &str) -> (&str, Option<&str>) {
    match s.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (s, None),
    }
}

/// The setters both owned reference types have, so that one sequence of edits serves both.
trait Editable: Sized {
    const FORM: Form;
    fn parse_owned(s: &str) -> Result<Self, ParseError>;
    fn text(self) -> String;
    fn set_scheme(&mut self, s: &str) -> Result<(), ParseError>;
    fn remove_scheme(&mut self) -> Result<(), ParseError>;
    fn set_authority(&mut self, a: Option<&str>) -> Result<(), ParseError>;
    fn set_userinfo(&mut self, u: Option<&str>) -> Result<(), ParseError>;
    fn set_host(&mut self, h: &str) -> Result<(), ParseError>;
    fn set_port(&mut self, p: Option<&str>) -> Result<(), ParseError>;
    fn set_path(&mut self, p: &str) -> Result<(), ParseError>;
    fn push_path_segment(&mut self, s: &str) -> Result<(), ParseError>;
    fn pop_path_segment(&mut self) -> bool;
    fn set_query(&mut self, q: Option<&str>) -> Result<(), ParseError>;
    fn set_fragment(&mut self, f: Option<&str>) -> Result<(), ParseError>;
    fn append_query_pair(
        &mut self,
        n: &str,
        v: Option<&str>,
        s: PairSyntax,
    ) -> Result<(), ParseError>;
    fn set_query_pair(&mut self, n: &str, v: Option<&str>, s: PairSyntax)
        -> Result<(), ParseError>;
    fn remove_query_pairs(&mut self, n: &str, s: PairSyntax) -> usize;
}

macro_rules! editable {
    ($t:ident, $form:expr) => {
        impl Editable for $t<String> {
            const FORM: Form = $form;
            fn parse_owned(s: &str) -> Result<Self, ParseError> {
                $t::parse(s.to_string())
            }
            fn text(self) -> String {
                self.into_inner()
            }
            fn set_scheme(&mut self, s: &str) -> Result<(), ParseError> {
                $t::set_scheme(self, s)
            }
            fn remove_scheme(&mut self) -> Result<(), ParseError> {
                $t::remove_scheme(self)
            }
            fn set_authority(&mut self, a: Option<&str>) -> Result<(), ParseError> {
                $t::set_authority(self, a)
            }
            fn set_userinfo(&mut self, u: Option<&str>) -> Result<(), ParseError> {
                $t::set_userinfo(self, u)
            }
            fn set_host(&mut self, h: &str) -> Result<(), ParseError> {
                $t::set_host(self, h)
            }
            fn set_port(&mut self, p: Option<&str>) -> Result<(), ParseError> {
                $t::set_port(self, p)
            }
            fn set_path(&mut self, p: &str) -> Result<(), ParseError> {
                $t::set_path(self, p)
            }
            fn push_path_segment(&mut self, s: &str) -> Result<(), ParseError> {
                $t::push_path_segment(self, s)
            }
            fn pop_path_segment(&mut self) -> bool {
                $t::pop_path_segment(self)
            }
            fn set_query(&mut self, q: Option<&str>) -> Result<(), ParseError> {
                $t::set_query(self, q)
            }
            fn set_fragment(&mut self, f: Option<&str>) -> Result<(), ParseError> {
                $t::set_fragment(self, f)
            }
            fn append_query_pair(
                &mut self,
                n: &str,
                v: Option<&str>,
                s: PairSyntax,
            ) -> Result<(), ParseError> {
                $t::append_query_pair(self, n, v, s)
            }
            fn set_query_pair(
                &mut self,
                n: &str,
                v: Option<&str>,
                s: PairSyntax,
            ) -> Result<(), ParseError> {
                $t::set_query_pair(self, n, v, s)
            }
            fn remove_query_pairs(&mut self, n: &str, s: PairSyntax) -> usize {
                $t::remove_query_pairs(self, n, s)
            }
        }
    };
}

editable!(IriRef, Form::Iri);
editable!(UriRef, Form::Uri);

fn syntax(form: bool, semicolon: bool) -> PairSyntax {
    let s = if form {
        PairSyntax::FORM
    } else {
        PairSyntax::PLAIN
    };
    if semicolon {
        s.with_semicolon()
    } else {
        s
    }
}

/// The segments and pairs given as raw text, appended to `r`.
fn append_raw<R: Editable>(
    r: &mut R,
    c: &ComponentArgs,
    syntax: PairSyntax,
) -> Result<(), ParseError> {
    for seg in &c.path_segments {
        r.push_path_segment(&encode::path_segment(seg, R::FORM))?;
    }
    for p in &c.query_pairs {
        let (n, v) = pair(p);
        r.append_query_pair(n, v, syntax)?;
    }
    Ok(())
}

/// Runs `iri build`: one reference from the components.
pub fn build(args: BuildArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let c = args.components;
    let syntax = syntax(c.form, false);
    let make = |_: &str, buf: &mut String| -> Result<(), Failure> {
        let mut b = Builder::new().path(c.path.as_deref().unwrap_or(""));
        if let Some(s) = &c.scheme {
            b = b.scheme(s);
        }
        if let Some(u) = &c.userinfo {
            b = b.userinfo(u);
        }
        if let Some(h) = &c.host {
            b = b.host(h);
        }
        if let Some(p) = &c.port {
            b = b.port(p);
        }
        if let Some(q) = &c.query {
            b = b.query(q);
        }
        if let Some(f) = &c.fragment {
            b = b.fragment(f);
        }
        let text = if c.uri {
            let mut r = b.build_uri_ref().map_err(|e| edit_failure(&e))?;
            append_raw(&mut r, &c, syntax).map_err(|e| edit_failure(&e))?;
            r.into_inner()
        } else {
            let mut r = b.build().map_err(|e| edit_failure(&e))?;
            append_raw(&mut r, &c, syntax).map_err(|e| edit_failure(&e))?;
            r.into_inner()
        };
        *buf = text;
        Ok(())
    };
    transform(vec![OsString::new()], args.output.format, out, make)
}

/// The edits of `iri edit` on one reference.
fn edit_one<R: Editable>(s: &str, a: &EditArgs) -> Result<String, Failure> {
    let mut r = R::parse_owned(s).map_err(|e| Failure::parse(&e))?;
    apply(&mut r, a).map_err(|e| edit_failure(&e))?;
    Ok(r.text())
}

/// The edits, in the documented order.
fn apply<R: Editable>(r: &mut R, a: &EditArgs) -> Result<(), ParseError> {
    let c = &a.components;
    let syntax = syntax(c.form, a.semicolon);
    if let Some(x) = &c.scheme {
        r.set_scheme(x)?;
    }
    if a.no_scheme {
        r.remove_scheme()?;
    }
    if a.no_authority {
        r.set_authority(None)?;
    }
    if let Some(x) = &a.authority {
        r.set_authority(Some(x))?;
    }
    if let Some(x) = &c.host {
        r.set_host(x)?;
    }
    if a.no_userinfo {
        r.set_userinfo(None)?;
    }
    if let Some(x) = &c.userinfo {
        r.set_userinfo(Some(x))?;
    }
    if a.no_port {
        r.set_port(None)?;
    }
    if let Some(x) = &c.port {
        r.set_port(Some(x))?;
    }
    if let Some(x) = &c.path {
        r.set_path(x)?;
    }
    for _ in 0..a.pop_segments {
        r.pop_path_segment();
    }
    for seg in &c.path_segments {
        r.push_path_segment(&encode::path_segment(seg, R::FORM))?;
    }
    if a.no_query {
        r.set_query(None)?;
    }
    if let Some(x) = &c.query {
        r.set_query(Some(x))?;
    }
    for n in &a.remove_pairs {
        r.remove_query_pairs(n, syntax);
    }
    for p in &a.set_pairs {
        let (n, v) = pair(p);
        r.set_query_pair(n, v, syntax)?;
    }
    for p in &c.query_pairs {
        let (n, v) = pair(p);
        r.append_query_pair(n, v, syntax)?;
    }
    if a.no_fragment {
        r.set_fragment(None)?;
    }
    if let Some(x) = &c.fragment {
        r.set_fragment(Some(x))?;
    }
    Ok(())
}

/// Runs `iri edit`: the edits applied to each input, one result or one error per line.
pub fn edit(mut args: EditArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let inputs = std::mem::take(&mut args.inputs);
    let format = args.output.format;
    let a = &args;
    transform(inputs, format, out, |s, buf| {
        let text = if a.components.uri {
            edit_one::<UriRef>(s, a)
        } else {
            edit_one::<IriRef>(s, a)
        }?;
        *buf = text;
        Ok(())
    })
}
