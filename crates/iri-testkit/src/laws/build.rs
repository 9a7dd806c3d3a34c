//! The laws of making and changing references (the library's `build` module): the builder
//! accepts exactly the components that the parser splits back from the text it writes
//! (RFC 3987 §2.2, RFC 3986 §3, §4.2); what a setter sets is what the accessor returns, the
//! result parses with the same positions and every other component is unchanged, and a
//! failed setter leaves the value as it was; a raw segment pushed is its encoding pushed;
//! encode then decode gives the raw text back and
//! the encoding is a valid component; query pair edits keep the other pairs' bytes.

use iri::{encode, Builder, Form, IriRef, Kind, PairSyntax, UriRef};

use super::text;

/// The components of a reference as the accessors give them.
type Parts<'a> = (
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    Option<&'a str>,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
);

fn parts<'a>(r: &'a IriRef<&'a str>) -> Parts<'a> {
    (
        r.scheme(),
        r.userinfo(),
        r.host_str(),
        r.port(),
        r.path(),
        r.query(),
        r.fragment(),
    )
}

/// The fuzzer's text cut into pieces at line feeds; the first byte chooses what is present.
fn pieces(data: &[u8]) -> (u8, Vec<String>) {
    let (choice, rest) = data.split_first().map_or((0, &[][..]), |(c, r)| (*c, r));
    let s = text(rest);
    (choice, s.split('\n').map(str::to_string).collect())
}

/// The whole set of laws, on the fuzzer's bytes.
pub fn builder(data: &[u8]) {
    let (choice, p) = pieces(data);
    let get = |i: usize| p.get(i).map(String::as_str);
    built_as_parsed(choice, &get);
    setters(choice, get(0).unwrap_or(""), get(1).unwrap_or(""));
    raw_segment(get(0).unwrap_or(""), get(1).unwrap_or(""));
    encoders(get(0).unwrap_or(""));
    query_edits(get(0).unwrap_or(""), get(1).unwrap_or(""), get(2), choice);
}

/// The builder against the parser: with components chosen by `choice`'s bits, building
/// succeeds exactly when the written text parses back to the same components.
fn built_as_parsed<'a>(choice: u8, get: &dyn Fn(usize) -> Option<&'a str>) {
    let has = |bit: u8| choice & (1 << bit) != 0;
    let scheme = has(0).then(|| get(0)).flatten();
    let userinfo = has(1).then(|| get(1)).flatten();
    let host = has(2).then(|| get(2)).flatten();
    let port = has(3).then(|| get(3)).flatten();
    let path = get(4).unwrap_or("");
    let query = has(4).then(|| get(5)).flatten();
    let fragment = has(5).then(|| get(6)).flatten();
    let uri = has(6);
    let mut b = Builder::new().path(path);
    let mut text = String::new();
    if let Some(s) = scheme {
        b = b.scheme(s);
        text += s;
        text += ":";
    }
    if let Some(u) = userinfo {
        b = b.userinfo(u);
    }
    if let Some(h) = host {
        b = b.host(h);
    }
    if let Some(p) = port {
        b = b.port(p);
    }
    let has_auth = userinfo.is_some() || host.is_some() || port.is_some();
    if has_auth {
        text += "//";
        if let Some(u) = userinfo {
            text += u;
            text += "@";
        }
        text += host.unwrap_or("");
        if let Some(p) = port {
            text += ":";
            text += p;
        }
    }
    text += path;
    if let Some(q) = query {
        b = b.query(q);
        text += "?";
        text += q;
    }
    if let Some(f) = fragment {
        b = b.fragment(f);
        text += "#";
        text += f;
    }
    let want = (
        scheme,
        userinfo,
        has_auth.then(|| host.unwrap_or("")),
        port,
        path,
        query,
        fragment,
    );
    let kind = if uri {
        Kind::UriReference
    } else {
        Kind::IriReference
    };
    let oracle = iri::validate(&text, kind).is_ok() && {
        let r = IriRef::parse(text.as_str()).unwrap();
        parts(&r) == want
    };
    let built = if uri {
        b.build_uri_ref().map(|u| u.into_inner())
    } else {
        b.build().map(|r| r.into_inner())
    };
    match built {
        Ok(s) => {
            assert!(oracle, "{want:?}: built {s:?}, which does not split back");
            assert_eq!(s, text, "{want:?}: built text");
        }
        Err(e) => {
            assert!(
                !oracle,
                "{want:?}: refused ({e}) though {text:?} splits back"
            );
            assert!(e.offset() <= text.len(), "{want:?}: offset past the text");
            assert!(
                text.is_char_boundary(e.offset()),
                "{want:?}: offset in a character"
            );
            let _ = e.to_string();
        }
    }
}

/// Whether a setter's value is what the accessor returns.
type Check = fn(&IriRef<&str>, &str) -> bool;

/// Each setter on a parsed reference `base` with the value `v`.
fn setters(choice: u8, base: &str, v: &str) {
    let Ok(r) = IriRef::parse(base.to_string()) else {
        return;
    };
    let mut m = r.clone();
    let before = m.clone();
    let (result, check): (Result<(), iri::ParseError>, Check) = match choice % 11 {
        0 => (m.set_scheme(v), |r, v| r.scheme() == Some(v)),
        1 => (m.set_authority(Some(v)), |r, v| r.authority() == Some(v)),
        2 => (m.set_userinfo(Some(v)), |r, v| r.userinfo() == Some(v)),
        3 => (m.set_host(v), |r, v| r.host_str() == Some(v)),
        4 => (m.set_port(Some(v)), |r, v| r.port() == Some(v)),
        5 => (m.set_path(v), |r, v| r.path() == v),
        6 => (m.set_query(Some(v)), |r, v| r.query() == Some(v)),
        7 => (m.set_fragment(Some(v)), |r, v| r.fragment() == Some(v)),
        8 => (m.push_path_segment(v), |r, v| {
            v.is_empty() || r.path_segments().last() == Some(v)
        }),
        9 => (
            m.set_path_segment(usize::from(choice >> 4), v).map(|_| ()),
            |_, _| true,
        ),
        _ => {
            let removed = [
                m.set_authority(None),
                m.set_userinfo(None),
                m.set_port(None),
                m.set_query(None),
                m.set_fragment(None),
                m.remove_scheme(),
            ];
            let _ = m.pop_path_segment();
            (
                removed.into_iter().find(Result::is_err).unwrap_or(Ok(())),
                |_, _| true,
            )
        }
    };
    // Whatever happened, the value is valid and its positions are the parser's.
    let reparsed = IriRef::parse(m.as_str()).unwrap_or_else(|e| {
        panic!("{base:?} / {v:?} (choice {choice}): setter wrote {m:?}, which fails: {e}")
    });
    assert_eq!(
        parts(&reparsed),
        parts(&m.as_borrowed()),
        "{base:?} / {v:?}: positions"
    );
    match result {
        Ok(()) => assert!(check(&m.as_borrowed(), v), "{base:?} / {v:?}: set {m:?}"),
        Err(_) if choice % 11 < 10 => assert_eq!(
            m, before,
            "{base:?} / {v:?}: failed setter changed the value"
        ),
        Err(_) => {}
    }
}

/// Pushing raw text as a segment, encoded in place, does what encoding it and pushing the
/// segment does: the same text and positions, or the same error and an unchanged value; in
/// both forms.
fn raw_segment(base: &str, raw: &str) {
    macro_rules! same_as_encoded_push {
        ($t:ident, $form:expr, $view:ident) => {
            if let Ok(r) = $t::parse(base.to_string()) {
                let (mut a, mut b) = (r.clone(), r);
                let ra = a.push_raw_path_segment(raw);
                let rb = b.push_path_segment(&encode::path_segment(raw, $form));
                assert_eq!(ra, rb, "{base:?} / {raw:?}: {:?} result", $form);
                assert_eq!(a, b, "{base:?} / {raw:?}: {:?} text", $form);
                let reparsed = $t::parse(a.as_str()).unwrap_or_else(|e| panic!("{a:?}: {e}"));
                let (x, y) = (reparsed.$view(), a.$view());
                assert_eq!(parts(&x), parts(&y), "{base:?} / {raw:?}: positions");
            }
        };
    }
    // The views with the value's own positions, to compare with the parser's.
    same_as_encoded_push!(IriRef, Form::Iri, as_borrowed);
    same_as_encoded_push!(UriRef, Form::Uri, as_iri_ref);
}

/// Encode then decode is the identity; each encoding is a valid component.
fn encoders(raw: &str) {
    for form in [Form::Iri, Form::Uri] {
        let seg = encode::path_segment(raw, form);
        assert_eq!(encode::decode(&seg), raw, "segment {raw:?}");
        assert!(!seg.contains('/') && seg != "." && seg != "..");
        let q = encode::query_part(raw, form);
        assert_eq!(encode::decode(&q), raw, "query part {raw:?}");
        assert!(!q.contains(['&', '=', ';', '+']));
        let f = encode::form_part(raw, form);
        assert_eq!(encode::decode_form(&f), raw, "form part {raw:?}");
        let fr = encode::fragment(raw, form);
        assert_eq!(encode::decode(&fr), raw, "fragment {raw:?}");
        let u = encode::userinfo(raw, form);
        assert_eq!(encode::decode(&u), raw, "userinfo {raw:?}");
        let path = format!("/{seg}");
        let query = format!("{q}={f}");
        let b = Builder::new()
            .scheme("s")
            .userinfo(&u)
            .host("h")
            .path(&path)
            .query(&query)
            .fragment(&fr);
        if form == Form::Uri {
            let built = b.build_uri_ref().unwrap_or_else(|e| panic!("{raw:?}: {e}"));
            assert!(built.as_str().is_ascii());
        } else {
            b.build().unwrap_or_else(|e| panic!("{raw:?}: {e}"));
        }
    }
}

/// Appending, setting and removing a pair keep the bytes of the other pairs.
fn query_edits(query: &str, name: &str, value: Option<&str>, choice: u8) {
    let Ok(mut r) = UriRef::parse(format!("s:?{query}")) else {
        return;
    };
    let syntax = if choice & 1 == 0 {
        PairSyntax::PLAIN
    } else {
        PairSyntax::FORM
    };
    let raw = |r: &UriRef| -> Vec<(String, Option<String>)> {
        r.query_pairs(syntax)
            .map(|p| (p.raw_name().to_string(), p.raw_value().map(str::to_string)))
            .collect()
    };
    let others = |r: &UriRef| -> Vec<(String, Option<String>)> {
        r.query_pairs(syntax)
            .filter(|p| p.name() != name)
            .map(|p| (p.raw_name().to_string(), p.raw_value().map(str::to_string)))
            .collect()
    };
    if name.is_empty() && value.is_none() {
        // An empty name without `=` writes no pair.
        return;
    }
    let before = raw(&r);
    let kept = others(&r);
    r.append_query_pair(name, value, syntax).unwrap();
    UriRef::parse(r.as_str()).unwrap();
    let after = raw(&r);
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "{query:?}: append changed a pair"
    );
    let last = r.query_pairs(syntax).last().unwrap();
    assert_eq!(
        (last.name(), last.raw_value().is_some()),
        (name.into(), value.is_some())
    );
    assert_eq!(last.value(), value.unwrap_or(""));
    r.set_query_pair(name, Some("v"), syntax).unwrap();
    UriRef::parse(r.as_str()).unwrap();
    let named: Vec<_> = r.query_pairs(syntax).filter(|p| p.name() == name).collect();
    assert_eq!(named.len(), 1, "{query:?}: set left {named:?}");
    assert_eq!(named[0].value(), "v");
    assert_eq!(others(&r), kept, "{query:?}: set changed another pair");
    assert_eq!(r.remove_query_pairs(name, syntax), 1);
    UriRef::parse(r.as_str()).unwrap();
    assert_eq!(others(&r), kept, "{query:?}: remove changed another pair");
}
