//! Matching: the inverse of expansion (RFC 6570 §1.4 notes that templates are not meant for
//! it, since an expansion can lose what tells values apart; this module decides those cases
//! by a stated rule and checks every answer by expanding it again).
//!
//! The search is a backtracking walk over the template's parts, with the failed (part,
//! offset) states remembered when no variable appears twice; its work is bounded by
//! [`STEP_BUDGET`] candidate decodings, past which it answers [`MatchError::TooComplex`]
//! rather than running on.

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::{Modifier, Operator, Output, Part, Template, Value, VarSpec, Vars};
use crate::chars::{allowed_unencoded, is, GEN_DELIM, SUB_DELIM, UNRESERVED};
use crate::pct::pct_at;

/// How many candidate texts for an expression one match may decode before it gives up.
const STEP_BUDGET: usize = 100_000;

/// Why a match found no values.
///
/// ```
/// use iri::template::{MatchError, Template};
/// let t = Template::parse("/users/{id}").unwrap();
/// assert_eq!(t.match_uri("/groups/7"), Err(MatchError::NoMatch));
/// assert_eq!(MatchError::NoMatch.to_string(), "no values of the template's variables expand to this text");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MatchError {
    /// No values that the matching rule finds expand to the text.
    NoMatch,
    /// The template is so ambiguous for this text (many adjacent expressions) that the
    /// search stopped after its budget of candidate decodings.
    TooComplex,
}

impl MatchError {
    /// A stable kebab-case name: `no-match` or `too-complex`.
    ///
    /// ```
    /// assert_eq!(iri::template::MatchError::NoMatch.as_str(), "no-match");
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            MatchError::NoMatch => "no-match",
            MatchError::TooComplex => "too-complex",
        }
    }
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchError::NoMatch => "no values of the template's variables expand to this text",
            MatchError::TooComplex => {
                "the template is too ambiguous for this text: the search stopped after 100000 candidates"
            }
        })
    }
}

#[cfg(feature = "std")]
impl std::error::Error for MatchError {}

impl Template {
    /// Finds values of the variables whose URI expansion ([`Template::expand_uri`]) is
    /// exactly `text`.
    ///
    /// **The rule for ambiguous templates.** Parts are matched left to right, and each
    /// expression takes the *longest* text after which the rest of the template still
    /// matches (leftmost-longest, with backtracking). The text of one expression is read as
    /// follows (Appendix A's table decides `first` and `sep`):
    /// - no text at all: every variable of the expression is undefined (not the empty string);
    /// - named operators (`;`, `?`, `&`): each `name=value` item goes to the variable of that
    ///   name, in order; an exploded variable takes the items with its name (one: a string,
    ///   several: a list), or else the following `key=value` items as an associative array;
    /// - other operators: one `sep`-separated item per variable from the left, the last
    ///   variable taking all the remaining items; an item holding `,` where `,` is encoded in
    ///   values is a list; the items of an exploded variable that all hold `=` (where `=` is
    ///   encoded in values) are an associative array, otherwise a list (or a string if one);
    /// - `+` and `#` keep values as written (their `%HH` stay, as expansion keeps them); the
    ///   other operators percent-decode them, and text that is not UTF-8 once decoded does
    ///   not match.
    ///
    /// A non-exploded associative array expands like a list of its keys and values, and is
    /// returned as that list. Every answer is expanded again and compared with `text` before
    /// it is returned, so `expand_uri(match_uri(text)) == text` always holds.
    ///
    /// ```
    /// use iri::template::{Template, Value};
    /// let t = Template::parse("/repos/{owner}/{repo}/issues{?labels,page}").unwrap();
    /// let vars = t.match_uri("/repos/rust-lang/rust/issues?labels=bug,C-fix&page=2").unwrap();
    /// assert_eq!(vars.get("owner"), Some(&Value::from("rust-lang")));
    /// assert_eq!(vars.get("labels"), Some(&Value::list(["bug", "C-fix"])));
    /// assert_eq!(vars.get("page"), Some(&Value::from("2")));
    /// assert_eq!(t.expand_uri(&vars).unwrap(), "/repos/rust-lang/rust/issues?labels=bug,C-fix&page=2");
    /// ```
    pub fn match_uri(&self, text: &str) -> Result<Vars, MatchError> {
        self.match_form(text, Output::Uri)
    }

    /// Finds values whose IRI expansion ([`Template::expand_iri`]) is exactly `text`, by
    /// the rule of [`Template::match_uri`]. A `%HH` that the IRI form would have left
    /// decoded (as `%C3%A9` for `é` in a value) does not match.
    ///
    /// ```
    /// use iri::template::Template;
    /// let t = Template::parse("/wiki/{title}").unwrap();
    /// let vars = t.match_iri("/wiki/Gödel%20Escher").unwrap();
    /// assert_eq!(vars.get("title").unwrap().as_str(), Some("Gödel Escher"));
    /// ```
    pub fn match_iri(&self, text: &str) -> Result<Vars, MatchError> {
        self.match_form(text, Output::Iri)
    }

    /// Matches in the given form.
    ///
    /// ```
    /// use iri::template::{Output, Template};
    /// let t = Template::parse("{a}{b}").unwrap();
    /// // Leftmost-longest: the first expression takes everything.
    /// let vars = t.match_form("xyz", Output::Uri).unwrap();
    /// assert_eq!(vars.get("a").unwrap().as_str(), Some("xyz"));
    /// assert!(vars.get("b").is_none());
    /// ```
    pub fn match_form(&self, text: &str, form: Output) -> Result<Vars, MatchError> {
        let mut place = super::expand::Place::Before;
        let lits = self
            .parts
            .iter()
            .map(|p| match *p {
                Part::Literal(a, b) => {
                    let mut s = String::new();
                    place = super::expand::push_literal(&mut s, &self.text[a..b], form, place);
                    s
                }
                Part::Expr(op, ..) => {
                    place = super::expand::after_operator(op, place);
                    String::new()
                }
            })
            .collect();
        let repeated = self
            .specs
            .iter()
            .enumerate()
            .any(|(i, s)| self.specs[..i].iter().any(|p| self.name(p) == self.name(s)));
        let cells = self.parts.len().saturating_mul(text.len() + 1);
        let memo = (!repeated && cells <= 1 << 24).then(|| vec![0u64; cells.div_ceil(64)]);
        let mut m = Matcher {
            t: self,
            input: text,
            form,
            lits,
            memo,
            steps: 0,
            stride: text.len() + 1,
        };
        let mut state = State::default();
        if m.go(0, 0, &mut state)? {
            Ok(state.vars)
        } else {
            Err(MatchError::NoMatch)
        }
    }
}

#[derive(Clone, Default)]
struct State {
    vars: Vars,
    /// Variables whose value so far comes only from prefix modifiers (`{x:3}`).
    prefixed: Vec<String>,
}

struct Matcher<'a> {
    t: &'a Template,
    input: &'a str,
    form: Output,
    /// Each literal part as it appears in this form (empty for expressions).
    lits: Vec<String>,
    /// Failed (part, offset) states, one bit each, when no variable repeats.
    memo: Option<Vec<u64>>,
    steps: usize,
    stride: usize,
}

impl Matcher<'_> {
    fn go(&mut self, i: usize, pos: usize, state: &mut State) -> Result<bool, MatchError> {
        let t = self.t;
        if i == t.parts.len() {
            return Ok(pos == self.input.len()
                && t.expand(&state.vars, self.form).as_deref() == Ok(self.input));
        }
        let cell = i * self.stride + pos;
        if let Some(memo) = &self.memo {
            if memo[cell / 64] & (1 << (cell % 64)) != 0 {
                return Ok(false);
            }
        }
        match t.parts[i] {
            Part::Literal(..) => {
                let len = self.lits[i].len();
                if self.input[pos..].starts_with(self.lits[i].as_str())
                    && self.go(i + 1, pos + len, state)?
                {
                    return Ok(true);
                }
            }
            Part::Expr(op, a, b) => {
                let specs = &t.specs[a..b];
                let max = self.extent(op, pos);
                let mut e = max;
                loop {
                    if self.input.is_char_boundary(e) && self.may_end(i, e) {
                        self.steps += 1;
                        if self.steps > STEP_BUDGET {
                            return Err(MatchError::TooComplex);
                        }
                        let s = &self.input[pos..e];
                        if let Some(found) = t.decode(op, specs, s, self.form) {
                            let saved = state.clone();
                            if merge(state, found) && self.go(i + 1, e, state)? {
                                return Ok(true);
                            }
                            *state = saved;
                        }
                    }
                    if e == pos {
                        break;
                    }
                    e -= 1;
                }
            }
        }
        if let Some(memo) = &mut self.memo {
            memo[cell / 64] |= 1 << (cell % 64);
        }
        Ok(false)
    }

    /// Whether the text after an expression of part `i` ending at `e` can go on with the
    /// next part: the end of the text, the next literal, or any place before an expression.
    fn may_end(&self, i: usize, e: usize) -> bool {
        match self.t.parts.get(i + 1) {
            None => e == self.input.len(),
            Some(Part::Literal(..)) => self.input[e..].starts_with(self.lits[i + 1].as_str()),
            Some(Part::Expr(..)) => true,
        }
    }

    /// How far from `pos` the characters an expansion of `op` can write go.
    fn extent(&self, op: Operator, pos: usize) -> usize {
        let iri = self.form == Output::Iri;
        let allow_r = op.allow_reserved();
        for (k, c) in self.input[pos..].char_indices() {
            let cp = c as u32;
            let ok = if cp < 0x80 {
                let o = cp as u8;
                is(o, UNRESERVED)
                    || o == b'%'
                    || if allow_r {
                        is(o, GEN_DELIM | SUB_DELIM)
                    } else {
                        o == b',' || o == b'=' || c == op.sep() || op.first().as_bytes() == [o]
                    }
            } else {
                iri && allowed_unencoded(cp, false)
            };
            if !ok {
                return pos + k;
            }
        }
        self.input.len()
    }
}

/// Adds one expression's values to the state; false if they contradict it.
fn merge(state: &mut State, found: Vec<(String, Value, bool)>) -> bool {
    for (name, value, from_prefix) in found {
        let was_prefix = state.prefixed.contains(&name);
        match state.vars.get(&name) {
            None => {
                if from_prefix {
                    state.prefixed.push(name.clone());
                }
                state.vars.insert(name, value);
            }
            Some(old) if *old == value => {
                if !from_prefix && was_prefix {
                    state.prefixed.retain(|p| *p != name);
                }
            }
            Some(Value::String(old)) => {
                let Value::String(new) = &value else {
                    return false;
                };
                if from_prefix && old.starts_with(new.as_str()) {
                    // A prefix of what is known: nothing to learn.
                } else if was_prefix && new.starts_with(old.as_str()) {
                    if !from_prefix {
                        state.prefixed.retain(|p| *p != name);
                    }
                    state.vars.insert(name, value);
                } else {
                    return false;
                }
            }
            Some(_) => return false,
        }
    }
    true
}

impl Template {
    /// Reads one expression's text by the rule of [`Template::match_uri`], and keeps the
    /// reading only if expanding it gives `s` again.
    fn decode(
        &self,
        op: Operator,
        specs: &[VarSpec],
        s: &str,
        form: Output,
    ) -> Option<Vec<(String, Value, bool)>> {
        if s.is_empty() {
            return Some(Vec::new());
        }
        let rest = s.strip_prefix(op.first())?;
        let allow_r = op.allow_reserved();
        let sep = op.sep();
        let tokens: Vec<&str> =
            if allow_r && specs.len() == 1 && specs[0].modifier != Modifier::Explode {
                vec![rest]
            } else {
                rest.split(sep).collect()
            };
        let dec = |t: &str| decode_text(t, allow_r);
        let mut found: Vec<(String, Value, bool)> = Vec::new();
        let mut i = 0;
        if op.named() {
            for (j, spec) in specs.iter().enumerate() {
                if i >= tokens.len() {
                    break;
                }
                let name = self.name(spec);
                let (tn, tv) = split_item(tokens[i]);
                let value = if spec.modifier != Modifier::Explode {
                    if tn != name {
                        continue;
                    }
                    i += 1;
                    let v = tv.unwrap_or("");
                    if v.contains(',') {
                        Value::List(v.split(',').map(dec).collect::<Option<_>>()?)
                    } else {
                        Value::String(dec(v)?)
                    }
                } else if tn == name {
                    let mut items = Vec::new();
                    while i < tokens.len() && split_item(tokens[i]).0 == name {
                        items.push(dec(split_item(tokens[i]).1.unwrap_or(""))?);
                        i += 1;
                    }
                    if items.len() == 1 {
                        Value::String(items.pop()?)
                    } else {
                        Value::List(items)
                    }
                } else {
                    let later = &specs[j + 1..];
                    let mut pairs = Vec::new();
                    while i < tokens.len() {
                        let (k, v) = split_item(tokens[i]);
                        if later.iter().any(|l| self.name(l) == k) {
                            break;
                        }
                        pairs.push((dec(k)?, dec(v.unwrap_or(""))?));
                        i += 1;
                    }
                    if pairs.is_empty() {
                        continue;
                    }
                    Value::Map(pairs)
                };
                found.push((String::from(name), value, is_prefix(spec)));
            }
        } else {
            let k = specs.len();
            // Where each item starts in `rest`, to take "the rest" as one text.
            let mut starts = Vec::with_capacity(tokens.len());
            let mut at = 0;
            for t in &tokens {
                starts.push(at);
                at += t.len() + sep.len_utf8();
            }
            for (j, spec) in specs.iter().enumerate() {
                if i >= tokens.len() {
                    break;
                }
                let later = k - j - 1;
                let value = if spec.modifier == Modifier::Explode {
                    // As many items as leave one for each later variable.
                    let take = (tokens.len() - i).saturating_sub(later).max(1);
                    let mut items: Vec<&str> = Vec::new();
                    for (n, t) in tokens[i..i + take].iter().enumerate() {
                        // An item without `=` after one with it: the separator was part of
                        // a value (`.` in `{.keys*}`), so the two are one item.
                        let prev_pair = items.last().is_some_and(|p| p.contains('='));
                        if !allow_r && prev_pair && !t.contains('=') {
                            let first = starts[i + n - 1]
                                - (items.last().map_or(0, |p| p.len()) - tokens[i + n - 1].len());
                            let end = starts[i + n] + t.len();
                            *items.last_mut()? = &rest[first..end];
                        } else {
                            items.push(t);
                        }
                    }
                    i += take;
                    if !allow_r && items.iter().all(|t| t.contains('=')) {
                        let mut pairs = Vec::new();
                        for t in items {
                            let (k, v) = split_item(t);
                            pairs.push((dec(k)?, dec(v.unwrap_or(""))?));
                        }
                        Value::Map(pairs)
                    } else if items.len() == 1 {
                        Value::String(dec(items[0])?)
                    } else {
                        Value::List(items.iter().map(|t| dec(t)).collect::<Option<_>>()?)
                    }
                } else {
                    // One item, or for the last variable all that is left, as one text.
                    let item = if later == 0 {
                        let t = &rest[starts[i]..];
                        i = tokens.len();
                        t
                    } else {
                        i += 1;
                        tokens[i - 1]
                    };
                    if !allow_r && item.contains(',') {
                        Value::List(item.split(',').map(dec).collect::<Option<_>>()?)
                    } else {
                        Value::String(dec(item)?)
                    }
                };
                found.push((String::from(self.name(spec)), value, is_prefix(spec)));
            }
        }
        if i < tokens.len() {
            return None;
        }
        // The check that makes every answer exact.
        let mut st = State::default();
        if !merge(&mut st, found.clone()) {
            return None;
        }
        let mut again = String::with_capacity(s.len());
        self.expand_expr(op, specs, &st.vars, form, &mut again)
            .ok()?;
        (again == s).then_some(found)
    }
}

fn is_prefix(spec: &VarSpec) -> bool {
    matches!(spec.modifier, Modifier::Prefix(_))
}

/// `name=value` → (`name`, `Some(value)`); `name` → (`name`, `None`).
fn split_item(t: &str) -> (&str, Option<&str>) {
    match t.split_once('=') {
        Some((k, v)) => (k, Some(v)),
        None => (t, None),
    }
}

/// A value as written: kept as it is for `+` and `#`, otherwise percent-decoded (and then
/// required to be UTF-8).
fn decode_text(t: &str, raw: bool) -> Option<String> {
    if raw {
        return Some(String::from(t));
    }
    if !t.contains('%') {
        return Some(String::from(t));
    }
    let b = t.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push(pct_at(b, i, b.len())?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}
