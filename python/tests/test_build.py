"""Making and changing IRIs: the builder, setters, encoders and query pairs (RFC 3987 §2.2,
RFC 3986 §3, §4.2), each case naming the rule it checks."""

import pytest

import iri


@pytest.mark.parametrize(
    "components, expected",
    [
        # RFC 3986 §3: every component.
        (dict(scheme="http", userinfo="u", host="例え.テスト", port="8080", path="/δ", query="q=ü", fragment="ñ"),
         "http://u@例え.テスト:8080/δ?q=ü#ñ"),
        # RFC 3986 §3.3: a rootless path with a scheme may hold ':'.
        (dict(scheme="urn", path="isbn:0451450523"), "urn:isbn:0451450523"),
        # RFC 3986 §4.2: the './' remedy for a colon in the first segment.
        (dict(path="./a:b"), "./a:b"),
        # RFC 3986 §3.2.2: an IPv6 literal.
        (dict(scheme="s", host="[::1]"), "s://[::1]"),
    ],
)
def test_build(components, expected):
    assert iri.build(**components) == expected
    assert iri.parse(expected).path == components.get("path", "")


@pytest.mark.parametrize(
    "components, kind, component, byte",
    [
        (dict(scheme="s", host="h", path="a"), "relative-path-after-authority", "path", 5),  # §3.3
        (dict(scheme="s", path="//a"), "double-slash-without-authority", "path", 2),  # §3.3
        (dict(path="%41:b"), "colon-in-first-segment", "path", 3),  # §4.2
        (dict(scheme="s", userinfo="a@b", host="h"), "invalid-char", "userinfo", 5),  # §3.2.1
        (dict(scheme="s", host="h", port="8o"), "invalid-port", "port", 7),  # §3.2.3
        (dict(path="é", uri=True), "non-ascii", "path", 0),  # RFC 3986 §2
    ],
)
def test_build_errors(components, kind, component, byte):
    with pytest.raises(iri.IriError) as e:
        iri.build(**components)
    assert (e.value.kind, e.value.component, e.value.byte_offset, e.value.offset) == (
        kind,
        component,
        byte,
        None,
    )


def test_with_components_sets_and_removes():
    s = "http://user@example.org:80/a/b?x=1#f"
    out = iri.with_components(s, scheme="https", userinfo=None, port=None, fragment=None)
    assert out == "https://example.org/a/b?x=1"
    r = iri.parse(iri.with_components(s, host="例え.テスト", path="/ü", query="q"))
    assert (r.host, r.path, r.query) == ("例え.テスト", "/ü", "q")
    assert iri.with_components(s, authority=None, path="/p") == "http:/p?x=1#f"
    # A failed edit raises; the value given is what the accessor returns otherwise.
    with pytest.raises(iri.IriError) as e:
        iri.with_components(s, query="a#b")
    assert e.value.kind == "invalid-char"
    with pytest.raises(ValueError):
        iri.with_components(s, nonsense="x")
    with pytest.raises(ValueError):
        iri.with_components(s, host=None)


def test_segments():
    assert iri.push_path_segment("http://a", "b c") == "http://a/b%20c"
    assert iri.push_path_segment("http://a/b/", "..") == "http://a/b/%2E%2E"
    assert iri.push_path_segment("http://a/", "é", uri=True) == "http://a/%C3%A9"
    assert iri.pop_path_segment("http://a/b/c") == "http://a/b"
    assert iri.pop_path_segment("http://a") == "http://a"


def test_query_pairs_and_edits_keep_other_bytes():
    s = "http://a/?x=%31&y=a+b&x=3&flag#f"
    assert iri.query_pairs(s) == [("x", "1"), ("y", "a+b"), ("x", "3"), ("flag", None)]
    assert iri.query_pairs(s, form=True)[1] == ("y", "a b")
    assert iri.set_query_pair(s, "x", "9") == "http://a/?x=9&y=a+b&flag#f"
    assert iri.remove_query_pairs(s, "x") == "http://a/?y=a+b&flag#f"
    assert iri.append_query_pair(s, "z", "ü &") == "http://a/?x=%31&y=a+b&x=3&flag&z=ü%20%26#f"
    assert iri.append_query_pair("http://a/", "q", "a b", form=True) == "http://a/?q=a+b"
    assert iri.query_pairs("http://a/?a=1;b=2", semicolon=True) == [("a", "1"), ("b", "2")]


@pytest.mark.parametrize("component", ["path-segment", "query-part", "form", "fragment", "userinfo"])
@pytest.mark.parametrize("raw", ["", "a b", "100%", "x/y?z#w", "ü€𐌀", "a&b=c+d;e", "\u202e", ".."])
@pytest.mark.parametrize("uri", [False, True])
def test_encode_then_decode_is_the_identity(component, raw, uri):
    encoded = iri.encode(raw, component, uri=uri)
    assert iri.decode(encoded, form=component == "form") == raw
    if uri:
        assert encoded.isascii()
    # The encoding is a valid component of its kind.
    parts = {
        "path-segment": dict(scheme="s", host="h", path="/" + encoded),
        "query-part": dict(scheme="s", query=encoded),
        "form": dict(scheme="s", query=encoded),
        "fragment": dict(scheme="s", fragment=encoded),
        "userinfo": dict(scheme="s", userinfo=encoded, host="h"),
    }[component]
    iri.build(**parts, uri=uri)


def test_unknown_encode_component():
    with pytest.raises(ValueError):
        iri.encode("x", "host")
