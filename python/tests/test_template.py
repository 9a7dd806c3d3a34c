"""iri.Template: URI Templates (RFC 6570) — the RFC's examples (§3.2), both output forms,
values of every type, errors, and matching back (expand(match(t, u)) == u)."""

import pytest

import iri

# RFC 6570 §3.2.1's variables (those the rows below use), in the RFC's order.
RFC_VARS = {
    "count": ["one", "two", "three"],
    "dom": ["example", "com"],
    "dub": "me/too",
    "hello": "Hello World!",
    "half": "50%",
    "var": "value",
    "who": "fred",
    "base": "http://example.com/home/",
    "path": "/foo/bar",
    "list": ["red", "green", "blue"],
    "keys": {"semi": ";", "dot": ".", "comma": ","},
    "v": "6",
    "x": "1024",
    "y": "768",
    "empty": "",
    "empty_keys": {},
    "undef": None,
}

RFC_ROWS = [
    ("3.2.1", "{count*}", "one,two,three"),
    ("3.2.1", "{/count*}", "/one/two/three"),
    ("3.2.1", "{;count*}", ";count=one;count=two;count=three"),
    ("3.2.2", "{hello}", "Hello%20World%21"),
    ("3.2.2", "{half}", "50%25"),
    ("3.2.2", "O{undef}X", "OX"),
    ("3.2.2", "?{x,empty}", "?1024,"),
    ("3.2.2", "{keys}", "semi,%3B,dot,.,comma,%2C"),
    ("3.2.3", "{+base}index", "http://example.com/home/index"),
    ("3.2.3", "{+keys*}", "semi=;,dot=.,comma=,"),
    ("3.2.4", "foo{#empty}", "foo#"),
    ("3.2.4", "{#path:6}/here", "#/foo/b/here"),
    ("3.2.5", "www{.dom*}", "www.example.com"),
    ("3.2.5", "X{.empty_keys*}", "X"),
    ("3.2.6", "{/who,dub}", "/fred/me%2Ftoo"),
    ("3.2.6", "{/list*,path:4}", "/red/green/blue/%2Ffoo"),
    ("3.2.7", "{;v,empty,who}", ";v=6;empty;who=fred"),
    ("3.2.7", "{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    ("3.2.8", "{?x,y,empty}", "?x=1024&y=768&empty="),
    ("3.2.8", "{?list*}", "?list=red&list=green&list=blue"),
    ("3.2.9", "?fixed=yes{&x}", "?fixed=yes&x=1024"),
    ("3.2.9", "{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
]


@pytest.mark.parametrize("section,template,expected", RFC_ROWS)
def test_rfc6570_examples(section, template, expected):
    t = iri.Template(template)
    assert t.expand(RFC_VARS) == expected, section
    assert t.expand(RFC_VARS, iri=True) == expected, section
    found = t.match(expected)
    assert found is not None
    assert t.expand(found) == expected


def test_iri_form_maps_to_uri_form():
    t = iri.Template("http://例え.jp/ü/{city}{?q}")
    v = {"city": "Zürich", "q": "a b"}
    uri = t.expand(v)
    text = t.expand(v, iri=True)
    assert uri == "http://%E4%BE%8B%E3%81%88.jp/%C3%BC/Z%C3%BCrich?q=a%20b"
    assert text == "http://例え.jp/ü/Zürich?q=a%20b"
    assert iri.to_uri(text) == uri


def test_values_of_every_type_and_keywords_win():
    t = iri.Template("{n}{/l*}{?m*}")
    assert t.expand({"n": 6, "l": ("a", 1.5), "m": {"k": "v"}}) == "6/a/1.5?k=v"
    assert t.expand({"n": 1}, n=2) == "2"
    assert t.expand({"n": 1}, n=None) == ""
    with pytest.raises(TypeError):
        t.expand(n=object())
    with pytest.raises(TypeError):
        t.expand(["not", "a", "mapping"])


def test_errors_are_iri_errors_with_kind_and_offset():
    with pytest.raises(iri.IriError) as e:
        iri.Template("/ab{x")
    assert (e.value.kind, e.value.offset) == ("unclosed-expression", 3)
    with pytest.raises(iri.IriError) as e:
        iri.Template("é{!x}")
    assert (e.value.kind, e.value.offset) == ("reserved-operator", 2)
    with pytest.raises(iri.IriError) as e:
        iri.Template("{l:2}").expand(l=["a"])
    assert e.value.kind == "prefix-on-composite"
    with pytest.raises(iri.IriError) as e:
        iri.Template("{a}{b}{c}{d}{e}{f}x").match("a" * 2000)
    assert e.value.kind == "too-complex"


def test_match():
    t = iri.Template("/search{?q,tags*}{#frag}")
    assert t.match("/search?q=caf%C3%A9&tags=a&tags=b#top") == {
        "q": "café",
        "tags": ["a", "b"],
        "frag": "top",
    }
    assert t.match("/elsewhere") is None
    assert t.match("/search?q=café") == {"q": "café"}
    assert t.match("/search?q=café", iri=False) is None
    assert t.match("/search?q=caf%C3%A9", iri=True) is None
    m = iri.Template("{?m*}").match("?a=1&b=")
    assert m == {"m": {"a": "1", "b": ""}}


def test_match_expands_back_on_many_texts():
    t = iri.Template("{+base}{/path*}{?q*}{#f}")
    for text in ["http://h/x/a/b%20c?k=v&z=#frag", "", "/a", "?x=1", "#", "http://h"]:
        found = t.match(text)
        if found is not None:
            assert t.expand(found) == text


def test_str_repr_eq_hash():
    t = iri.Template("{x}'")
    assert str(t) == "{x}'"
    assert repr(t) == "Template('{x}\\'')"
    assert t == iri.Template("{x}'")
    assert len({t, iri.Template("{x}'")}) == 1
    assert t.template == "{x}'"
