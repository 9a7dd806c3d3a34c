//! The help text of `iri` and its subcommands: what `--help` shows after the options (the
//! output layouts, the options that need more than a line, the examples). Data, kept apart
//! from the argument types in [`super::args`] so that each reads on its own.

use std::fmt::Write as _;

use iri::lint::Code;

/// The long description of `iri`, shown by `iri --help` before the subcommands.
pub(super) const LONG_ABOUT: &str =
    "Parse, validate, convert, resolve, relativize, normalize, compare, \
deduplicate, lint and display IRIs (RFC 3987) and URIs (RFC 3986), \
strictly.\n\n\
Every subcommand takes its inputs as arguments or, when none are given, one \
per line on standard input (LF or CRLF; an empty line is an input too: the \
empty relative reference). `validate`, `dedup` and `extract` take files as \
arguments ('-' for standard input); the others take IRIs, and read lines \
only from standard input (iri lint < urls.txt): an argument that names an \
existing file and is not an IRI with a scheme is still taken as an IRI \
reference, with a warning on standard error. Each input yields exactly one output line, a \
result or an error, in order; errors about inputs go to standard output so \
that output stays aligned with input; summaries go to standard error. In \
JSON, each record carries its input (\"input\", or \"file\" and \"line\" \
for file input) and an error is an object under \"error\" with kind, \
component, byte (0-based byte offset), column (1-based, in characters) and \
message; columns count characters everywhere. Write `--` before inputs that \
start with '-'. The exceptions: `validate` reports only the invalid lines, \
`dedup` one line per equivalence class (and per invalid line), `compare` \
takes exactly two arguments, and `lint` in text format writes a block per \
diagnostic (nothing for an input without any) and a summary on standard \
error.\n\n\
When an invalid input looks like a common mistake (an IPv6 address without \
brackets, an IP literal without its ']', '\\' for '/', a literal '%'), its \
error message ends with '; hint: …', and in JSON the error object has a \
\"hint\" member with that sentence (none otherwise).";

/// What `iri --help` shows after the options: exit status, large inputs, streams, untrusted
/// text and examples.
pub(super) const AFTER_HELP: &str =
    "Exit status: 0 when every input is valid, 1 when some input is invalid (or a \
file cannot be read), 2 on a usage error. `compare`: 0 when equivalent (at \
--level or below), 1 when not, 2 on a usage error or an invalid argument. \
`lint`: 1 when some diagnostic is an error (after --allow, --warn and \
--deny) or some line is not UTF-8.\n\n\
Large inputs: the lines are read in chunks and processed on every core \
(--threads), in bounded memory; a progress bar is shown when standard \
error is a terminal (not with --quiet), and --stats prints a summary of the \
inputs on standard error.\n\n\
Streams: from a pipe or a terminal, the result of each line is written as \
soon as the line has come (tail -f access.log | iri to-uri), and a terminal \
is told on standard error how to end the input (Ctrl-D; not with --quiet).\n\n\
Untrusted text: text and TSV output (and messages on standard error) write \
control characters, white space other than the space, the bidi formatting \
characters (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) and the \
other default-ignorable characters (U+200B, U+FEFF, ...) as a visible \
<U+XXXX> token, never raw; JSON keeps the exact text.\n\n\
Examples:\n  \
iri parse 'http://例え.テスト/δοκιμή?q=1#ñ'\n  \
iri validate --stats examples/iris.txt\n  \
iri to-uri --idna 'http://résumé.example.org/ä'\n  \
iri serve --port 8080";

/// The long help of a subcommand: its layout, then its examples.
pub(super) fn long(layout: &str, examples: &str) -> String {
    format!("{layout}\n\n{examples}")
}

pub(super) const PARSE_EXAMPLES: &str = "\
Examples:
  iri parse 'http://例え.テスト:8080/δοκιμή?q=1#ñ'
  iri parse --format json --kind iri < iris.txt";

pub(super) const VALIDATE_EXAMPLES: &str = "\
Examples:
  iri validate examples/iris.txt
  iri validate --threads 2 --stats=json big.txt > report.txt";

pub(super) const TO_URI_EXAMPLES: &str = "\
Examples:
  iri to-uri 'http://résumé.example.org/ä'           # http://r%C3%A9sum%C3%A9.example.org/%C3%A4
  iri to-uri --idna 'http://résumé.example.org/ä'    # http://xn--rsum-bpad.example.org/%C3%A4
  iri to-uri --lenient 'http://example.org/my file'  # http://example.org/my%20file (+ a warning)";

pub(super) const TO_IRI_EXAMPLES: &str = "\
Examples:
  iri to-iri 'http://example.org/r%C3%A9sum%C3%A9'   # http://example.org/résumé
  iri to-iri --idna 'http://xn--rsum-bpad.example.org/'";

pub(super) const RESOLVE_EXAMPLES: &str = "\
Examples:
  iri resolve --base 'http://a/b/c/d;p?q' ../g '?y' '#s'   # http://a/b/g, http://a/b/c/d;p?y, …
  iri resolve --preset rdf --base 'http://a/bb/ccc/./d;p?q' '?y'   # http://a/bb/ccc/d;p?y
  iri resolve --dot-encoded --base 'scheme://a/b/c/d/e/f' '%2E%2E/g'   # scheme://a/b/c/d/g";

/// The long help of `iri resolve`: the output layout and the resolution options.
pub(super) fn resolve_layout() -> String {
    let mut s = String::from(RESULT_OUTPUT);
    s.push_str(
        "

Resolution is RFC 3986 §5.2.2 to §5.2.4 as written unless options say otherwise; each
option is allowed by the RFC's text:
  --base-normalize  §5.2.1 \"Normalization of the base URI, as described in Sections 6.2.2
                    and 6.2.3, is optional\": the base path's dot segments are removed
                    (§6.2.2.3) first, so '?y', '#s' and '' do not keep them
  --copied-path-normalize
                    §5.2.4 applied where §5.2.2 copies the base path ('?y', '#s', ''): its
                    dot segments go there only; a relative path merges with the base path
                    as written
  --erratum-4789    §5.2.3 as corrected by erratum 4789: a base path ending in '/..' or '/.'
                    merges as a directory ('c' against http://a/b/.. is http://a/c)
  --dot-encoded     §2.3 and §6.2.2.2: a segment that is '.' or '..' once its %2E are decoded
                    is a dot segment (§6.2.2.3); other segments keep their %2E
Presets (--preset; options given beside a preset are added to it):
  strict   none (the default)
  rdf      --copied-path-normalize: oxiri's results (Oxigraph) and the W3C RDF suites' IRI
           resolution tests (docs/conformance.md); %2E stays, as RDF compares IRIs as
           strings
  browser  --base-normalize --erratum-4789 --dot-encoded, as a browser does with the path
           (the WHATWG URL Standard parses its base first and reads %2e as '.'); nothing
           else of that standard is applied",
    );
    s
}

pub(super) const RELATIVIZE_EXAMPLES: &str = "\
Examples:
  iri relativize --base http://a/b/c/d 'http://a/b/e?x'   # ../e?x";

pub(super) const NORMALIZE_EXAMPLES: &str = "\
Examples:
  iri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'   # example://a/b/c/%7Bfoo%7D
  iri normalize --level scheme --form uri 'HTTP://résumé.example.org:80'";

pub(super) const COMPARE_EXAMPLES: &str = "\
Examples:
  iri compare 'http://example.org' 'HTTP://example.org:80/'   # equivalent at: scheme";

pub(super) const DEDUP_EXAMPLES: &str = "\
Examples:
  iri dedup --level scheme --ignore-fragment links.txt > unique.txt";

pub(super) const LINT_EXAMPLES: &str = "\
Examples:
  iri lint 'http://user:pw@0x7f.1/%C0%AF..'
  iri lint --format json --deny not-nfc < iris.txt";

pub(super) const DISPLAY_EXAMPLES: &str = "\
Examples:
  iri display --visual --bidi-notation hebrew 'http://ab.CDEFGH.ij/kl/mn/op.html'";

pub(super) const SERVE_EXAMPLES: &str = "\
Examples:
  iri serve                  # http://127.0.0.1:8080/
  iri serve --port 0         # a free port, printed on standard output";

pub(super) const SERVE_LAYOUT: &str = "\
The page (HTML, CSS and JavaScript inside the binary: no network needed) shows, as you type,
whether the IRI is valid (the offending character marked), its components, its URI form
(RFC 3987 §3.1), the IRI form of a URI (§3.2), its normalized forms at each rung of the
ladder (§5.3), the reference resolved against an optional base (RFC 3986 §5.2), the
diagnostics with their RFC sections, and its bidi display form and visual order (§4).

The page asks GET /api/inspect?iri=…&base=… (application/x-www-form-urlencoded, UTF-8), which
answers one JSON object; docs/serve.md describes it. Only GET and HEAD are served, and only
when the Host header field names this server (127.0.0.1, localhost, [::1] or the --bind
address, with the port): else 421, against DNS rebinding. A request line over 8 KiB gets 414,
a request head over 24 KiB 431, a malformed request 400, another method 405, an unknown path
404, a head not complete within --timeout 408, a connection past --max-connections 503; every
error is JSON: {\"error\":{\"status\":…,\"reason\":…,\"message\":…}}.

On start, one line goes to standard output: listening on http://ADDR:PORT/
The server runs until it is stopped (Ctrl-C).";

pub(super) const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  iri completions bash > ~/.local/share/bash-completion/completions/iri
  iri completions zsh --output ~/.zfunc/_iri
  iri completions fish --output ~/.config/fish/completions/iri.fish";

pub(super) const EXTRACT_EXAMPLES: &str = "\
Examples:
  iri extract notes.txt page.html           # FILE:LINE:COL: PLACE: IRI -> URI
  iri extract --charset shift_jis --base http://example.org/ old.html
  iri extract --type xml --format json < feed.xml
  iri extract --idna --lenient page.html    # hosts in ToASCII; wider grammar, with warnings";

pub(super) const MAN_EXAMPLES: &str = "\
Examples:
  iri man | man -l -
  iri man --output-dir /usr/local/share/man/man1    # iri.1, iri-parse.1, …";

pub(super) const PARSE_LAYOUT: &str = "\
Output, one line per input:
  text  valid:   scheme=S authority=A userinfo=U host=H (HOST-KIND) port=N path=P query=Q fragment=F
                 Only the components present are listed, in that order; path= is always there
                 (possibly empty). HOST-KIND is reg-name, ipv4, ipv6 or ipvfuture. Values are the
                 text as written: no decoding. A valid IRI holds no ASCII space, so fields split
                 on spaces.
        invalid: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  one object per line (JSON Lines), absent components null, port as text:
        {\"input\":…,\"valid\":true,\"scheme\":…,\"authority\":…,\"userinfo\":…,\"host\":…,
         \"host_kind\":…,\"port\":…,\"path\":…,\"query\":…,\"fragment\":…}
        {\"input\":…,\"valid\":false,\"error\":{\"kind\":…,\"component\":…,\"byte\":…,\"column\":…,\"message\":…}}
  tsv   a header line, then: input valid scheme authority userinfo host host_kind port path
        query fragment error; absent components are empty; \\, tab, LF and CR inside a field
        are written \\\\, \\t, \\n and \\r.

A line that is not valid UTF-8 gives an error of kind invalid-utf8 whose byte is that of the
first bad byte.

--lenient accepts the wider grammar of the July 2002 IRI draft and XML system identifiers:
space, <, >, \", {, }, |, \\, ^ and ` (RFC 3987 §3.1); --leiri also the control characters,
the bidi formatting characters and the other code points outside ucschar (W3C LEIRI note).
#, %, [ and ] are never accepted where the strict grammar refuses them. Each such character
is percent-encoded (UTF-8) and reported as a warning; the components shown are those of the
result. Warnings do not make an input invalid. In the output:
  text  after the components: warning: MESSAGE, for each warning, separated by ';'
  json  two more members: \"iri\" (the result) and
        \"warnings\":[{\"byte\":…,\"column\":…,\"char\":…,\"component\":…,\"kind\":…,
        \"section\":…,\"message\":…}]
        (byte: the byte offset in the input, column: in characters; kind: space, delimiter,
        unwise, control, bidi-formatting or not-ucschar)
  tsv   one more column at the end, warnings: the messages, separated by '; '

--zone-id accepts an IPv6 zone identifier (RFC 6874: [fe80::1%25en1]), which RFC 3987 and
RFC 3986 §3.2.2 do not have: without it such a host is invalid (invalid-ip-literal, \"zone
identifiers are not allowed\"). The components shown are those without the zone; the zone
is reported: text ' zone=ZONE' at the end, json \"zone\" (null without one), tsv a last
column, zone.";

pub(super) const VALIDATE_LAYOUT: &str = "\
Output:
  text  FILE:LINE:COLUMN: MESSAGE for each invalid line (LINE 1-based, COLUMN the 1-based
        column in characters)
  json  {\"file\":…,\"line\":…,\"error\":{\"kind\":…,\"component\":…,\"byte\":…,\"column\":…,
        \"message\":…}} for each invalid line
  tsv   a header line, then: file line column kind component message
Then, on standard error: checked N lines: V valid, I invalid (json:
{\"summary\":{\"lines\":…,\"valid\":…,\"invalid\":…,\"unreadable\":…}})

Standard input is read when no FILE is given, or for the FILE '-', and is named <stdin>. A file
that cannot be read is reported on standard error and makes the exit status 1; the other files
are still checked. A progress bar is shown on standard error when it is a terminal.";

/// What `to-uri` and `to-iri` do with hosts (`--idna`), before [`RESULT_OUTPUT`].
pub(super) const IDNA_LAYOUT: &str = "\
With --idna, the host of a scheme with DNS host names (http, https, ws, wss, ftp, …) goes
through IDNA (UTS #46): to-uri applies ToASCII with UseSTD3ASCIIRules
(résumé.example.org → xn--rsum-bpad.example.org), and a host it rejects is an error of kind
idna; to-iri applies ToUnicode to xn-- labels, and leaves a host it rejects as it is.
Without --idna, to-uri percent-encodes a non-ASCII host and to-iri leaves xn-- labels alone.";

/// The long help of `to-uri` and `to-iri`: `--idna`, then their output.
pub(super) fn convert_layout() -> String {
    format!("{IDNA_LAYOUT}\n\n{RESULT_OUTPUT}")
}

/// The output of the subcommands that map each input to one result (`to-uri`, `to-iri`,
/// `resolve`, `relativize`, `normalize`): written once, for each of their long helps.
pub(super) const RESULT_OUTPUT: &str = "\
Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"byte\":…,\"column\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";

/// The long help of `relativize`: unreachable targets, then the output.
pub(super) fn relativize_layout() -> String {
    format!(
        "\
Each input is a target IRI (with a scheme). When no reference reaches the target (its path
holds '.' or '..' segments that resolution would remove), the error's kind is unreachable and
its component, byte and column are null.

{RESULT_OUTPUT}"
    )
}

/// The long help of `normalize`: the levels and options, then the output.
pub(super) fn normalize_layout() -> String {
    format!(
        "\
Levels (RFC 3987 §5.3):
  syntax  scheme and ASCII host to lower case, percent-encoding hex digits to upper case;
          %HH of unreserved characters and of UTF-8 the component allows decoded; dot
          segments removed (references with a scheme only)
  scheme  syntax, then the scheme's rules: an empty or default port dropped, an empty path
          after an authority made '/' (http, https, ws, wss, ftp, …); DNS host names compared
          after IDNA (UTS #46): Unicode in the iri form, ACE (xn--) in the uri form
Character normalization is never implied: --nfc for text that may not be in NFC, --nfkc when
creating IRIs (RFC 3987 §7.5). --form uri maps the result to a URI (RFC 3987 §3.1).

{RESULT_OUTPUT}"
    )
}

pub(super) const COMPARE_LAYOUT: &str = "\
The ladder (RFC 3987 §5.3), lowest rung first: simple (the text as it is), syntax
(syntax-based normalization), scheme (scheme-based normalization, with IDN). The output tells
the lowest rung at which A and B are equivalent; the exit status answers the question: are A
and B equivalent at --level or below? --ignore-fragment compares for retrieval (§5.1):
fragments are left out at every rung.

Output:
  text  equivalent at: LEVEL   or: different
  json  {\"input\":[A,B],\"equivalent\":true,\"level\":LEVEL}   (level null when different)
  tsv   a header line, then: a b equivalent level

Exit status: 0 when equivalent at --level or below, 1 when not (even if equivalent at a higher
rung, which the output still tells), 2 on a usage error or when A or B is not a valid IRI
reference (the parse error goes to standard error).";

pub(super) const DEDUP_LAYOUT: &str = "\
Lines are equivalent when their normalizations at --level are equal (see `iri normalize
--help`); the first line seen of each class is printed as it was, in the order first seen.
Memory grows with the number of classes, not of lines.

Output:
  text  each kept line; an invalid line gives, in its place: error: FILE:LINE:COLUMN: MESSAGE
  json  {\"file\":…,\"line\":…,\"input\":…} for each kept line and
        {\"file\":…,\"line\":…,\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"byte\":…,
         \"column\":…,\"message\":…}} for each invalid line
  tsv   a header line, then: file line input error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)
LINE is 1-based, COLUMN the 1-based column in characters. Then, on standard error:
  N lines, M classes, K invalid

Standard input is read when no FILE is given, or for the FILE '-', and is named <stdin>.
Classes span all files. A file that cannot be read is reported on standard error and makes
the exit status 1; the other files are still read. An invalid line makes the exit status 1.";

pub(super) const LINT_LAYOUT: &str = "\
Each input is checked as a string: it need not be a valid IRI reference. One that is not gets
the parse error first (code parse-error), then what can still be said about its parts, found
by their delimiters. Every code is reported at its default severity unless --allow, --warn or
--deny says otherwise; when one code is named more than once, the last flag wins.
docs/diagnostics.md describes every code, with an input that triggers it and a near miss.

Output:
  text  each diagnostic as a compiler shows one, then an empty line:
          SEVERITY[CODE]: MESSAGE
            --> input N, column K, component C   (standard input: line N of standard input)
             |
             | INPUT
             |        ^^^^^
             = RFC SECTION
             = suggestion: REPLACEMENT         (when there is one: the text for the span)
        K is the 1-based column of the span's start, in characters; the component part is
        left out when the diagnostic concerns none. An input of more than 80 characters is
        shown as a window around the span (30 characters on each side, the span cut after 60)
        with … where the input goes on. Invisible and control characters are shown as
        <U+XXXX>, and the carets stand under the span (wide East Asian characters take two
        columns, combining marks none). At most --max-per-code diagnostics of each code are
        shown per input (the first by position); then a block
          note: N more diagnostics left out: CODE COUNT, … (at most M of each code are shown; …)
            --> input N
        An input without diagnostics prints nothing. Then, on standard error:
        N inputs: E errors, W warnings, I info   (counting those left out too)
  json  one object per input (JSON Lines); start and end are byte offsets, end exclusive,
        column the 1-based column of start in characters; component and suggestion may be
        null; omitted counts the diagnostics of each code left out by --max-per-code:
        {\"input\":…,\"diagnostics\":[{\"code\":…,\"severity\":…,\"component\":…,\"start\":…,
         \"end\":…,\"column\":…,\"message\":…,\"section\":…,\"suggestion\":…}],
         \"omitted\":{CODE:COUNT,…}}

A line that is not valid UTF-8 gives, in its place: error: line N: MESSAGE (json: {\"input\":…,
\"error\":{\"kind\":\"invalid-utf8\",…}}), and makes the exit status 1.

Exit status: 1 when some diagnostic is an error after --allow, --warn and --deny (or some line
is not UTF-8), else 0; 2 on a usage error, such as an unknown CODE.";

/// The help after `iri lint`'s options: [`LINT_LAYOUT`] and the codes, from the library's
/// list, so that it cannot fall behind.
pub(super) fn lint_layout() -> String {
    let mut s = String::from(LINT_LAYOUT);
    s.push_str("\n\nCodes, with their default severity and the RFC section they come from:\n");
    for code in Code::ALL {
        let _ = writeln!(
            s,
            "  {:<26} {:<8} {}",
            code.as_str(),
            code.default_severity().as_str(),
            code.section()
        );
    }
    s.truncate(s.trim_end().len());
    s
}

pub(super) const DISPLAY_LAYOUT: &str = "\
The inputs are text to show: they need not be valid IRIs, and nothing is parsed or checked
(`iri lint` checks; its codes bidi-mixed-direction and bidi-rtl-boundary are the RFC 3987 §4.2
rules for components that display well). Right to left means bidi class R or AL.

--wrap (the characters added are for display only and never part of an IRI):
  lre  LRE (U+202A) … PDF (U+202C) around an input with right-to-left characters, as RFC 3987
       §4.1 says; other inputs are printed as they are
  lri  LRI (U+2066) … PDI (U+2069) instead: the same inside, and the text around the IRI is
       not affected by it (isolates, Unicode 6.3 and later)
  lrm  the July 2002 IRI draft's rendering: LRM (U+200E) before and after each component with
       right-to-left characters (components are the runs between ; / ? : @ & = + $ , [ ] # .),
       and LRE … PDF around the whole when --context is rtl
--context is the direction of the text around the IRI: --wrap lrm and --visual use it.

--visual prints the characters in the order a reader sees them, from the left, as the Unicode
Bidirectional Algorithm lays out the wrapped text in a paragraph of direction --context, with
the formatting characters left out: the pictures of RFC 3987 §4.4. With the defaults (lre,
ltr) that is the input's own visual order in a left-to-right paragraph; with --context rtl it
shows that the wrapping keeps that picture in right-to-left text; with --wrap lrm it shows the
2002 draft's picture, each component in its own direction.

--bidi-notation reads each input in RFC 3987's Bidi Notation (§1.4: upper-case ASCII letters
stand for right-to-left letters, here Hebrew or Arabic ones) and writes the output back in it.
Upper-case hex digits of percent-encodings would be read as letters too: write them in digits
or lower case. RFC 3987 §4.4, Example 1:
  iri display --visual --bidi-notation hebrew 'http://ab.CDEFGH.ij/kl/mn/op.html'
  http://ab.HGFEDC.ij/kl/mn/op.html

Output, one line per input:
  text  the result, with its formatting characters (for a terminal or a document to render);
        the input's own controls and formatting characters are shown as <U+XXXX> first
  json  {\"input\":…,\"output\":…}   (for a line that is not UTF-8:
        {\"input\":…,\"error\":{\"kind\":\"invalid-utf8\",\"component\":null,\"byte\":…,\"column\":…,\"message\":…}})
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)
A line that is not valid UTF-8 gives, in text: error: line N: MESSAGE, and exit status 1.";

/// The help after `iri extract`'s options.
pub(super) const EXTRACT_LAYOUT: &str = "\
What is searched: in HTML and XML, the values of the attributes href, src, action, cite,
formaction, poster, data, background, longdesc, codebase, usemap, manifest, profile, classid,
icon, about, resource (also after a namespace prefix: xlink:href, rdf:about) and xml:base, with
character references resolved, and IRIs in text content (not in comments, script or style);
in text, IRIs that start with a scheme and '//' (or mailto:, urn:, data:, tel:, …), or stand
inside <…> or <URL:…> (whitespace inside is removed, RFC 3986 Appendix C). Being non-ASCII
does not end an IRI in text (RFC 3987 §7.3), but trailing punctuation (ASCII, and Unicode
general categories Pd, Ps, Pe, Pi, Pf, Po) and unbalanced closing brackets are left out;
a non-ASCII space, CJK punctuation (。、「」（）！, …) and, right after a dot-suffix such as
.html or .jp, a letter of a script other than Latin (Japanese, Chinese, Thai, Arabic prose)
end it. Prose glued to an IRI that does not end in a dot-suffix (…/索引をご覧ください) cannot
be told apart and stays in it. In HTML and XML text content, <…> delimits only what starts
with a scheme and '//' (or mailto:, urn:, …): escaped markup such as &lt;xsl:number/&gt; is not
an IRI.

--type: by default .html/.htm are HTML, .xml/.xhtml/.svg/.atom/.rss/.rdf XML, .txt text, and
other files are sniffed: '<?xml' at the start means XML, another '<' HTML, anything else text.
Charset: a byte order mark wins, then --charset, then the XML declaration's encoding or HTML's
<meta charset> (first 1024 bytes), else UTF-8 (HTML and text: windows-1252 when the bytes are
not UTF-8). Labels are the WHATWG Encoding Standard's (iso-8859-1 means windows-1252). IRIs from
a charset other than UTF-8/UTF-16 are brought to NFC (RFC 3987 §3.1 step 1b).
Relative references are resolved against <base href> (HTML), xml:base (XML), or --base; the
URI form is that of the resolved IRI, or of the reference when there is no base. When the
document's charset (from --charset or detected) is not UTF-8 or UTF-16, the query of an http
or https IRI is mapped through that charset instead of UTF-8, as a browser does (RFC 3987
§3.1 note, the mapping of `iri to-uri --charset`), and a character the charset cannot
represent is sent as its &#NNNN; (as HTML forms do), percent-encoded. With --idna, the host of a scheme
with DNS host names goes through IDNA ToASCII (UTS #46); a host it rejects makes the IRI an
error of kind idna.

--lenient parses each candidate in the wider grammar of the July 2002 IRI draft (space, <, >,
\", {, }, |, \\, ^ and `, RFC 3987 §3.1): each such character is percent-encoded in the URI
and reported as a warning; in text, {}|\\^` then continue an IRI too. Warnings do not make
an IRI invalid.

Output, one line per IRI found, in document order (LINE 1-based, COLUMN the 1-based character
column in the decoded text; PLACE is ELEMENT@ATTRIBUTE, 'text in ELEMENT' or 'text'):
  text  FILE:LINE:COLUMN: PLACE: IRI -> URI
        FILE:LINE:COLUMN: PLACE: TEXT -> error: MESSAGE   (a candidate that is not an IRI
        reference; the MESSAGE's byte offset is within TEXT)
        \\, LF, CR and tab inside IRI or TEXT are written \\\\, \\n, \\r and \\t.
        With --lenient, each warning on standard error: iri: FILE:LINE:COLUMN: warning: MESSAGE
  json  {\"file\":…,\"line\":…,\"column\":…,\"place\":…,\"element\":…,\"attribute\":…,
         \"encoding\":…,\"text\":…,\"resolved\":…,\"uri\":…} (resolved null when unresolved), or
        the same with \"error\":{\"kind\":…,\"component\":…,\"byte\":…,\"column\":…,
        \"message\":…} instead of resolved and uri (byte and column within text, the column in
        characters); with --lenient, one more member: \"warnings\":[{\"byte\":…,\"column\":…,
        \"char\":…,\"component\":…,\"kind\":…,\"section\":…,\"message\":…}] (within text)
  tsv   a header line, then: file line column place text resolved uri error; with --lenient,
        one more column at the end, warnings: the messages, separated by '; '
Then, on standard error: found N IRIs in M files: K invalid.

Standard input is read when no FILE is given, or for the FILE '-', and is named <stdin>. A file
that cannot be read is reported on standard error and makes the exit status 1; so does an
invalid candidate.";

/// The help after `iri to-uri`'s options: the conversion's layout and --charset.
pub(super) fn to_uri_layout() -> String {
    let mut s = convert_layout();
    s.push_str(
        "\n\n\
With --charset ENC (the charset of the document the IRIs come from), the query of an http or
https IRI is mapped through ENC instead of UTF-8 (RFC 3987 §3.1 note, the IRI processing
draft §6.1): ASCII and existing %HH stay; of the octets ENC gives for a non-ASCII character,
those of unreserved ASCII characters (letters, digits, - . _ ~) and of : @ / ? stay as those
characters, as browsers send them (RFC 3986 §2.3: パ in Shift_JIS is 0x83 0x70, so %83p), and
every other octet becomes %HH (the sub-delimiters & = ; + … too, since queries delimit with
them). No other scheme and no other component is affected, and a Unicode ENC (UTF-8,
UTF-16) changes nothing. A query character ENC cannot represent (after trying its canonically
equivalent decomposed forms, as windows-1258 needs) is, by --unmappable: error (the default)
an error of kind unmappable, with its offset; utf-8 its UTF-8 octets, percent-encoded; ncr the
&#NNNN; that HTML forms send, percent-encoded. Labels are those of the WHATWG Encoding
Standard (iso-8859-1 and us-ascii name windows-1252 there); an unknown label is a usage error.

--lenient accepts the wider grammar of the July 2002 IRI draft and XML system identifiers:
space, <, >, \", {, }, |, \\, ^ and ` (RFC 3987 §3.1, which lets a system accepting IRIs
percent-encode them in the mapping); --leiri also the control characters, the bidi formatting
characters and the other code points outside ucschar (W3C LEIRI note). #, %, [ and ] are never
accepted where the strict grammar refuses them. Each such character is percent-encoded (UTF-8)
and reported as a warning, which does not make the input invalid:
  text  the URI alone on its line; each warning on standard error:
        iri: argument N: warning: MESSAGE   (line N for standard input)
  json  one more member: \"warnings\":[{\"byte\":…,\"column\":…,\"char\":…,\"component\":…,
        \"kind\":…,\"section\":…,\"message\":…}] (byte: the byte offset in the input, column:
        in characters)
  tsv   one more column at the end, warnings: the messages, separated by '; '",
    );
    s
}

pub(super) const BUILD_EXAMPLES: &str = "\
Examples:
  iri build --scheme https --host 例え.テスト --path-segment 'a b' --query-pair q=ü
  iri build --uri --scheme http --host example.org --path-segment résumé   # …/r%C3%A9sum%C3%A9
  iri build --scheme s --host h --path rel   # error: a path after an authority starts with '/'";

pub(super) const EDIT_EXAMPLES: &str = "\
Examples:
  iri edit --scheme https --no-port 'http://example.org:80/a'   # https://example.org/a
  iri edit --set-pair page=2 --remove-pair utm_source < urls.txt
  iri edit --pop-segment --path-segment index.html --no-fragment 'http://a/b/c#f'";

/// The long help of `iri build` and `iri edit`: the rules and the output.
pub(super) const BUILD_LAYOUT: &str = "\
Components given by --scheme, --host, --userinfo, --port, --path, --query and --fragment \
are written as they are and checked against their own rule (RFC 3987 §2.2; RFC 3986 with \
--uri): a delimiter inside one ('?' in a path, '@' in a userinfo, '/' in a host) is an \
error at its byte, never a different split. A combination RFC 3986 forbids is an error that \
names the rule: a path after an authority that does not start with '/' (§3.3), a path \
starting with '//' without an authority (§3.3), a first segment with ':' in a reference \
with neither scheme nor authority (§4.2). --path-segment and --query-pair take raw text and \
percent-encode what the component forbids (non-ASCII kept, or UTF-8 %HH with --uri); \
--form writes pairs as application/x-www-form-urlencoded. iri build makes one reference \
(its input is shown as the empty string); iri edit applies the flags to each input, in the \
order scheme, authority, host, userinfo, port, path, popped and added segments, query, \
removed, set and added pairs, fragment, and an edit that fails leaves an error for that \
line.

Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"byte\":…,\"column\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";
pub(super) const EXPAND_EXAMPLES: &str = "\
Examples:
  iri expand --var city=Zürich 'http://example.org/{city}{?q}'      # .../Z%C3%BCrich
  iri expand --iri --var city=Zürich 'http://example.org/{city}'    # .../Zürich
  iri expand --vars vars.json --format json < templates.txt";

pub(super) const EXPAND_LAYOUT: &str = "\
Each template is expanded as RFC 6570 §3 says: every operator (+ # . / ; ? &), prefix (:n)
and explode (*) modifiers, lists and associative arrays, undefined and empty values. The URI
form (the default, --uri) percent-encodes every non-ASCII character as UTF-8 (§3.2.1); --iri
keeps the literals' non-ASCII characters and the values' ucschar (bidi formatting characters
and the values' private-use characters stay percent-encoded), so that the IRI maps to the URI
form (RFC 3987 §3.1). Variables: --vars FILE, a JSON object (strings, numbers, booleans,
arrays of them as lists, objects of them as associative arrays in the file's order, null for
undefined), then each --var NAME=VALUE (a string). Templates are the arguments, or the lines
of standard input.

Output, one line per template:
  text  the expansion (hidden characters as <U+XXXX>)   or: error: MESSAGE   (for standard
        input: error: line N: MESSAGE)
  json  {\"input\":T,\"output\":S}   or: {\"input\":T,\"error\":{\"kind\":K,\"component\":null,\"byte\":N,\"column\":C,\"message\":M}}
  tsv   a header line, then: template output error

Error kinds: invalid-literal, invalid-pct-encoding, unclosed-expression, reserved-operator,
empty-var-name, invalid-var-name, invalid-prefix (the template; byte is where), and
prefix-on-composite (a :n on a list or associative array).

Exit status: 0 when every template expanded, 1 when some did not, 2 on a usage error.";

pub(super) const MATCH_EXAMPLES: &str = "\
Examples:
  iri match '/users/{id}/posts{?page}' /users/7/posts?page=2   # {\"id\":\"7\",\"page\":\"2\"}
  iri match --format json 'http://example.org/wiki/{title}' < urls.txt";

pub(super) const MATCH_LAYOUT: &str = "\
For each input, the values of the template's variables that expand to it exactly, or an
error when none are found. Ambiguous templates are read by one rule: left to right, each
expression takes the longest text after which the rest still matches; named operators
(; ? &) give each name=value to its variable; the others give one item per variable from
the left, the last taking the rest; no text leaves a variable undefined. Every answer is
expanded again and compared with the input before it is written. Inputs are read in the URI
form when ASCII and in the IRI form otherwise, unless --uri or --iri says which.

Output, one line per input, in order:
  text  the variables as one JSON object (hidden characters as <U+XXXX>)   or: error: MESSAGE
        (for standard input: error: line N: MESSAGE)
  json  {\"input\":I,\"vars\":{...}}   or: {\"input\":I,\"error\":{\"kind\":K,\"component\":null,\"byte\":N,\"column\":C,\"message\":M}}
        (byte and column are null but for invalid-utf8)
  tsv   a header line, then: input vars error

Values are strings, lists (JSON arrays) and associative arrays (JSON objects). Error kinds:
no-match, too-complex (the search stopped after 100000 candidates), invalid-utf8.

Exit status: 0 when every input matched, 1 when some did not, 2 on a usage error (an invalid
template).";
