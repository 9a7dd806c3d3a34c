"""JSON Schema ``format`` checks, in the shape of the JSON-Schema-Test-Suite (a schema, then
data and whether it is valid), with data written from RFC 3987 and RFC 3986."""

import jsonschema
import pytest

import iri
import iri.jsonschema

SUITE = [
    {
        "description": "format: iri (RFC 3987 IRI)",
        "schema": {"format": "iri"},
        "tests": [
            ("an IRI with non-ASCII path (RFC 3987 §3.2 example)", "http://www.example.org/résumé.html", True),
            ("an IRI with a non-BMP character (RFC 3987 §3.1)", "http://example.com/\U00010300", True),
            ("an IPv6 literal (RFC 3986 §3.2.2)", "http://[2001:db8::7]/c=GB?objectClass?one", True),
            ("a URN (RFC 3986 §3 example)", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2", True),
            ("a relative reference is not an IRI", "/résumé", False),
            ("a space is not allowed (RFC 3987 §2.2)", "http://example.org/a b", False),
            ("a bidi formatting character (RFC 3987 §4.1)", "http://example.org/\u202e", False),
            ("a bad percent-encoding (RFC 3986 §2.1)", "http://example.org/%GG", False),
            ("a non-digit port (RFC 3986 §3.2.3)", "http://example.org:8o/", False),
            ("a non-string is ignored", 12, True),
        ],
    },
    {
        "description": "format: iri-reference (RFC 3987 IRI-reference)",
        "schema": {"format": "iri-reference"},
        "tests": [
            ("a relative reference", "../résumé#top", True),
            ("a fragment only (RFC 3986 §4.4)", "#ñ", True),
            ("an empty reference", "", True),
            ("a colon in the first segment (RFC 3986 §4.2)", "a:b", True),
            ("a backslash", "\\\\WINDOWS\\file", False),
            ("an unmatched bracket", "http://[::1/", False),
        ],
    },
    {
        "description": "format: uri (RFC 3986 URI)",
        "schema": {"format": "uri"},
        "tests": [
            ("an ASCII URI", "http://www.example.org/r%C3%A9sum%C3%A9.html", True),
            ("non-ASCII is not a URI (RFC 3986 §2)", "http://www.example.org/résumé.html", False),
            ("a relative reference is not a URI", "//example.org/", False),
            ("ldap example (RFC 3986 §1.1.2)", "ldap://[2001:db8::7]/c=GB?objectClass?one", True),
        ],
    },
    {
        "description": "format: uri-reference (RFC 3986 URI-reference)",
        "schema": {"format": "uri-reference"},
        "tests": [
            ("a relative reference", "../a?b#c", True),
            ("non-ASCII is not a URI reference", "../é", False),
            ("a space", "a b", False),
        ],
    },
]

CASES = [(group["schema"], desc, data, valid) for group in SUITE for desc, data, valid in group["tests"]]


@pytest.mark.parametrize(("schema", "description", "data", "valid"), CASES, ids=[c[1] for c in CASES])
def test_suite(schema, description, data, valid):
    validator = jsonschema.Draft202012Validator(schema, format_checker=iri.jsonschema.FORMAT_CHECKER)
    assert validator.is_valid(data) is valid


def test_register_on_a_checker_and_the_cause_is_the_iri_error():
    checker = iri.jsonschema.register(jsonschema.FormatChecker(formats=()))
    assert set(iri.jsonschema.FORMATS) <= set(checker.checkers)
    with pytest.raises(jsonschema.exceptions.FormatError) as info:
        checker.check("http://a/b c", "iri")
    cause = info.value.cause
    assert isinstance(cause, iri.IriError) and cause.kind == "invalid-char" and cause.offset == 10


def test_error_message_through_validate():
    with pytest.raises(jsonschema.ValidationError, match="is not a 'uri'"):
        jsonschema.validate("http://é/", {"format": "uri"}, format_checker=iri.jsonschema.FORMAT_CHECKER)
