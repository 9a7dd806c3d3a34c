//! Unit tests of the template parser's errors and of the matcher's state merging; the RFC's
//! examples are in `tests/template.rs`.

use super::*;

fn err(t: &str) -> (TemplateErrorKind, usize) {
    let e = Template::parse(t).unwrap_err();
    (e.kind(), e.offset())
}

#[test]
fn parse_errors_name_the_rule_and_offset() {
    use TemplateErrorKind::*;
    assert_eq!(err("{"), (UnclosedExpression, 0));
    assert_eq!(err("ab{x"), (UnclosedExpression, 2));
    assert_eq!(err("ab{x,"), (UnclosedExpression, 2));
    assert_eq!(err("{}"), (EmptyVarName, 1));
    assert_eq!(err("{x,}"), (EmptyVarName, 3));
    assert_eq!(err("{a..b}"), (EmptyVarName, 2));
    assert_eq!(err("{.a.}"), (EmptyVarName, 3));
    assert_eq!(err("{=x}"), (ReservedOperator, 1));
    assert_eq!(err("{|x}"), (ReservedOperator, 1));
    assert_eq!(err("{x:0}"), (InvalidPrefix, 3));
    assert_eq!(err("{x:10000}"), (InvalidPrefix, 3));
    assert_eq!(err("{x:}"), (InvalidPrefix, 3));
    assert_eq!(err("{x*:3}"), (InvalidVarName, 3));
    assert_eq!(err("{x-y}"), (InvalidVarName, 2));
    assert_eq!(err("{x%2}"), (InvalidPctEncoding, 2));
    assert_eq!(err("a}b"), (InvalidLiteral, 1));
    assert_eq!(err("a b"), (InvalidLiteral, 1));
    assert_eq!(err("a<b"), (InvalidLiteral, 1));
    assert_eq!(err("%zz"), (InvalidPctEncoding, 0));
    assert_eq!(err("\u{7}"), (InvalidLiteral, 0));
    assert_eq!(err("{{x}}"), (InvalidVarName, 1));
}

#[test]
fn accepted_templates() {
    for t in [
        "",
        "plain",
        "{x:9999}",
        "{a.b,c_d,%41}",
        "'{x}'",
        "é\u{E000}{x}",
        "{+x,y*}",
    ] {
        assert!(Template::parse(t).is_ok(), "{t}");
    }
}

#[test]
fn merge_keeps_the_longer_of_a_prefix_and_its_value() {
    let t = Template::parse("{x:3}/{x}").unwrap();
    let vars = t.match_uri("val/value").unwrap();
    assert_eq!(vars.get("x").unwrap().as_str(), Some("value"));
    assert_eq!(t.match_uri("val/other"), Err(MatchError::NoMatch));
}
