//! The command line: clap types for `iri` and its subcommands.

use std::ffi::OsString;
use std::fmt::Write as _;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use iri::lint::{Code, Policy, Severity};

use crate::stats::StatsSpec;

/// `iri`: parse, validate, convert, resolve, relativize, normalize, compare, deduplicate, lint
/// and display IRIs (RFC 3987) and URIs (RFC 3986).
#[derive(Debug, Parser)]
#[command(
    name = "iri",
    version,
    about = "Parse, validate, convert, resolve, relativize, normalize, compare, deduplicate, \
             lint and display IRIs (RFC 3987) and URIs (RFC 3986)",
    long_about = "Parse, validate, convert, resolve, relativize, normalize, compare, \
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
                  \"hint\" member with that sentence (none otherwise).",
    after_help = "Exit status: 0 when every input is valid, 1 when some input is invalid (or a \
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
                  iri serve --port 8080"
)]
pub struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
    /// Worker threads for the line-reading subcommands (0: one per core), at most 256, and
    /// never more than the input has work for (a one-line file runs on one). Output stays in
    /// input order whatever the number.
    #[arg(
        long,
        short = 'j',
        global = true,
        value_name = "N",
        default_value_t = 0,
        value_parser = parse_threads
    )]
    pub threads: usize,
    /// No progress bar (one is shown only when standard error is a terminal anyway), and no
    /// note that standard input is a terminal being read.
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,
    /// After the run, print a summary of the input lines on standard error: valid and
    /// invalid counts (by error kind), non-ASCII share, hosts by kind; with `lint`, also
    /// diagnostics by code (some 20 times slower). WHAT: text (the default), json, lint, or
    /// a list such as json,lint. For the subcommands that read lines (not compare, extract,
    /// serve, completions, man, which refuse it).
    #[arg(
        long,
        global = true,
        value_name = "WHAT",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "text",
        value_parser = StatsSpec::parse
    )]
    pub stats: Option<StatsSpec>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse IRI references and show their components.
    #[command(after_help = PARSE_EXAMPLES, after_long_help = long(PARSE_LAYOUT, PARSE_EXAMPLES))]
    Parse(ParseArgs),
    /// Check files (or standard input) line by line and report the invalid lines.
    #[command(after_help = VALIDATE_EXAMPLES, after_long_help = long(VALIDATE_LAYOUT, VALIDATE_EXAMPLES))]
    Validate(ValidateArgs),
    /// Map IRI references to URI references (RFC 3987 §3.1): non-ASCII becomes %HH.
    #[command(name = "to-uri", after_help = TO_URI_EXAMPLES, after_long_help = long(&to_uri_layout(), TO_URI_EXAMPLES))]
    ToUri(ToUriArgs),
    /// Convert URI (or IRI) references to IRI references (RFC 3987 §3.2): decode what may be.
    #[command(name = "to-iri", after_help = TO_IRI_EXAMPLES, after_long_help = long(&convert_layout(), TO_IRI_EXAMPLES))]
    ToIri(TransformArgs),
    /// Resolve references against a base IRI (RFC 3986 §5.2; strict unless a preset or an
    /// option says otherwise).
    #[command(after_help = RESOLVE_EXAMPLES, after_long_help = long(&resolve_layout(), RESOLVE_EXAMPLES))]
    Resolve(ResolveArgs),
    /// Find the shortest reference that resolves against a base IRI to each target IRI.
    #[command(after_help = RELATIVIZE_EXAMPLES, after_long_help = long(&relativize_layout(), RELATIVIZE_EXAMPLES))]
    Relativize(BaseArgs),
    /// Normalize IRI references (RFC 3987 §5.3.2 syntax-based, §5.3.3 scheme-based).
    #[command(after_help = NORMALIZE_EXAMPLES, after_long_help = long(&normalize_layout(), NORMALIZE_EXAMPLES))]
    Normalize(NormalizeArgs),
    /// Tell at which rung of the comparison ladder (RFC 3987 §5.3) two references are
    /// equivalent.
    #[command(after_help = COMPARE_EXAMPLES, after_long_help = long(COMPARE_LAYOUT, COMPARE_EXAMPLES))]
    Compare(CompareArgs),
    /// Print the first line of each equivalence class of files (or standard input), in order.
    #[command(after_help = DEDUP_EXAMPLES, after_long_help = long(DEDUP_LAYOUT, DEDUP_EXAMPLES))]
    Dedup(DedupArgs),
    /// Report what is wrong or risky in each input beyond the grammar: bidi, characters,
    /// security (RFC 3987 §4, §6.1, §7.5, §8; RFC 3986 §7).
    #[command(after_help = LINT_EXAMPLES, after_long_help = long(&lint_layout(), LINT_EXAMPLES))]
    Lint(LintArgs),
    /// Show each input safely in bidirectional text (RFC 3987 §4.1), or its visual order
    /// (§4.4); inputs need not be valid IRIs.
    #[command(after_help = DISPLAY_EXAMPLES, after_long_help = long(DISPLAY_LAYOUT, DISPLAY_EXAMPLES))]
    Display(DisplayArgs),
    /// Find the IRIs in text, HTML and XML files in any charset (RFC 3987 §7.3) and print
    /// each with where it was found and its URI form.
    #[command(after_help = EXTRACT_EXAMPLES, after_long_help = long(EXTRACT_LAYOUT, EXTRACT_EXAMPLES))]
    Extract(ExtractArgs),
    /// Serve the live IRI viewer: a local web page that takes an IRI apart as you type, and
    /// its JSON API.
    #[command(after_help = SERVE_EXAMPLES, after_long_help = long(SERVE_LAYOUT, SERVE_EXAMPLES))]
    Serve(ServeArgs),
    /// Print a shell completion script, generated from these definitions.
    #[command(after_help = COMPLETIONS_EXAMPLES)]
    Completions(CompletionsArgs),
    /// Print the man page (roff), or write one page per subcommand into a directory.
    #[command(after_help = MAN_EXAMPLES)]
    Man(ManArgs),
}

/// The long help of a subcommand: its layout, then its examples.
fn long(layout: &str, examples: &str) -> String {
    format!("{layout}\n\n{examples}")
}

const PARSE_EXAMPLES: &str = "\
Examples:
  iri parse 'http://例え.テスト:8080/δοκιμή?q=1#ñ'
  iri parse --format json --kind iri < iris.txt";

const VALIDATE_EXAMPLES: &str = "\
Examples:
  iri validate examples/iris.txt
  iri validate --threads 2 --stats=json big.txt > report.txt";

const TO_URI_EXAMPLES: &str = "\
Examples:
  iri to-uri 'http://résumé.example.org/ä'           # http://r%C3%A9sum%C3%A9.example.org/%C3%A4
  iri to-uri --idna 'http://résumé.example.org/ä'    # http://xn--rsum-bpad.example.org/%C3%A4
  iri to-uri --lenient 'http://example.org/my file'  # http://example.org/my%20file (+ a warning)";

const TO_IRI_EXAMPLES: &str = "\
Examples:
  iri to-iri 'http://example.org/r%C3%A9sum%C3%A9'   # http://example.org/résumé
  iri to-iri --idna 'http://xn--rsum-bpad.example.org/'";

const RESOLVE_EXAMPLES: &str = "\
Examples:
  iri resolve --base 'http://a/b/c/d;p?q' ../g '?y' '#s'   # http://a/b/g, http://a/b/c/d;p?y, …
  iri resolve --preset rdf --base 'http://a/bb/ccc/./d;p?q' '?y'   # http://a/bb/ccc/d;p?y
  iri resolve --dot-encoded --base 'scheme://a/b/c/d/e/f' '%2E%2E/g'   # scheme://a/b/c/d/g";

/// The long help of `iri resolve`: the output layout and the resolution options.
fn resolve_layout() -> String {
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

const RELATIVIZE_EXAMPLES: &str = "\
Examples:
  iri relativize --base http://a/b/c/d 'http://a/b/e?x'   # ../e?x";

const NORMALIZE_EXAMPLES: &str = "\
Examples:
  iri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'   # example://a/b/c/%7Bfoo%7D
  iri normalize --level scheme --form uri 'HTTP://résumé.example.org:80'";

const COMPARE_EXAMPLES: &str = "\
Examples:
  iri compare 'http://example.org' 'HTTP://example.org:80/'   # equivalent at: scheme";

const DEDUP_EXAMPLES: &str = "\
Examples:
  iri dedup --level scheme --ignore-fragment links.txt > unique.txt";

const LINT_EXAMPLES: &str = "\
Examples:
  iri lint 'http://user:pw@0x7f.1/%C0%AF..'
  iri lint --format json --deny not-nfc < iris.txt";

const DISPLAY_EXAMPLES: &str = "\
Examples:
  iri display --visual --bidi-notation hebrew 'http://ab.CDEFGH.ij/kl/mn/op.html'";

const SERVE_EXAMPLES: &str = "\
Examples:
  iri serve                  # http://127.0.0.1:8080/
  iri serve --port 0         # a free port, printed on standard output";

const SERVE_LAYOUT: &str = "\
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

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  iri completions bash > ~/.local/share/bash-completion/completions/iri
  iri completions zsh --output ~/.zfunc/_iri
  iri completions fish --output ~/.config/fish/completions/iri.fish";

const EXTRACT_EXAMPLES: &str = "\
Examples:
  iri extract notes.txt page.html           # FILE:LINE:COL: PLACE: IRI -> URI
  iri extract --charset shift_jis --base http://example.org/ old.html
  iri extract --type xml --format json < feed.xml
  iri extract --idna --lenient page.html    # hosts in ToASCII; wider grammar, with warnings";

const MAN_EXAMPLES: &str = "\
Examples:
  iri man | man -l -
  iri man --output-dir /usr/local/share/man/man1    # iri.1, iri-parse.1, …";

const PARSE_LAYOUT: &str = "\
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
  tsv   one more column at the end, warnings: the messages, separated by '; '";

const VALIDATE_LAYOUT: &str = "\
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
const IDNA_LAYOUT: &str = "\
With --idna, the host of a scheme with DNS host names (http, https, ws, wss, ftp, …) goes
through IDNA (UTS #46): to-uri applies ToASCII with UseSTD3ASCIIRules
(résumé.example.org → xn--rsum-bpad.example.org), and a host it rejects is an error of kind
idna; to-iri applies ToUnicode to xn-- labels, and leaves a host it rejects as it is.
Without --idna, to-uri percent-encodes a non-ASCII host and to-iri leaves xn-- labels alone.";

/// The long help of `to-uri` and `to-iri`: `--idna`, then their output.
fn convert_layout() -> String {
    format!("{IDNA_LAYOUT}\n\n{RESULT_OUTPUT}")
}

/// The output of the subcommands that map each input to one result (`to-uri`, `to-iri`,
/// `resolve`, `relativize`, `normalize`): written once, for each of their long helps.
const RESULT_OUTPUT: &str = "\
Output, one line per input:
  text  the result, or: error: MESSAGE   (for standard input: error: line N: MESSAGE)
  json  {\"input\":…,\"output\":…} or
        {\"input\":…,\"error\":{\"kind\":…,\"component\":…,\"byte\":…,\"column\":…,\"message\":…}}
  tsv   a header line, then: input output error (\\, tab, LF, CR escaped as \\\\, \\t, \\n, \\r)";

/// The long help of `relativize`: unreachable targets, then the output.
fn relativize_layout() -> String {
    format!(
        "\
Each input is a target IRI (with a scheme). When no reference reaches the target (its path
holds '.' or '..' segments that resolution would remove), the error's kind is unreachable and
its component, byte and column are null.

{RESULT_OUTPUT}"
    )
}

/// The long help of `normalize`: the levels and options, then the output.
fn normalize_layout() -> String {
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

const COMPARE_LAYOUT: &str = "\
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

const DEDUP_LAYOUT: &str = "\
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

const LINT_LAYOUT: &str = "\
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
fn lint_layout() -> String {
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

const DISPLAY_LAYOUT: &str = "\
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
const EXTRACT_LAYOUT: &str = "\
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

/// The output format, shared by every subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: one line per input.
    Text,
    /// JSON Lines: one object per line.
    Json,
    /// Tab-separated values with a header line.
    Tsv,
}

/// The grammar names accepted by `--kind`, with their aliases; each maps through
/// [`iri::Kind::from_name`].
fn kind_values() -> [PossibleValue; 8] {
    [
        PossibleValue::new("iri-ref")
            .alias("iri-reference")
            .help("IRI-reference: an IRI or a relative reference"),
        PossibleValue::new("iri").help("IRI: absolute, with a scheme; fragment allowed"),
        PossibleValue::new("absolute")
            .alias("absolute-iri")
            .help("absolute-IRI: an IRI without fragment"),
        PossibleValue::new("relative")
            .aliases(["relative-iri", "irelative-ref"])
            .help("irelative-ref: a relative reference, no scheme"),
        PossibleValue::new("uri-ref")
            .alias("uri-reference")
            .help("URI-reference: ASCII only"),
        PossibleValue::new("uri").help("URI: ASCII only, with a scheme"),
        PossibleValue::new("absolute-uri").help("absolute-URI: a URI without fragment"),
        PossibleValue::new("relative-uri")
            .alias("relative-ref")
            .help("relative-ref: an ASCII relative reference"),
    ]
}

/// The `--kind` value parser: a name from [`kind_values`], mapped by [`iri::Kind::from_name`].
fn kind_parser() -> impl TypedValueParser<Value = iri::Kind> {
    PossibleValuesParser::new(kind_values()).try_map(|name: String| {
        iri::Kind::from_name(&name).ok_or_else(|| format!("unknown kind '{name}'"))
    })
}

/// A rung of the comparison ladder, for `--level`: its name and its help.
fn level_value(level: iri::Level) -> PossibleValue {
    let help = match level {
        iri::Level::Simple => "simple string comparison (RFC 3987 §5.3.1)",
        iri::Level::Syntax => "syntax-based normalization (§5.3.2)",
        iri::Level::Scheme => "scheme-based normalization (§5.3.3), with IDN",
    };
    PossibleValue::new(level.as_str()).help(help)
}

/// The `--level` value parser over `levels`, mapped back by name.
fn level_parser(levels: &'static [iri::Level]) -> impl TypedValueParser<Value = iri::Level> {
    PossibleValuesParser::new(levels.iter().map(|&l| level_value(l))).try_map(
        move |name: String| {
            levels
                .iter()
                .copied()
                .find(|l| l.as_str() == name)
                .ok_or_else(|| format!("unknown level '{name}'"))
        },
    )
}

/// The levels that normalize: `normalize` and `dedup`.
const NORMALIZING_LEVELS: &[iri::Level] = &[iri::Level::Syntax, iri::Level::Scheme];

/// The whole ladder: `compare`.
const ALL_LEVELS: &[iri::Level] = &[iri::Level::Simple, iri::Level::Syntax, iri::Level::Scheme];

/// The output form of `normalize`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormArg {
    /// An IRI: non-ASCII characters kept.
    Iri,
    /// A URI: the IRI→URI mapping (RFC 3987 §3.1) applied after normalizing.
    Uri,
}

impl From<FormArg> for iri::Form {
    fn from(f: FormArg) -> Self {
        match f {
            FormArg::Iri => iri::Form::Iri,
            FormArg::Uri => iri::Form::Uri,
        }
    }
}

/// Options shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct FormatArg {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `iri parse`.
#[derive(Debug, Args)]
pub struct ParseArgs {
    /// The grammar rule to check the inputs against.
    #[arg(long, default_value = "iri-ref", value_parser = kind_parser())]
    pub kind: iri::Kind,
    /// Accept space, <, >, ", {, }, |, \, ^ and ` (the 2002 draft's wider grammar, RFC 3987
    /// §3.1), percent-encoded, each with a warning.
    #[arg(long, conflicts_with = "leiri")]
    pub lenient: bool,
    /// Accept what LEIRIs (XML system identifiers) allow: --lenient's characters, control
    /// characters and the other code points outside ucschar, each with a warning.
    #[arg(long)]
    pub leiri: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to parse; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The grammar rule to check each line against.
    #[arg(long, default_value = "iri-ref", value_parser = kind_parser())]
    pub kind: iri::Kind,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The files to check, one reference per line; '-' or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// `iri to-uri` and `iri to-iri`.
#[derive(Debug, Args)]
pub struct TransformArgs {
    /// Pass the host of DNS schemes through IDNA (UTS #46): ToASCII for to-uri (a host it
    /// rejects is an error), ToUnicode of xn-- labels for to-iri.
    #[arg(long)]
    pub idna: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to convert; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri to-uri`.
#[derive(Debug, Args)]
pub struct ToUriArgs {
    /// The document charset (a label of the WHATWG Encoding Standard: iso-8859-1, shift_jis,
    /// euc-jp, koi8-r, …): the query of http and https IRIs is mapped through it instead of
    /// UTF-8 (RFC 3987 §3.1).
    #[arg(long, value_name = "ENC", value_parser = parse_charset)]
    pub charset: Option<iri::legacy::Charset>,
    /// With --charset: what to do with a query character the charset cannot represent.
    #[arg(long, value_enum, default_value_t = UnmappableArg::Error, requires = "charset")]
    pub unmappable: UnmappableArg,
    /// Accept space, <, >, ", {, }, |, \, ^ and ` (the 2002 draft's wider grammar, RFC 3987
    /// §3.1), percent-encoded, each with a warning.
    #[arg(long, conflicts_with = "leiri")]
    pub lenient: bool,
    /// Accept what LEIRIs (XML system identifiers) allow: --lenient's characters, control
    /// characters and the other code points outside ucschar, each with a warning.
    #[arg(long)]
    pub leiri: bool,
    /// --idna, the output format and the inputs.
    #[command(flatten)]
    pub transform: TransformArgs,
}

/// Parses `--charset`; an unknown label is a usage error (exit status 2).
fn parse_charset(s: &str) -> Result<iri::legacy::Charset, String> {
    iri::legacy::Charset::for_label(s).map_err(|e| e.to_string())
}

/// What `to-uri --charset` does with a character the charset cannot represent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum UnmappableArg {
    /// The input is an error (of kind unmappable).
    Error,
    /// The character's UTF-8 octets are percent-encoded instead.
    #[value(name = "utf-8")]
    Utf8,
    /// As HTML forms: the character as &#NNNN; in the charset, percent-encoded.
    Ncr,
}

impl From<UnmappableArg> for iri::legacy::Unmappable {
    fn from(u: UnmappableArg) -> Self {
        match u {
            UnmappableArg::Error => iri::legacy::Unmappable::Fail,
            UnmappableArg::Utf8 => iri::legacy::Unmappable::Utf8,
            UnmappableArg::Ncr => iri::legacy::Unmappable::NumericReference,
        }
    }
}

/// The help after `iri to-uri`'s options: the conversion's layout and --charset.
fn to_uri_layout() -> String {
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

/// `iri resolve` and `iri relativize`.
#[derive(Debug, Args)]
pub struct BaseArgs {
    /// The base IRI (absolute, with a scheme; its fragment is ignored; `resolve
    /// --relative-base` also takes a relative reference).
    #[arg(long, value_name = "BASE", value_parser = parse_base_reference)]
    pub base: iri::IriRef<String>,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references (resolve) or target IRIs (relativize); one per line on standard input
    /// when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri resolve`: the base, the inputs and the resolution options.
#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The base, the output options and the references.
    #[command(flatten)]
    pub base: BaseArgs,
    /// A named set of resolution options.
    #[arg(long, value_enum, default_value_t = PresetArg::Strict)]
    pub preset: PresetArg,
    /// Remove the base path's dot segments before use (RFC 3986 §5.2.1, §6.2.2.3).
    #[arg(long)]
    pub base_normalize: bool,
    /// Accept a relative --base (no scheme) and resolve against it, keeping the '..' that
    /// climb above it: 'c/d' against 'a/b' is 'a/c/d' (an extension: RFC 3986 §5.1 wants an
    /// absolute base; for chains of relative bases such as XML Base and JSON-LD).
    #[arg(long)]
    pub relative_base: bool,
    /// Remove the dot segments of a base path copied for '?y', '#s' or '' (RFC 3986 §5.2.4).
    #[arg(long)]
    pub copied_path_normalize: bool,
    /// Merge a base path ending in '/..' or '/.' as a directory (RFC 3986 §5.2.3, erratum
    /// 4789).
    #[arg(long = "erratum-4789")]
    pub erratum_4789: bool,
    /// Count %2E as '.' in dot segments (RFC 3986 §2.3, §6.2.2.2).
    #[arg(long)]
    pub dot_encoded: bool,
}

impl ResolveArgs {
    /// The preset with the options given beside it.
    pub fn options(&self) -> iri::ResolveOptions {
        let p = iri::ResolveOptions::from(self.preset);
        p.base_normalize(p.is_base_normalize() || self.base_normalize)
            .copied_path_normalize(p.is_copied_path_normalize() || self.copied_path_normalize)
            .erratum_4789(p.is_erratum_4789() || self.erratum_4789)
            .dot_encoded(p.is_dot_encoded() || self.dot_encoded)
    }
}

/// The presets of `iri resolve --preset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PresetArg {
    /// RFC 3986 §5.2.2 as written.
    Strict,
    /// Copied-path normalization (oxiri, the W3C RDF suites).
    Rdf,
    /// Base normalization, erratum 4789, encoded dots (browser-like paths).
    Browser,
}

impl From<PresetArg> for iri::ResolveOptions {
    fn from(p: PresetArg) -> Self {
        match p {
            PresetArg::Strict => iri::ResolveOptions::strict(),
            PresetArg::Rdf => iri::ResolveOptions::rdf(),
            PresetArg::Browser => iri::ResolveOptions::browser(),
        }
    }
}

/// Parses `--base` (`resolve`, `relativize`, `extract`), which must be an absolute IRI; an
/// invalid base is a usage error (exit status 2).
fn parse_base(s: &str) -> Result<iri::Iri<String>, String> {
    iri::Iri::parse(s.to_owned()).map_err(|e| e.to_string())
}

/// Parses the `--base` of `resolve` and `relativize`: an IRI reference, which must be
/// absolute unless `resolve --relative-base` is given (checked after parsing, see
/// [`BaseArgs::relative_base_error`]).
fn parse_base_reference(s: &str) -> Result<iri::IriRef<String>, String> {
    iri::IriRef::parse(s.to_owned()).map_err(|e| e.to_string())
}

impl BaseArgs {
    /// The usage error of a base without scheme where an absolute one is needed.
    pub fn relative_base_error(&self, relative_allowed: bool) -> Option<String> {
        if relative_allowed {
            return None;
        }
        let e = iri::Iri::try_from(self.base.clone()).err()?;
        // A parsed IRI reference holds no control or bidi formatting character.
        Some(format!(
            "invalid value '{}' for '--base <BASE>': {e}; a base must be absolute (RFC 3986 \
             §5.1): `iri resolve --relative-base` resolves against a relative one",
            self.base.as_str()
        ))
    }
}

/// `iri normalize`.
#[derive(Debug, Args)]
pub struct NormalizeArgs {
    /// The rung of the comparison ladder to normalize for.
    #[arg(long, default_value = "syntax", value_parser = level_parser(NORMALIZING_LEVELS))]
    pub level: iri::Level,
    /// Also normalize characters to NFC (RFC 3987 §5.3.2.2).
    #[arg(long, conflicts_with = "nfkc")]
    pub nfc: bool,
    /// Also normalize characters to NFKC (RFC 3987 §7.5); delimiters it would create are
    /// percent-encoded.
    #[arg(long)]
    pub nfkc: bool,
    /// The output form.
    #[arg(long, value_enum, default_value_t = FormArg::Iri)]
    pub form: FormArg,
    /// Leave the fragment out (comparison for retrieval, RFC 3987 §5.1).
    #[arg(long)]
    pub ignore_fragment: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to normalize; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `iri compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The question the exit status answers: are A and B equivalent at this level or below?
    #[arg(long, default_value = "scheme", value_parser = level_parser(ALL_LEVELS))]
    pub level: iri::Level,
    /// Leave fragments out (comparison for retrieval, RFC 3987 §5.1).
    #[arg(long)]
    pub ignore_fragment: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The first IRI reference.
    #[arg(value_name = "A", value_parser = parse_reference)]
    pub a: iri::IriRef<String>,
    /// The second IRI reference.
    #[arg(value_name = "B", value_parser = parse_reference)]
    pub b: iri::IriRef<String>,
}

/// Parses an argument of `compare`; an invalid one is a usage error (exit status 2).
fn parse_reference(s: &str) -> Result<iri::IriRef<String>, String> {
    iri::IriRef::parse(s.to_owned()).map_err(|e| e.to_string())
}

/// `iri dedup`.
#[derive(Debug, Args)]
pub struct DedupArgs {
    /// The rung of the comparison ladder at which lines are the same.
    #[arg(long, default_value = "syntax", value_parser = level_parser(NORMALIZING_LEVELS))]
    pub level: iri::Level,
    /// Leave fragments out (comparison for retrieval, RFC 3987 §5.1).
    #[arg(long)]
    pub ignore_fragment: bool,
    /// Also compare characters after NFC (RFC 3987 §5.3.2.2).
    #[arg(long)]
    pub nfc: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The files to read, one reference per line; '-' or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// `iri lint`.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// Severities: --allow, --warn, --deny.
    #[command(flatten)]
    pub policy: PolicyArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = LintFormat::Text)]
    pub format: LintFormat,
    /// Show at most N diagnostics of each code per input (the first by position) and say how
    /// many more were left out; 0 shows every one.
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub max_per_code: usize,
    /// The strings to check (valid IRI references or not); one per line on standard input
    /// when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// The output format of `lint`: a diagnostic does not fit in a table row, so there is no TSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    /// For people: each diagnostic as a compiler shows one, with carets under the span.
    Text,
    /// JSON Lines: one object per input, with its diagnostics.
    Json,
}

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

/// `iri serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 for a free one (printed on start).
    #[arg(long, short = 'p', default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on (an IP address, or `localhost` for 127.0.0.1). Only loopback
    /// by default: the viewer is for this machine (another address is warned about on
    /// standard error, with the Host names it answers to).
    #[arg(long, default_value = "127.0.0.1", value_parser = parse_bind)]
    pub bind: std::net::IpAddr,
    /// Also answer requests whose Host header names NAME (a host name or address that
    /// clients use to reach this machine, with the port added, or NAME:PORT as it is);
    /// repeatable. Others get 421, against DNS rebinding.
    #[arg(long, value_name = "NAME", value_parser = parse_allow_host)]
    pub allow_host: Vec<String>,
    /// Seconds a connection may take to send its request head: then 408, or a silent close
    /// when it sent nothing.
    #[arg(long, value_name = "SECONDS", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub timeout: u64,
    /// Connections served at once; more are answered 503 at once.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_CONNECTIONS, value_parser = parse_max_connections)]
    pub max_connections: usize,
}

/// Connections `iri serve` serves at once unless `--max-connections` says otherwise; more
/// get 503.
pub const DEFAULT_MAX_CONNECTIONS: usize = 256;

/// The most worker threads `--threads` may ask for: far more than the cores of a machine,
/// and few enough to start in milliseconds.
pub const MAX_THREADS: usize = 256;

/// `--threads`: 0 (one per core) to [`MAX_THREADS`].
fn parse_threads(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!(
            "expected a number of threads from 0 (one per core) to {}",
            MAX_THREADS
        )),
    }
}

/// `--bind`: an IP address, or `localhost` (127.0.0.1).
fn parse_bind(s: &str) -> Result<std::net::IpAddr, String> {
    if s.eq_ignore_ascii_case("localhost") {
        return Ok(std::net::IpAddr::from([127, 0, 0, 1]));
    }
    s.parse()
        .map_err(|_| "expected an IP address (127.0.0.1, ::1, 0.0.0.0) or localhost".to_owned())
}

/// `--allow-host`: a host as a `Host` header field holds it (RFC 9110 §7.2): a name or IPv4
/// address of letters, digits, `-`, `.` and `_`, or a bracketed IPv6 address, optionally
/// with `:PORT`.
fn parse_allow_host(s: &str) -> Result<String, String> {
    let bad = || {
        "expected a host name or address as clients send it in Host (viewer.example, \
         192.0.2.7, [2001:db8::7]), optionally with :PORT"
            .to_owned()
    };
    let (name_ok, port) = if let Some(rest) = s.strip_prefix('[') {
        let (inside, after) = rest.split_once(']').ok_or_else(bad)?;
        let port = match after {
            "" => None,
            a => Some(a.strip_prefix(':').ok_or_else(bad)?),
        };
        (inside.parse::<std::net::Ipv6Addr>().is_ok(), port)
    } else {
        let (host, port) = match s.split_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        };
        let ok = !host.is_empty()
            && host
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._".contains(&b));
        (ok, port)
    };
    let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok());
    if name_ok && port_ok {
        Ok(s.to_ascii_lowercase())
    } else {
        Err(bad())
    }
}

/// Whether an `--allow-host` value ends with its port.
pub fn host_has_port(host: &str) -> bool {
    match host.rsplit_once(']') {
        Some((_, after)) => after.starts_with(':'),
        None => host.contains(':'),
    }
}

/// `--max-connections`: 1 to 4096.
fn parse_max_connections(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n @ 1..=4096) => Ok(n),
        _ => Err("expected a number of connections from 1 to 4096".to_owned()),
    }
}

/// `iri completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
    /// Write the script to this file instead of standard output: a regular file atomically
    /// (a temporary file renamed into place), through a symbolic link to what it points to,
    /// a FIFO or a device in place; a directory is refused; `-` is standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// `iri man`.
#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write iri.1 and one page per subcommand (iri-parse.1, …) into this directory instead
    /// of printing iri.1 on standard output; each page as `completions --output` writes its
    /// file (atomically, through symbolic links, a FIFO or device in place).
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<std::path::PathBuf>,
}

/// `iri display`.
#[derive(Debug, Args)]
pub struct DisplayArgs {
    /// How to keep the text left to right.
    #[arg(long, value_enum, default_value_t = WrapArg::Lre)]
    pub wrap: WrapArg,
    /// The direction of the text around the IRI (for --wrap lrm, and the paragraph of
    /// --visual).
    #[arg(long, value_enum, default_value_t = DirectionArg::Ltr)]
    pub context: DirectionArg,
    /// Print the visual order (what a reader sees, from the left) instead of the text.
    #[arg(long)]
    pub visual: bool,
    /// Read and write RFC 3987's Bidi Notation: upper-case letters stand for right-to-left
    /// letters of this script.
    #[arg(long, value_enum, value_name = "SCRIPT")]
    pub bidi_notation: Option<NotationArg>,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The texts to show (IRIs, valid or not); one per line on standard input when none are
    /// given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// The kind of input, for `--type`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TypeArg {
    /// Plain text.
    Text,
    /// HTML.
    Html,
    /// XML (XHTML included).
    Xml,
}

/// Checks a `--charset` label (an unknown one is a usage error).
fn parse_document_charset(s: &str) -> Result<String, String> {
    iri::extract::DocumentOptions::new()
        .charset(s)
        .map(|_| s.to_owned())
        .map_err(|e| e.to_string())
}

/// `iri extract`.
#[derive(Debug, Args)]
pub struct ExtractArgs {
    /// The charset of the inputs (a WHATWG label: utf-8, shift_jis, euc-jp, koi8-r, …), over
    /// what the documents declare; a byte order mark still wins.
    #[arg(long, value_name = "ENC", value_parser = parse_document_charset)]
    pub charset: Option<String>,
    /// The base IRI for relative references (under <base href> and xml:base).
    #[arg(long, value_name = "BASE", value_parser = parse_base)]
    pub base: Option<iri::Iri<String>>,
    /// Read every input as this kind instead of guessing from its name and content.
    #[arg(long = "type", value_enum, value_name = "TYPE")]
    pub kind: Option<TypeArg>,
    /// Pass the host of DNS schemes through IDNA ToASCII (UTS #46) in the URI form; a host it
    /// rejects is an error.
    #[arg(long)]
    pub idna: bool,
    /// Accept space, <, >, ", {, }, |, \, ^ and ` in IRIs (the 2002 draft's wider grammar,
    /// RFC 3987 §3.1), percent-encoded, each with a warning.
    #[arg(long)]
    pub lenient: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The files to search; '-' or none for standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<OsString>,
}

/// How `display` wraps its input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WrapArg {
    /// LRE … PDF, as RFC 3987 §4.1 says.
    Lre,
    /// LRI … PDI: an isolate.
    Lri,
    /// LRM around each right-to-left component (the July 2002 draft).
    Lrm,
}

/// The direction of the text around an IRI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DirectionArg {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
}

impl From<DirectionArg> for iri::bidi::Direction {
    fn from(d: DirectionArg) -> Self {
        match d {
            DirectionArg::Ltr => iri::bidi::Direction::Ltr,
            DirectionArg::Rtl => iri::bidi::Direction::Rtl,
        }
    }
}

/// The script whose letters the upper-case letters of the Bidi Notation stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum NotationArg {
    /// Hebrew letters (bidi class R).
    Hebrew,
    /// Arabic letters (bidi class AL): digits after them are Arabic numbers.
    Arabic,
}

impl From<NotationArg> for iri::bidi::notation::NotationScript {
    fn from(n: NotationArg) -> Self {
        match n {
            NotationArg::Hebrew => iri::bidi::notation::NotationScript::Hebrew,
            NotationArg::Arabic => iri::bidi::notation::NotationScript::Arabic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn every_kind_name_and_alias_maps_to_a_kind() {
        for v in kind_values() {
            for name in v.get_name_and_aliases() {
                assert!(iri::Kind::from_name(name).is_some(), "{name}");
            }
        }
        // Every grammar can be chosen.
        for kind in iri::Kind::ALL {
            let chosen = kind_values().iter().any(|v| {
                v.get_name_and_aliases()
                    .any(|n| iri::Kind::from_name(n) == Some(kind))
            });
            assert!(chosen, "{kind}");
        }
    }

    #[test]
    fn policy_flags_keep_their_order() {
        use iri::lint::{Code, Severity};
        let parse = |args: &[&str]| match Cli::try_parse_from(args) {
            Ok(Cli {
                command: Command::Lint(l),
                ..
            }) => l.policy,
            other => panic!("{other:?}"),
        };
        let p = parse(&[
            "iri",
            "lint",
            "--deny",
            "not-nfc",
            "--allow=confusable",
            "--warn",
            "overlong-utf8",
            "--allow",
            "not-nfc",
            "x",
        ]);
        assert_eq!(
            p.settings,
            [
                (Code::NotNfc, Some(Severity::Error)),
                (Code::Confusable, None),
                (Code::OverlongUtf8, Some(Severity::Warning)),
                (Code::NotNfc, None),
            ]
        );
        let policy = p.policy();
        assert_eq!(policy.severity(Code::NotNfc), None);
        assert_eq!(policy.severity(Code::Confusable), None);
        assert_eq!(policy.severity(Code::OverlongUtf8), Some(Severity::Warning));
        assert_eq!(
            policy.severity(Code::ParseError),
            Some(Severity::Error),
            "the others keep their defaults"
        );
        assert_eq!(parse(&["iri", "lint"]), PolicyArgs::default());
        // Every code can be named.
        for code in Code::ALL {
            let p = parse(&["iri", "lint", "--warn", code.as_str()]);
            assert_eq!(p.settings, [(*code, Some(Severity::Warning))]);
        }
    }

    /// The output block of the subcommands that map each input to one result is written
    /// once in the source and shown, whole and once, in each of their long helps.
    #[test]
    fn result_output_block_in_each_long_help() {
        let mut cli = Cli::command();
        for name in ["to-uri", "to-iri", "resolve", "relativize", "normalize"] {
            let sub = cli.find_subcommand_mut(name).unwrap();
            let help = sub.render_long_help().to_string();
            assert_eq!(help.matches(RESULT_OUTPUT).count(), 1, "{name}");
            assert_eq!(
                help.matches("Output, one line per input").count(),
                1,
                "{name}"
            );
        }
    }

    #[test]
    fn level_names_map_to_levels() {
        for &level in ALL_LEVELS {
            let parsed = level_parser(ALL_LEVELS)
                .parse_ref(&Cli::command(), None, std::ffi::OsStr::new(level.as_str()))
                .unwrap();
            assert_eq!(parsed, level);
        }
        assert!(level_parser(NORMALIZING_LEVELS)
            .parse_ref(&Cli::command(), None, std::ffi::OsStr::new("simple"))
            .is_err());
    }
}
