//! The grammars of RFC 3987 §2.2 (IRIs) and RFC 3986 Appendix A (URIs) as data, and a naive
//! matcher for them: the reference the parser is checked against in `abnf_reference.rs`.
//!
//! Each rule is a small tree of [`Node`]s written to read line for line like the RFC, whose
//! text is quoted above it. The core rules `ALPHA`, `DIGIT` and `HEXDIG` are those of
//! RFC 5234 Appendix B.1. As in ABNF (RFC 5234 §2.3), a quoted string matches without regard
//! to the case of ASCII letters (so `"v"` matches `V` and `HEXDIG`'s `"A"` matches `a`);
//! terminals are characters, not bytes (RFC 3987 §2.2).
//!
//! The matcher is written for obviousness, not speed: a plain backtracking matcher
//! ([`Grammar::each_end`]) in which each node hands every position where it can end (every
//! alternative, every number of repetitions) to the rest of the match, with no memoization and
//! no "first match wins": a rule matches an input when some way through it ends at the end of
//! the input. It allocates nothing while matching, but recurses once or more per character
//! matched: long inputs need a thread with a large stack.

#![allow(dead_code)] // not every test uses every helper

use std::collections::{BTreeMap, BTreeSet};

/// A node of a rule's tree.
#[derive(Debug, Clone)]
pub enum Node {
    /// `a / b / …`: any of the alternatives.
    Alt(Vec<Node>),
    /// `a b …`: each in turn.
    Seq(Vec<Node>),
    /// `min*max element` (`*x`, `1*x`, `nx`, `[ x ]`); `max: None` is unbounded.
    Repeat {
        min: usize,
        max: Option<usize>,
        node: Box<Node>,
    },
    /// `%xLO-HI`: one character whose code point is in the range (inclusive).
    CharRange(u32, u32),
    /// `"text"`: the characters of the text, ASCII letters in either case.
    Literal(&'static str),
    /// A rule named by another rule.
    Rule(&'static str),
    /// A rule by its number: what [`Node::Rule`] becomes in the copy of the rules that the
    /// matcher walks, so that matching does not look names up.
    Ref(usize),
}

// Short constructors, so that a rule's tree reads like its ABNF.

/// `a / b / …`
fn alt(items: impl IntoIterator<Item = Node>) -> Node {
    Node::Alt(items.into_iter().collect())
}
/// `a b …`
fn seq(items: impl IntoIterator<Item = Node>) -> Node {
    Node::Seq(items.into_iter().collect())
}
/// `min*max element`; `max: None` for `min*element`.
fn rep(min: usize, max: Option<usize>, node: Node) -> Node {
    Node::Repeat {
        min,
        max,
        node: Box::new(node),
    }
}
/// `*element`
fn star(node: Node) -> Node {
    rep(0, None, node)
}
/// `1*element`
fn plus(node: Node) -> Node {
    rep(1, None, node)
}
/// `[ element ]`
fn opt(node: Node) -> Node {
    rep(0, Some(1), node)
}
/// `nelement`
fn times(n: usize, node: Node) -> Node {
    rep(n, Some(n), node)
}
/// `*nelement`
fn at_most(n: usize, node: Node) -> Node {
    rep(0, Some(n), node)
}
/// `%xLO-HI`
fn range(lo: u32, hi: u32) -> Node {
    Node::CharRange(lo, hi)
}
/// `"text"`
fn lit(text: &'static str) -> Node {
    Node::Literal(text)
}
/// `rulename`
fn r(name: &'static str) -> Node {
    Node::Rule(name)
}

/// Named rules.
pub struct Grammar {
    /// The rules as written.
    rules: BTreeMap<&'static str, Node>,
    /// The rules in the order of `rules`, with every `Rule(name)` replaced by `Ref(number)`.
    numbered: Vec<Node>,
}

impl Grammar {
    /// The IRI grammar (RFC 3987 §2.2), the URI grammar (RFC 3986 Appendix A) and the core
    /// rules they use (RFC 5234 Appendix B.1), in one set of rules (the IRI rules that are
    /// "the same as those in [RFC3986]" are defined once).
    pub fn rfc3987_and_rfc3986() -> Grammar {
        let mut g = Grammar {
            rules: BTreeMap::new(),
            numbered: Vec::new(),
        };

        // ---- RFC 3987 §2.2: "The following rules are different from those in [RFC3986]:"

        // IRI            = scheme ":" ihier-part [ "?" iquery ]
        //                  [ "#" ifragment ]
        g.def(
            "IRI",
            seq([
                r("scheme"),
                lit(":"),
                r("ihier-part"),
                opt(seq([lit("?"), r("iquery")])),
                opt(seq([lit("#"), r("ifragment")])),
            ]),
        );
        // ihier-part     = "//" iauthority ipath-abempty
        //                / ipath-absolute
        //                / ipath-rootless
        //                / ipath-empty
        g.def(
            "ihier-part",
            alt([
                seq([lit("//"), r("iauthority"), r("ipath-abempty")]),
                r("ipath-absolute"),
                r("ipath-rootless"),
                r("ipath-empty"),
            ]),
        );
        // IRI-reference  = IRI / irelative-ref
        g.def("IRI-reference", alt([r("IRI"), r("irelative-ref")]));
        // absolute-IRI   = scheme ":" ihier-part [ "?" iquery ]
        g.def(
            "absolute-IRI",
            seq([
                r("scheme"),
                lit(":"),
                r("ihier-part"),
                opt(seq([lit("?"), r("iquery")])),
            ]),
        );
        // irelative-ref  = irelative-part [ "?" iquery ] [ "#" ifragment ]
        g.def(
            "irelative-ref",
            seq([
                r("irelative-part"),
                opt(seq([lit("?"), r("iquery")])),
                opt(seq([lit("#"), r("ifragment")])),
            ]),
        );
        // irelative-part = "//" iauthority ipath-abempty
        //                / ipath-absolute
        //                / ipath-noscheme
        //                / ipath-empty
        g.def(
            "irelative-part",
            alt([
                seq([lit("//"), r("iauthority"), r("ipath-abempty")]),
                r("ipath-absolute"),
                r("ipath-noscheme"),
                r("ipath-empty"),
            ]),
        );
        // iauthority     = [ iuserinfo "@" ] ihost [ ":" port ]
        g.def(
            "iauthority",
            seq([
                opt(seq([r("iuserinfo"), lit("@")])),
                r("ihost"),
                opt(seq([lit(":"), r("port")])),
            ]),
        );
        // iuserinfo      = *( iunreserved / pct-encoded / sub-delims / ":" )
        g.def(
            "iuserinfo",
            star(alt([
                r("iunreserved"),
                r("pct-encoded"),
                r("sub-delims"),
                lit(":"),
            ])),
        );
        // ihost          = IP-literal / IPv4address / ireg-name
        g.def(
            "ihost",
            alt([r("IP-literal"), r("IPv4address"), r("ireg-name")]),
        );
        // ireg-name      = *( iunreserved / pct-encoded / sub-delims )
        g.def(
            "ireg-name",
            star(alt([r("iunreserved"), r("pct-encoded"), r("sub-delims")])),
        );
        // ipath          = ipath-abempty   ; begins with "/" or is empty
        //                / ipath-absolute  ; begins with "/" but not "//"
        //                / ipath-noscheme  ; begins with a non-colon segment
        //                / ipath-rootless  ; begins with a segment
        //                / ipath-empty     ; zero characters
        g.def(
            "ipath",
            alt([
                r("ipath-abempty"),
                r("ipath-absolute"),
                r("ipath-noscheme"),
                r("ipath-rootless"),
                r("ipath-empty"),
            ]),
        );
        // ipath-abempty  = *( "/" isegment )
        g.def("ipath-abempty", star(seq([lit("/"), r("isegment")])));
        // ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
        g.def(
            "ipath-absolute",
            seq([
                lit("/"),
                opt(seq([
                    r("isegment-nz"),
                    star(seq([lit("/"), r("isegment")])),
                ])),
            ]),
        );
        // ipath-noscheme = isegment-nz-nc *( "/" isegment )
        g.def(
            "ipath-noscheme",
            seq([r("isegment-nz-nc"), star(seq([lit("/"), r("isegment")]))]),
        );
        // ipath-rootless = isegment-nz *( "/" isegment )
        g.def(
            "ipath-rootless",
            seq([r("isegment-nz"), star(seq([lit("/"), r("isegment")]))]),
        );
        // ipath-empty    = 0<ipchar>
        g.def("ipath-empty", times(0, r("ipchar")));
        // isegment       = *ipchar
        g.def("isegment", star(r("ipchar")));
        // isegment-nz    = 1*ipchar
        g.def("isegment-nz", plus(r("ipchar")));
        // isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims
        //                      / "@" )
        //                ; non-zero-length segment without any colon ":"
        g.def(
            "isegment-nz-nc",
            plus(alt([
                r("iunreserved"),
                r("pct-encoded"),
                r("sub-delims"),
                lit("@"),
            ])),
        );
        // ipchar         = iunreserved / pct-encoded / sub-delims / ":"
        //                / "@"
        g.def(
            "ipchar",
            alt([
                r("iunreserved"),
                r("pct-encoded"),
                r("sub-delims"),
                lit(":"),
                lit("@"),
            ]),
        );
        // iquery         = *( ipchar / iprivate / "/" / "?" )
        g.def(
            "iquery",
            star(alt([r("ipchar"), r("iprivate"), lit("/"), lit("?")])),
        );
        // ifragment      = *( ipchar / "/" / "?" )
        g.def("ifragment", star(alt([r("ipchar"), lit("/"), lit("?")])));
        // iunreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
        g.def(
            "iunreserved",
            alt([
                r("ALPHA"),
                r("DIGIT"),
                lit("-"),
                lit("."),
                lit("_"),
                lit("~"),
                r("ucschar"),
            ]),
        );
        // ucschar        = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
        //                / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
        //                / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
        //                / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
        //                / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
        //                / %xD0000-DFFFD / %xE1000-EFFFD
        g.def(
            "ucschar",
            alt([
                range(0xA0, 0xD7FF),
                range(0xF900, 0xFDCF),
                range(0xFDF0, 0xFFEF),
                range(0x10000, 0x1FFFD),
                range(0x20000, 0x2FFFD),
                range(0x30000, 0x3FFFD),
                range(0x40000, 0x4FFFD),
                range(0x50000, 0x5FFFD),
                range(0x60000, 0x6FFFD),
                range(0x70000, 0x7FFFD),
                range(0x80000, 0x8FFFD),
                range(0x90000, 0x9FFFD),
                range(0xA0000, 0xAFFFD),
                range(0xB0000, 0xBFFFD),
                range(0xC0000, 0xCFFFD),
                range(0xD0000, 0xDFFFD),
                range(0xE1000, 0xEFFFD),
            ]),
        );
        // iprivate       = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
        g.def(
            "iprivate",
            alt([
                range(0xE000, 0xF8FF),
                range(0xF0000, 0xFFFFD),
                range(0x100000, 0x10FFFD),
            ]),
        );

        // ---- RFC 3987 §2.2: "The following rules are the same as those in [RFC3986]:"
        // (their text as RFC 3986 Appendix A gives it)

        // scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
        g.def(
            "scheme",
            seq([
                r("ALPHA"),
                star(alt([r("ALPHA"), r("DIGIT"), lit("+"), lit("-"), lit(".")])),
            ]),
        );
        // port          = *DIGIT
        g.def("port", star(r("DIGIT")));
        // IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
        g.def(
            "IP-literal",
            seq([lit("["), alt([r("IPv6address"), r("IPvFuture")]), lit("]")]),
        );
        // IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        g.def(
            "IPvFuture",
            seq([
                lit("v"),
                plus(r("HEXDIG")),
                lit("."),
                plus(alt([r("unreserved"), r("sub-delims"), lit(":")])),
            ]),
        );
        // IPv6address   =                            6( h16 ":" ) ls32
        //               /                       "::" 5( h16 ":" ) ls32
        //               / [               h16 ] "::" 4( h16 ":" ) ls32
        //               / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        //               / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        //               / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
        //               / [ *4( h16 ":" ) h16 ] "::"              ls32
        //               / [ *5( h16 ":" ) h16 ] "::"              h16
        //               / [ *6( h16 ":" ) h16 ] "::"
        let h16_colon = || seq([r("h16"), lit(":")]);
        g.def(
            "IPv6address",
            alt([
                seq([times(6, h16_colon()), r("ls32")]),
                seq([lit("::"), times(5, h16_colon()), r("ls32")]),
                seq([opt(r("h16")), lit("::"), times(4, h16_colon()), r("ls32")]),
                seq([
                    opt(seq([at_most(1, h16_colon()), r("h16")])),
                    lit("::"),
                    times(3, h16_colon()),
                    r("ls32"),
                ]),
                seq([
                    opt(seq([at_most(2, h16_colon()), r("h16")])),
                    lit("::"),
                    times(2, h16_colon()),
                    r("ls32"),
                ]),
                seq([
                    opt(seq([at_most(3, h16_colon()), r("h16")])),
                    lit("::"),
                    r("h16"),
                    lit(":"),
                    r("ls32"),
                ]),
                seq([
                    opt(seq([at_most(4, h16_colon()), r("h16")])),
                    lit("::"),
                    r("ls32"),
                ]),
                seq([
                    opt(seq([at_most(5, h16_colon()), r("h16")])),
                    lit("::"),
                    r("h16"),
                ]),
                seq([opt(seq([at_most(6, h16_colon()), r("h16")])), lit("::")]),
            ]),
        );
        // h16           = 1*4HEXDIG
        g.def("h16", rep(1, Some(4), r("HEXDIG")));
        // ls32          = ( h16 ":" h16 ) / IPv4address
        g.def(
            "ls32",
            alt([seq([r("h16"), lit(":"), r("h16")]), r("IPv4address")]),
        );
        // IPv4address   = dec-octet "." dec-octet "." dec-octet "." dec-octet
        g.def(
            "IPv4address",
            seq([
                r("dec-octet"),
                lit("."),
                r("dec-octet"),
                lit("."),
                r("dec-octet"),
                lit("."),
                r("dec-octet"),
            ]),
        );
        // dec-octet     = DIGIT                 ; 0-9
        //               / %x31-39 DIGIT         ; 10-99
        //               / "1" 2DIGIT            ; 100-199
        //               / "2" %x30-34 DIGIT     ; 200-249
        //               / "25" %x30-35          ; 250-255
        g.def(
            "dec-octet",
            alt([
                r("DIGIT"),
                seq([range(0x31, 0x39), r("DIGIT")]),
                seq([lit("1"), times(2, r("DIGIT"))]),
                seq([lit("2"), range(0x30, 0x34), r("DIGIT")]),
                seq([lit("25"), range(0x30, 0x35)]),
            ]),
        );
        // pct-encoded   = "%" HEXDIG HEXDIG
        g.def("pct-encoded", seq([lit("%"), r("HEXDIG"), r("HEXDIG")]));
        // unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
        g.def(
            "unreserved",
            alt([
                r("ALPHA"),
                r("DIGIT"),
                lit("-"),
                lit("."),
                lit("_"),
                lit("~"),
            ]),
        );
        // reserved      = gen-delims / sub-delims
        g.def("reserved", alt([r("gen-delims"), r("sub-delims")]));
        // gen-delims    = ":" / "/" / "?" / "#" / "[" / "]" / "@"
        g.def(
            "gen-delims",
            alt([
                lit(":"),
                lit("/"),
                lit("?"),
                lit("#"),
                lit("["),
                lit("]"),
                lit("@"),
            ]),
        );
        // sub-delims    = "!" / "$" / "&" / "'" / "(" / ")"
        //               / "*" / "+" / "," / ";" / "="
        g.def(
            "sub-delims",
            alt([
                lit("!"),
                lit("$"),
                lit("&"),
                lit("'"),
                lit("("),
                lit(")"),
                lit("*"),
                lit("+"),
                lit(","),
                lit(";"),
                lit("="),
            ]),
        );

        // ---- RFC 3986 Appendix A: the URI rules that RFC 3987 renamed

        // URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
        g.def(
            "URI",
            seq([
                r("scheme"),
                lit(":"),
                r("hier-part"),
                opt(seq([lit("?"), r("query")])),
                opt(seq([lit("#"), r("fragment")])),
            ]),
        );
        // hier-part     = "//" authority path-abempty
        //               / path-absolute
        //               / path-rootless
        //               / path-empty
        g.def(
            "hier-part",
            alt([
                seq([lit("//"), r("authority"), r("path-abempty")]),
                r("path-absolute"),
                r("path-rootless"),
                r("path-empty"),
            ]),
        );
        // URI-reference = URI / relative-ref
        g.def("URI-reference", alt([r("URI"), r("relative-ref")]));
        // absolute-URI  = scheme ":" hier-part [ "?" query ]
        g.def(
            "absolute-URI",
            seq([
                r("scheme"),
                lit(":"),
                r("hier-part"),
                opt(seq([lit("?"), r("query")])),
            ]),
        );
        // relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
        g.def(
            "relative-ref",
            seq([
                r("relative-part"),
                opt(seq([lit("?"), r("query")])),
                opt(seq([lit("#"), r("fragment")])),
            ]),
        );
        // relative-part = "//" authority path-abempty
        //               / path-absolute
        //               / path-noscheme
        //               / path-empty
        g.def(
            "relative-part",
            alt([
                seq([lit("//"), r("authority"), r("path-abempty")]),
                r("path-absolute"),
                r("path-noscheme"),
                r("path-empty"),
            ]),
        );
        // authority     = [ userinfo "@" ] host [ ":" port ]
        g.def(
            "authority",
            seq([
                opt(seq([r("userinfo"), lit("@")])),
                r("host"),
                opt(seq([lit(":"), r("port")])),
            ]),
        );
        // userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
        g.def(
            "userinfo",
            star(alt([
                r("unreserved"),
                r("pct-encoded"),
                r("sub-delims"),
                lit(":"),
            ])),
        );
        // host          = IP-literal / IPv4address / reg-name
        g.def(
            "host",
            alt([r("IP-literal"), r("IPv4address"), r("reg-name")]),
        );
        // reg-name      = *( unreserved / pct-encoded / sub-delims )
        g.def(
            "reg-name",
            star(alt([r("unreserved"), r("pct-encoded"), r("sub-delims")])),
        );
        // path          = path-abempty    ; begins with "/" or is empty
        //               / path-absolute   ; begins with "/" but not "//"
        //               / path-noscheme   ; begins with a non-colon segment
        //               / path-rootless   ; begins with a segment
        //               / path-empty      ; zero characters
        g.def(
            "path",
            alt([
                r("path-abempty"),
                r("path-absolute"),
                r("path-noscheme"),
                r("path-rootless"),
                r("path-empty"),
            ]),
        );
        // path-abempty  = *( "/" segment )
        g.def("path-abempty", star(seq([lit("/"), r("segment")])));
        // path-absolute = "/" [ segment-nz *( "/" segment ) ]
        g.def(
            "path-absolute",
            seq([
                lit("/"),
                opt(seq([r("segment-nz"), star(seq([lit("/"), r("segment")]))])),
            ]),
        );
        // path-noscheme = segment-nz-nc *( "/" segment )
        g.def(
            "path-noscheme",
            seq([r("segment-nz-nc"), star(seq([lit("/"), r("segment")]))]),
        );
        // path-rootless = segment-nz *( "/" segment )
        g.def(
            "path-rootless",
            seq([r("segment-nz"), star(seq([lit("/"), r("segment")]))]),
        );
        // path-empty    = 0<pchar>
        g.def("path-empty", times(0, r("pchar")));
        // segment       = *pchar
        g.def("segment", star(r("pchar")));
        // segment-nz    = 1*pchar
        g.def("segment-nz", plus(r("pchar")));
        // segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
        //               ; non-zero-length segment without any colon ":"
        g.def(
            "segment-nz-nc",
            plus(alt([
                r("unreserved"),
                r("pct-encoded"),
                r("sub-delims"),
                lit("@"),
            ])),
        );
        // pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
        g.def(
            "pchar",
            alt([
                r("unreserved"),
                r("pct-encoded"),
                r("sub-delims"),
                lit(":"),
                lit("@"),
            ]),
        );
        // query         = *( pchar / "/" / "?" )
        g.def("query", star(alt([r("pchar"), lit("/"), lit("?")])));
        // fragment      = *( pchar / "/" / "?" )
        g.def("fragment", star(alt([r("pchar"), lit("/"), lit("?")])));

        // ---- RFC 5234 Appendix B.1: core rules

        // ALPHA          =  %x41-5A / %x61-7A   ; A-Z / a-z
        g.def("ALPHA", alt([range(0x41, 0x5A), range(0x61, 0x7A)]));
        // DIGIT          =  %x30-39             ; 0-9
        g.def("DIGIT", range(0x30, 0x39));
        // HEXDIG         =  DIGIT / "A" / "B" / "C" / "D" / "E" / "F"
        g.def(
            "HEXDIG",
            alt([
                r("DIGIT"),
                lit("A"),
                lit("B"),
                lit("C"),
                lit("D"),
                lit("E"),
                lit("F"),
            ]),
        );

        g.number();
        g
    }

    /// Fills `numbered` from `rules`.
    fn number(&mut self) {
        let numbers: BTreeMap<&str, usize> = self
            .rules
            .keys()
            .enumerate()
            .map(|(i, &n)| (n, i))
            .collect();
        fn replace_names(node: &Node, numbers: &BTreeMap<&str, usize>) -> Node {
            let all = |items: &[Node]| items.iter().map(|n| replace_names(n, numbers)).collect();
            match node {
                Node::Alt(items) => Node::Alt(all(items)),
                Node::Seq(items) => Node::Seq(all(items)),
                Node::Repeat { min, max, node } => Node::Repeat {
                    min: *min,
                    max: *max,
                    node: Box::new(replace_names(node, numbers)),
                },
                Node::CharRange(lo, hi) => Node::CharRange(*lo, *hi),
                Node::Literal(text) => Node::Literal(text),
                Node::Rule(name) => Node::Ref(numbers[name]),
                Node::Ref(_) => unreachable!("the rules as written name their rules"),
            }
        }
        self.numbered = self
            .rules
            .values()
            .map(|node| replace_names(node, &numbers))
            .collect();
    }

    fn def(&mut self, name: &'static str, node: Node) {
        let old = self.rules.insert(name, node);
        assert!(old.is_none(), "rule {name} defined twice");
    }

    /// The names of the rules.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.rules.keys().copied()
    }

    /// The rule named `name`.
    pub fn rule(&self, name: &str) -> &Node {
        self.rules
            .get(name)
            .unwrap_or_else(|| panic!("no rule {name}"))
    }

    /// The names of the rules that `node` refers to, directly or inside its children.
    pub fn references(node: &Node, out: &mut BTreeSet<&'static str>) {
        match node {
            Node::Alt(items) | Node::Seq(items) => {
                for item in items {
                    Grammar::references(item, out);
                }
            }
            Node::Repeat { node, .. } => Grammar::references(node, out),
            Node::CharRange(..) | Node::Literal(_) | Node::Ref(_) => {}
            Node::Rule(name) => {
                out.insert(name);
            }
        }
    }

    /// Whether the whole of `input` matches the rule `name`.
    pub fn matches(&self, name: &str, input: &str) -> bool {
        let chars: Vec<char> = input.chars().collect();
        let number = self.rules.keys().position(|&n| n == name);
        let rule = &self.numbered[number.unwrap_or_else(|| panic!("no rule {name}"))];
        self.each_end(rule, &chars, 0, &mut |end| end == chars.len())
    }

    /// Calls `then` with each position where `node` can end when it starts at `at` in `input`
    /// (every alternative, every number of repetitions), until `then` returns `true`; returns
    /// whether it did. `then` is the rest of the match: the classic backtracking matcher, in
    /// which a node hands each of its ends to what follows it.
    pub fn each_end(
        &self,
        node: &Node,
        input: &[char],
        at: usize,
        then: &mut dyn FnMut(usize) -> bool,
    ) -> bool {
        match node {
            Node::CharRange(lo, hi) => match input.get(at) {
                Some(&c) if (*lo..=*hi).contains(&(c as u32)) => then(at + 1),
                _ => false,
            },
            Node::Literal(text) => {
                let mut i = at;
                for want in text.chars() {
                    match input.get(i) {
                        Some(c) if c.eq_ignore_ascii_case(&want) => i += 1,
                        _ => return false,
                    }
                }
                then(i)
            }
            Node::Rule(name) => self.each_end(self.rule(name), input, at, then),
            Node::Ref(number) => self.each_end(&self.numbered[*number], input, at, then),
            Node::Alt(options) => options
                .iter()
                .any(|option| self.each_end(option, input, at, then)),
            Node::Seq(items) => self.each_end_of_seq(items, input, at, then),
            Node::Repeat { min, max, node } => {
                self.each_end_of_repeat(node, *min, *max, 0, input, at, then)
            }
        }
    }

    /// [`Grammar::each_end`] for the sequence `items`.
    fn each_end_of_seq(
        &self,
        items: &[Node],
        input: &[char],
        at: usize,
        then: &mut dyn FnMut(usize) -> bool,
    ) -> bool {
        match items.split_first() {
            None => then(at),
            Some((first, rest)) => self.each_end(first, input, at, &mut |end| {
                self.each_end_of_seq(rest, input, end, then)
            }),
        }
    }

    /// [`Grammar::each_end`] for `min*max node` when `done` repetitions end at `at`.
    #[allow(clippy::too_many_arguments)]
    fn each_end_of_repeat(
        &self,
        node: &Node,
        min: usize,
        max: Option<usize>,
        done: usize,
        input: &[char],
        at: usize,
        then: &mut dyn FnMut(usize) -> bool,
    ) -> bool {
        // Stop here…
        if done >= min && then(at) {
            return true;
        }
        if max == Some(done) {
            return false;
        }
        // …or match once more. Once `min` is reached, a repetition that matches nothing leads
        // where stopping here led (and would repeat forever): it is left out.
        self.each_end(node, input, at, &mut |end| {
            (end > at || done < min)
                && self.each_end_of_repeat(node, min, max, done + 1, input, end, then)
        })
    }
}
