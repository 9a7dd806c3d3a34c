//! Expansion (RFC 6570 §3): literals (§3.1) and expressions (§3.2), following the algorithm
//! of Appendix A with its table of `first`, `sep`, `named`, `ifemp` and `allow` per operator.

use alloc::string::String;

use super::{ExpandError, Modifier, Operator, Output, Part, Template, Value, VarSpec, Vars};
use crate::chars::{allowed_unencoded, is, GEN_DELIM, SUB_DELIM, UNRESERVED};
use crate::pct::{pct_at, push_pct, push_pct_char};

impl Template {
    /// Expands the template into a URI reference (RFC 6570 §3): every character outside
    /// the operator's allowed set is written as the `%HH` triplets of its UTF-8 octets.
    ///
    /// The result is a URI reference whenever the values put delimiters only where the
    /// template means them (for example, `{+x}` with a `#` in two places does not give one).
    ///
    /// ```
    /// use iri::template::{Template, Value, Vars};
    /// let t = Template::parse("{/path*}{?q}").unwrap();
    /// let vars = Vars::new().with("path", Value::list(["a b", "ü"])).with("q", "x&y");
    /// assert_eq!(t.expand_uri(&vars).unwrap(), "/a%20b/%C3%BC?q=x%26y");
    /// ```
    pub fn expand_uri(&self, vars: &Vars) -> Result<String, ExpandError> {
        self.expand(vars, Output::Uri)
    }

    /// Expands the template into an IRI reference: as [`Template::expand_uri`], but
    /// literals keep their `ucschar` characters (and `iprivate` ones surely in the query) and
    /// values their `ucschar` characters (bidi formatting characters and values' `iprivate`
    /// are percent-encoded).
    /// Mapping the result to a URI (RFC 3987 §3.1) gives [`Template::expand_uri`]'s result.
    ///
    /// ```
    /// use iri::template::{Template, Vars};
    /// let t = Template::parse("http://例え.jp/{name}").unwrap();
    /// let vars = Vars::new().with("name", "テスト 1");
    /// assert_eq!(t.expand_iri(&vars).unwrap(), "http://例え.jp/テスト%201");
    /// assert_eq!(
    ///     t.expand_uri(&vars).unwrap(),
    ///     "http://%E4%BE%8B%E3%81%88.jp/%E3%83%86%E3%82%B9%E3%83%88%201"
    /// );
    /// ```
    pub fn expand_iri(&self, vars: &Vars) -> Result<String, ExpandError> {
        self.expand(vars, Output::Iri)
    }

    /// Expands in the given form.
    ///
    /// ```
    /// use iri::template::{Output, Template, Vars};
    /// let t = Template::parse("{#x}").unwrap();
    /// assert_eq!(t.expand(&Vars::new().with("x", "ä/b"), Output::Uri).unwrap(), "#%C3%A4/b");
    /// ```
    pub fn expand(&self, vars: &Vars, form: Output) -> Result<String, ExpandError> {
        let mut out = String::with_capacity(self.text.len() + 16);
        self.expand_into(vars, form, &mut out)?;
        Ok(out)
    }

    /// Appends the expansion to `out` (nothing is appended on an error).
    ///
    /// ```
    /// use iri::template::{Output, Template, Vars};
    /// let t = Template::parse("/{x}").unwrap();
    /// let mut out = String::from("http://a");
    /// t.expand_into(&Vars::new().with("x", "y"), Output::Uri, &mut out).unwrap();
    /// assert_eq!(out, "http://a/y");
    /// ```
    pub fn expand_into(
        &self,
        vars: &Vars,
        form: Output,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        let start = out.len();
        let mut place = Place::Before;
        for part in &self.parts {
            match *part {
                Part::Literal(a, b) => place = push_literal(out, &self.text[a..b], form, place),
                Part::Expr(op, a, b) => {
                    place = after_operator(op, place);
                    if let Err(e) = self.expand_expr(op, &self.specs[a..b], vars, form, out) {
                        out.truncate(start);
                        return Err(e);
                    }
                }
            }
        }
        Ok(())
    }

    /// One expression (Appendix A).
    pub(super) fn expand_expr(
        &self,
        op: Operator,
        specs: &[VarSpec],
        vars: &Vars,
        form: Output,
        out: &mut String,
    ) -> Result<(), ExpandError> {
        let iri = form == Output::Iri;
        let allow_r = op.allow_reserved();
        let mut first = true;
        for spec in specs {
            let name = self.name(spec);
            let Some(value) = vars.get(name) else {
                continue;
            };
            if value.is_undefined() {
                continue;
            }
            if first {
                out.push_str(op.first());
                first = false;
            } else {
                out.push(op.sep());
            }
            let explode = spec.modifier == Modifier::Explode;
            match value {
                Value::String(s) => {
                    let s = match spec.modifier {
                        Modifier::Prefix(n) => prefix(s, n as usize),
                        _ => s.as_str(),
                    };
                    if op.named() {
                        out.push_str(name);
                        if s.is_empty() {
                            out.push_str(op.ifemp());
                            continue;
                        }
                        out.push('=');
                    }
                    push_value(out, s, allow_r, iri);
                }
                Value::List(_) | Value::Map(_) if matches!(spec.modifier, Modifier::Prefix(_)) => {
                    return Err(ExpandError {
                        variable: String::from(name),
                    })
                }
                Value::List(items) if !explode => {
                    if op.named() {
                        out.push_str(name);
                        out.push('=');
                    }
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        push_value(out, item, allow_r, iri);
                    }
                }
                Value::Map(pairs) if !explode => {
                    if op.named() {
                        out.push_str(name);
                        out.push('=');
                    }
                    for (i, (k, v)) in pairs.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        push_value(out, k, allow_r, iri);
                        out.push(',');
                        push_value(out, v, allow_r, iri);
                    }
                }
                Value::List(items) => {
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            out.push(op.sep());
                        }
                        if op.named() {
                            out.push_str(name);
                            if item.is_empty() {
                                out.push_str(op.ifemp());
                                continue;
                            }
                            out.push('=');
                        }
                        push_value(out, item, allow_r, iri);
                    }
                }
                Value::Map(pairs) => {
                    for (i, (k, v)) in pairs.iter().enumerate() {
                        if i > 0 {
                            out.push(op.sep());
                        }
                        push_value(out, k, allow_r, iri);
                        if op.named() && v.is_empty() {
                            out.push_str(op.ifemp());
                            continue;
                        }
                        out.push('=');
                        push_value(out, v, allow_r, iri);
                    }
                }
            }
        }
        Ok(())
    }
}

/// The first `n` characters (Unicode scalar values, §2.4.1) of `s`.
fn prefix(s: &str, n: usize) -> &str {
    match s.char_indices().nth(n) {
        Some((i, _)) => &s[..i],
        None => s,
    }
}

/// A value's characters (§3.2.1): unreserved ones kept; with `allow_r` (`+`, `#`) also
/// reserved ones and `%HH` triplets; in IRI form also `ucschar` without the bidi formatting
/// characters; everything else as `%HH` of its UTF-8 octets.
pub(super) fn push_value(out: &mut String, s: &str, allow_r: bool, iri: bool) {
    let b = s.as_bytes();
    for (i, c) in s.char_indices() {
        let cp = c as u32;
        if cp < 0x80 {
            let o = cp as u8;
            if is(o, UNRESERVED)
                || (allow_r
                    && (is(o, GEN_DELIM | SUB_DELIM)
                        || (o == b'%' && pct_at(b, i, b.len()).is_some())))
            {
                out.push(c);
            } else {
                push_pct(out, o);
            }
        } else if iri && allowed_unencoded(cp, false) {
            out.push(c);
        } else {
            push_pct_char(out, c);
        }
    }
}

/// Where a literal stands, for its `iprivate` characters, which an IRI allows only in the
/// query (RFC 3987 §2.2). Decided by the template alone, so that matching knows it too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// Not known to be in the query.
    Before,
    /// After a literal `?`, with no `#` and no `+` or `#` expression (whose values may
    /// hold a `#`) since.
    Query,
    /// After a `#` or a `+`/`#` expression: perhaps the fragment, from here on.
    Done,
}

/// A literal's characters (§3.1): ASCII ones as they are (the parser allowed only reserved
/// and unreserved ones, and whole `%HH` triplets); others kept in IRI form when an IRI may
/// hold them there (`ucschar` without bidi formatting; `iprivate` only where the literal is
/// surely in the query, see [`Place`]), else `%HH` of their octets. Returns the place after
/// the literal.
pub(super) fn push_literal(out: &mut String, s: &str, form: Output, mut place: Place) -> Place {
    for c in s.chars() {
        let cp = c as u32;
        if cp < 0x80 {
            match c {
                '?' if place == Place::Before => place = Place::Query,
                '#' => place = Place::Done,
                _ => {}
            }
            out.push(c);
        } else if form == Output::Iri && allowed_unencoded(cp, place == Place::Query) {
            out.push(c);
        } else {
            push_pct_char(out, c);
        }
    }
    place
}

/// The place after an expression: `+` and `#` may write a `#`.
pub(super) fn after_operator(op: Operator, place: Place) -> Place {
    if op.allow_reserved() {
        Place::Done
    } else {
        place
    }
}
