//! Unit tests of the builder's checks against the parser: for each component text, the
//! builder accepts exactly when the parser accepts the text it writes with the same split.

use super::*;
use alloc::format;

/// A component accepted by `check` gives a text the parser splits back the same way.
#[test]
fn check_agrees_with_the_parser() {
    let samples = [
        "",
        "a",
        "a:b",
        "a@b",
        "a/b",
        "a?b",
        "a#b",
        "%",
        "%4",
        "%41",
        "é",
        "\u{202E}",
        "\u{E000}",
        "[::1]",
        "[::1",
        "[v1.x]",
        "[1.2.3.4]",
        "1.2.3.4",
        "8080",
        "8o",
        " ",
        "\\",
        "~!$&'()*+,;=",
    ];
    for kind in [Kind::IriReference, Kind::UriReference] {
        for t in samples {
            // Path after an authority, as `s://h/<t>`.
            let text = format!("s://h/{t}");
            let path = format!("/{t}");
            let built = Builder::new().scheme("s").host("h").path(&path);
            let ok = crate::parser::parse(&text, kind)
                .map(|p| p.path_end as usize == text.len())
                .unwrap_or(false);
            assert_eq!(built.write(kind).is_ok(), ok, "path {t:?} {kind:?}");
            // Host.
            let text = format!("s://{t}/");
            let ok = crate::parser::parse(&text, kind)
                .map(|p| {
                    p.auth_end as usize == text.len() - 1
                        && crate::split::split_authority(t) == (None, t, None)
                })
                .unwrap_or(false);
            let built = Builder::new().scheme("s").host(t).path("/");
            assert_eq!(built.write(kind).is_ok(), ok, "host {t:?} {kind:?}");
            // Query.
            let text = format!("s:?{t}");
            let ok = crate::parser::parse(&text, kind)
                .map(|p| p.query_end() as usize == text.len())
                .unwrap_or(false);
            assert_eq!(
                Builder::new().scheme("s").query(t).write(kind).is_ok(),
                ok,
                "query {t:?}"
            );
        }
    }
}

#[test]
fn errors_point_into_the_written_text() {
    let e = Builder::new()
        .scheme("http")
        .userinfo("a@b")
        .host("h")
        .build()
        .unwrap_err();
    assert_eq!(
        (e.component(), e.offset(), e.char()),
        (Component::Userinfo, 8, Some('@'))
    );
    let e = Builder::new().host("h").path("/a b").build().unwrap_err();
    assert_eq!((e.component(), e.offset()), (Component::Path, 5));
    let e = Builder::new().path("//a").build().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::DoubleSlashWithoutAuthority);
    let e = Builder::new().scheme("s").path("//a").build().unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (ErrorKind::DoubleSlashWithoutAuthority, 2)
    );
    let e = Builder::new().host("h").path("%zz").build().unwrap_err();
    assert_eq!(e.hint(), Some(Hint::LiteralPercent));
}
