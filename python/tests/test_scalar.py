"""The scalar API, with vectors written from the RFC text (each table names its section)."""

import csv
import pathlib
import pickle

import pytest

import iri

# RFC 3986 §5.4.1 "Normal Examples" and §5.4.2 "Abnormal Examples" (base http://a/b/c/d;p?q):
# the rows of the library's resolve.tsv that cite them.
TABLE = pathlib.Path(__file__).resolve().parents[2] / "crates" / "iri" / "tests" / "data" / "resolve.tsv"


def rfc_examples() -> list[tuple[str, str]]:
    with TABLE.open(encoding="utf-8", newline="") as f:
        rows = list(csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE))[1:]
    picked = [r for r in rows if r and r[3].startswith(("RFC 3986 §5.4.1", "RFC 3986 §5.4.2"))]
    assert all(r[0] == BASE for r in picked)
    assert len(picked) >= 40
    return [(r[1], r[2]) for r in picked]


BASE = "http://a/b/c/d;p?q"
RESOLUTION = rfc_examples()


@pytest.mark.parametrize(("reference", "target"), RESOLUTION)
def test_resolve_rfc3986_5_4(reference, target):
    assert iri.resolve(BASE, reference) == target
    assert iri.parse(reference).resolve_against(BASE) == iri.parse(target)


# RFC 3987 §2.2 grammar; RFC 3986 §3 components. (text, kind, valid)
VALIDITY = [
    ("http://www.example.org/red%09ros\u00e9#red", "iri", True),  # RFC 3987 §3.1 example
    ("http://example.com/\U00010300\U00010301\U00010302", "iri", True),  # §3.1 example 2
    ("http://www.example.org/r\u00e9sum\u00e9.html", "iri", True),  # §3.2 example
    ("http://www.example.org/r\u00e9sum\u00e9.html", "uri", False),  # URI is ASCII (RFC 3986 §2)
    ("http://www.example.org/r%C3%A9sum%C3%A9.html", "uri", True),  # §3.1 mapped form
    ("//example.org/", "iri", False),  # IRI needs a scheme (RFC 3986 §3)
    ("//example.org/", "iri-reference", True),  # network-path reference (RFC 3986 §4.2)
    ("a:b:c", "iri", True),  # scheme "a" (RFC 3986 §3.1)
    ("1a:b", "iri", False),  # scheme starts with ALPHA (RFC 3986 §3.1)
    ("a:b", "relative-iri", False),
    ("./a:b", "relative-iri", True),  # RFC 3986 §4.2: a colon in the first segment needs ./
    ("http://a/#f", "absolute-iri", False),  # absolute-IRI has no fragment (RFC 3986 §4.3)
    ("http://[::1]/", "iri", True),  # IP-literal (RFC 3986 §3.2.2)
    ("http://[::1/", "iri", False),
    ("http://[v7.x:y]/", "iri", True),  # IPvFuture (RFC 3986 §3.2.2)
    ("http://a:8x/", "iri", False),  # port = *DIGIT (RFC 3986 §3.2.3)
    ("http://a/%zz", "iri", False),  # pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1)
    ("http://a/b c", "iri", False),  # space is not in ipchar
    ("http://a/\u202e", "iri", False),  # bidi formatting characters (RFC 3987 §4.1)
    ("http://a/?\ue000", "iri", True),  # iprivate only in the query (RFC 3987 §2.2)
    ("http://a/\ue000", "iri", False),
    ("http://a/\ufffe", "iri", False),  # U+FFFE is not ucschar (RFC 3987 §2.2)
    ("", "iri-reference", True),  # empty same-document reference (RFC 3986 §4.4)
]


@pytest.mark.parametrize(("text", "kind", "valid"), VALIDITY)
def test_is_valid_grammar(text, kind, valid):
    assert iri.is_valid(text, kind=kind) is valid
    if valid:
        iri.validate(text, kind)
        assert str(iri.parse(text, kind)) == text
    else:
        with pytest.raises(iri.IriError):
            iri.parse(text, kind)


def test_components_rfc3986_3():
    # RFC 3986 §3 example: foo://example.com:8042/over/there?name=ferret#nose
    r = iri.parse("foo://example.com:8042/over/there?name=ferret#nose")
    assert (r.scheme, r.authority, r.host, r.port, r.path, r.query, r.fragment) == (
        "foo",
        "example.com:8042",
        "example.com",
        8042,
        "/over/there",
        "name=ferret",
        "nose",
    )
    assert r.userinfo is None and r.host_kind == "reg-name"
    # urn:example:animal:ferret:nose
    u = iri.parse("urn:example:animal:ferret:nose")
    assert (u.scheme, u.authority, u.path) == ("urn", None, "example:animal:ferret:nose")
    assert iri.parse("http://192.0.2.1/").host_kind == "ipv4"
    assert iri.parse("http://[2001:db8::7]/").host_kind == "ipv6"
    assert iri.parse("http://[2001:db8::7]/").host == "[2001:db8::7]"
    assert iri.parse("/a").host is None and iri.parse("/a").host_kind is None


def test_error_attributes_character_and_byte_offsets():
    with pytest.raises(iri.IriError) as info:
        iri.parse("http://例え/a b")
    e = info.value
    assert isinstance(e, ValueError)
    assert e.kind == "invalid-char"
    assert e.component == "path"
    assert e.char == " "
    assert e.offset == 11  # characters
    assert e.byte_offset == 15  # UTF-8 bytes: 例 and え are 3 bytes each
    assert e.grammar == "iri-ref"
    assert e.input == "http://例え/a b"
    assert e.row is None
    assert "at byte 15" in str(e) and "path" in str(e)
    assert e.hint is None


def test_error_hints_rfc3986_3_2_2():
    # RFC 3986 §3.2.2: an IPv6 literal host is enclosed in square brackets.
    with pytest.raises(iri.IriError) as info:
        iri.parse("http://2001:db8::1/")
    assert "square brackets" in info.value.hint
    assert str(info.value).endswith("; hint: " + info.value.hint)
    with pytest.raises(iri.IriError) as info:
        iri.parse("http://[::1/")
    assert "]" in info.value.hint


def test_error_messages_match_the_library():
    with pytest.raises(iri.IriError) as info:
        iri.parse("http://a/b\u202ec")
    assert str(info.value) == (
        "invalid IRI reference: U+202E RIGHT-TO-LEFT OVERRIDE at byte 10 in the path is a "
        "bidi formatting character, which IRIs must not contain (RFC 3987 §4.1)"
    )
    assert info.value.kind == "bidi-formatting"


def test_bad_arguments_are_value_errors_not_iri_errors():
    with pytest.raises(ValueError, match="unknown kind"):
        iri.parse("a", kind="nope")
    with pytest.raises(ValueError, match="unknown level"):
        iri.normalize("a", level="nope")
    with pytest.raises(TypeError):
        iri.resolve(1, "a")


def test_bad_input_never_crashes():
    for s in ["\x00", "%", "[", "http://[", "http://a:" + "9" * 100, "\ud800".encode("utf-8", "surrogatepass").decode("utf-8", "replace"), "a" * 100000]:
        iri.is_valid(s)
        try:
            iri.parse(s)
            iri.to_uri(s)
            iri.normalize(s)
        except iri.IriError:
            pass
        iri.lint(s)
    with pytest.raises(iri.IriError):
        iri.parse("\ud800")  # a lone surrogate is not text: kind 'surrogate'
    assert iri.is_valid("\ud800") is False


def test_equality_and_hash_are_simple_string_comparison():
    # RFC 3987 §5.3.1: simple string comparison.
    a, b = iri.parse("http://example.org/~a"), iri.parse("http://example.org/%7Ea")
    assert a != b and a == iri.parse("http://example.org/~a")
    assert hash(a) == hash(iri.parse("http://example.org/~a"))
    assert len({a, b, iri.parse("http://example.org/~a")}) == 2
    assert a != "http://example.org/~a"
    assert repr(a) == "IriRef('http://example.org/~a')"


def test_pickle_round_trip():
    for r in [iri.parse("http://a/é"), iri.parse("http://a/", kind="uri"), iri.parse("a b", mode="lenient")]:
        back = pickle.loads(pickle.dumps(r))
        assert back == r and back.kind == r.kind and back.mode == r.mode and back.original == r.original


# RFC 3987 §3.1 mapping of IRIs to URIs, §3.2 back.
def test_to_uri_rfc3987_3_1():
    assert iri.to_uri("http://www.example.org/red%09ros\u00e9#red") == "http://www.example.org/red%09ros%C3%A9#red"
    assert iri.to_uri("http://example.com/\U00010300\U00010301\U00010302") == "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"
    assert iri.to_uri(iri.parse("http://a/é")) == "http://a/%C3%A9"


def test_to_iri_rfc3987_3_2():
    # §3.2.1 example: percent-encoded non-UTF-8 stays; valid UTF-8 of ucschar is decoded.
    assert iri.to_iri("http://www.example.org/r%E9sum%E9.html") == "http://www.example.org/r%E9sum%E9.html"
    assert iri.to_iri("http://www.example.org/D%C3%BCrst") == "http://www.example.org/Dürst"
    # %20 is not an IRI character: it stays encoded.
    assert iri.to_iri("http://a/b%20c") == "http://a/b%20c"
    # §4.1: bidi formatting characters stay encoded.
    assert iri.to_iri("http://a/%E2%80%AE") == "http://a/%E2%80%AE"


def test_idna():
    # RFC 3987 §3.1 (IDNA for the host); UTS #46 ToASCII.
    assert iri.to_uri("http://例え.テスト/", idna=True) == "http://xn--r8jz45g.xn--zckzah/"
    assert iri.to_iri("http://xn--r8jz45g.xn--zckzah/", idna=True) == "http://例え.テスト/"
    with pytest.raises(iri.IriError) as info:
        iri.to_uri("http://a\u00ad\u200d-.xn--a/", idna=True)
    assert info.value.kind == "idna"


def test_to_uri_charset_and_lenient():
    assert iri.to_uri("http://a/?q=é", charset="windows-1252") == "http://a/?q=%E9"
    assert iri.to_uri("http://a/é?q=é", charset="latin1") == "http://a/%C3%A9?q=%E9"
    with pytest.raises(iri.IriError) as info:
        iri.to_uri("http://a/?q=日", charset="latin1")
    assert info.value.kind == "unmappable"
    with pytest.raises(ValueError):
        iri.to_uri("http://a/", charset="no-such-charset")
    assert iri.to_uri("http://a/b c<d>", mode="lenient") == "http://a/b%20c%3Cd%3E"


def test_lenient_parse_warnings():
    r = iri.parse("http://a/b c", mode="lenient")
    assert str(r) == "http://a/b%20c" and r.original == "http://a/b c"
    [w] = r.warnings
    assert (w.offset, w.byte_offset, w.char, w.component, w.kind) == (10, 10, " ", "path", "space")
    with pytest.raises(iri.IriError):
        iri.parse("http://a/b\x01", mode="lenient")
    assert iri.parse("http://a/b\x01", mode="leiri").warnings[0].kind == "control"


# RFC 3987 §5.3 comparison ladder.
@pytest.mark.parametrize(
    ("a", "b", "level"),
    [
        ("http://example.org/", "http://example.org/", "simple"),  # §5.3.1
        ("HTTP://www.EXAMPLE.org/", "http://www.example.org/", "syntax"),  # §5.3.2.1 case
        ("http://a/%7e", "http://a/~", "syntax"),  # §5.3.2.3 percent-encoding
        ("http://a/b/../c", "http://a/c", "syntax"),  # §5.3.2.4 path segments
        ("http://example.com", "http://example.com:80/", "scheme"),  # §5.3.3
        ("http://a/", "http://b/", None),
    ],
)
def test_equivalence_ladder(a, b, level):
    assert iri.equivalence_level(a, b) == level
    if level is not None:
        assert iri.equivalent(a, b, level=level)


def test_normalize():
    assert iri.normalize("HTTP://Example.COM/a/./b/../%7e") == "http://example.com/a/~"
    assert iri.normalize("http://example.com:80", level="scheme") == "http://example.com/"
    assert iri.normalize("http://a/é", form="uri") == "http://a/%C3%A9"
    # §5.3.2.2: NFC; "e" + U+0301 → "é".
    assert iri.normalize("http://a/e\u0301", nfc=True) == "http://a/\u00e9"
    assert iri.normalize("http://a/\ufb01", nfkc=True) == "http://a/fi"
    assert iri.normalize("http://a/#x", ignore_fragment=True) == "http://a/"
    with pytest.raises(ValueError):
        iri.normalize("http://a/", nfc=True, nfkc=True)


def test_relativize():
    assert iri.relativize("http://a/b/c/d;p?q", "http://a/b/c/g") == "g"
    assert iri.relativize("http://a/b/c/d;p?q", "http://a/g") == "/g"
    assert iri.resolve("http://a/b/c/d;p?q", iri.relativize("http://a/b/c/d;p?q", "http://x/y")) == "http://x/y"
    with pytest.raises(iri.IriError) as info:
        iri.relativize("http://a/b", "http://a/./c")
    assert info.value.kind == "unreachable"


def test_display_rfc3987_4_1():
    heb = "http://example.org/\u05e9\u05dc\u05d5\u05dd"
    assert iri.display(heb) == "\u202a" + heb + "\u202c"
    assert iri.display(heb, wrap="isolate") == "\u2066" + heb + "\u2069"
    assert iri.display("http://example.org/") == "http://example.org/"


def test_lint():
    [d] = iri.lint("http://user:secret@example.org/")
    assert (d.code, d.severity, d.component, d.section) == ("password-in-userinfo", "warning", "userinfo", "RFC 3986 §3.2.1")
    assert d.span == (7, 18) and d.byte_span == (7, 18)
    codes = {d.code for d in iri.lint("http://a/e\u0301")}
    assert "not-nfc" in codes
    nfc = [d for d in iri.lint("http://a/é/e\u0301") if d.code == "not-nfc"][0]
    assert nfc.span[0] == 11 and nfc.byte_span[0] == 12  # character vs byte offsets


def test_preprocess():
    assert iri.preprocess("  http://a/b c  ") == "http://a/bc"
    assert iri.preprocess(" http://a/b c ", whitespace="encode-spaces") == "http://a/b%20c"
    assert iri.preprocess("/a&#xE9;", char_refs=True) == "/aé"
    assert iri.preprocess("é.css  b.css", multiple=True) == [(0, "é.css"), (7, "b.css")]
    with pytest.raises(iri.IriError) as info:
        iri.preprocess("  /a&#xZ;", char_refs=True)
    assert info.value.kind == "char-ref" and info.value.offset == 4


def test_extract():
    found = iri.extract("see <http://example.org/ä> or http://a/b.")
    assert [f.text for f in found] == ["http://example.org/ä", "http://a/b"]
    assert found[0].span == (5, 25) and found[0].byte_span == (5, 26)
    html = '<base href="http://a/d/"><a href="x y">1</a><img src="é">'
    found = iri.extract(html, type="html", mode="strict")
    by_place = {f.place: f for f in found}
    assert by_place["a@href"].error is not None and isinstance(by_place["a@href"].error, iri.IriError)
    assert by_place["img@src"].resolved == "http://a/d/é"
    assert by_place["img@src"].uri == "http://a/d/%C3%A9"
    docs = iri.extract('<meta charset="shift_jis"><a href="/\x93\xfa">'.encode("latin1"))
    assert docs[0].uri == "/%E6%97%A5"
    with pytest.raises(ValueError):
        iri.extract("text", charset="latin1")


def test_extract_base_and_lenient():
    found = iri.extract("<a href='b c'>", type="html", base="http://a/", mode="lenient")
    assert found[0].resolved == "http://a/b%20c" and found[0].warnings[0].kind == "space"
