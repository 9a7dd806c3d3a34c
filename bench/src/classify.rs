//! Explaining why two normalized references differ: a one-line kind for each disagreement
//! between our normalization and a peer's, found component by component.
//!
//! Both texts are split with fluent-uri's parser (it also accepts what ours rejects, such as a
//! decoded bidi formatting character in a peer's output). Then each component that differs is
//! explained by the first rule that fits: a port dropped, an IPv6 literal rewritten, ASCII
//! letters lower-cased in a host, a percent-encoding decoded on one side only or written in
//! another case, dot segments left in a path. Whatever no rule explains is reported as such.

/// The components of one reference.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Split {
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
}

fn split(s: &str) -> Option<Split> {
    let r = fluent_uri::IriRef::parse(s).ok()?;
    let auth = r.authority();
    let owned = |s: &str| s.to_string();
    Some(Split {
        scheme: r.scheme().map(|s| owned(s.as_str())),
        userinfo: auth
            .as_ref()
            .and_then(|a| a.userinfo())
            .map(|u| owned(u.as_str())),
        host: auth.as_ref().map(|a| owned(a.host())),
        port: auth
            .as_ref()
            .and_then(|a| a.port())
            .map(|p| owned(p.as_str())),
        path: owned(r.path().as_str()),
        query: r.query().map(|q| owned(q.as_str())),
        fragment: r.fragment().map(|f| owned(f.as_str())),
    })
}

/// Whether a path holds a `.` or `..` segment.
fn has_dot_segment(path: &str) -> bool {
    path.split('/').any(|seg| seg == "." || seg == "..")
}

/// One octet of a component: its value, whether it was percent-encoded, and the triplet as
/// written (for the hex case).
#[derive(Debug, Clone, Copy)]
struct Octet<'a> {
    value: u8,
    encoded: Option<&'a str>,
}

fn octets(s: &str) -> Vec<Octet<'_>> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push(Octet {
                    value: (h * 16 + l) as u8,
                    encoded: Some(&s[i..i + 3]),
                });
                i += 3;
                continue;
            }
        }
        out.push(Octet {
            value: b[i],
            encoded: None,
        });
        i += 1;
    }
    out
}

/// What kind of character the octet at `i` belongs to, for the explanation.
fn char_kind(o: &[Octet<'_>], i: usize, component: &str) -> String {
    let v = o[i].value;
    if v < 0x80 {
        let c = v as char;
        return if c.is_ascii_alphanumeric() || "-._~".contains(c) {
            "unreserved ASCII".to_string()
        } else {
            format!("ASCII `{c}` (reserved or not allowed)")
        };
    }
    // Back to the lead octet of the UTF-8 sequence, then decode it.
    let mut start = i;
    while start > 0 && (0x80..0xC0).contains(&o[start].value) && i - start < 3 {
        start -= 1;
    }
    let bytes: Vec<u8> = o[start..(start + 4).min(o.len())]
        .iter()
        .map(|o| o.value)
        .collect();
    let c = (1..=bytes.len())
        .rev()
        .find_map(|n| std::str::from_utf8(&bytes[..n]).ok())
        .and_then(|s| s.chars().next())
        .filter(|c| !c.is_ascii());
    let Some(c) = c else {
        return "an octet that is not UTF-8".to_string();
    };
    let cp = c as u32;
    let what = if iri::is_bidi_formatting(cp) {
        "bidi formatting character"
    } else if iri::is_iprivate(cp) {
        if component == "query" {
            "private-use character (iprivate, allowed in the query)"
        } else {
            "private-use character (not allowed outside the query)"
        }
    } else if iri::is_ucschar(cp) {
        "ucschar"
    } else {
        "non-ASCII character that is not ucschar"
    };
    what.to_string()
}

/// Explains a difference inside one component's text, if it is one of percent-encoding.
fn explain_percent(component: &str, ours: &str, peer: &str) -> Option<String> {
    let (o, p) = (octets(ours), octets(peer));
    if o.len() != p.len() || o.iter().zip(&p).any(|(a, b)| a.value != b.value) {
        return None;
    }
    for (i, (a, b)) in o.iter().zip(&p).enumerate() {
        match (a.encoded, b.encoded) {
            (Some(_), None) => {
                return Some(format!(
                    "peer decodes a percent-encoded {} in the {component}, ours keeps it encoded",
                    char_kind(&o, i, component)
                ));
            }
            (None, Some(_)) => {
                return Some(format!(
                    "peer keeps a percent-encoded {} in the {component}, ours decodes it",
                    char_kind(&o, i, component)
                ));
            }
            (Some(x), Some(y)) if x != y => {
                let (lower, upper) = if y == y.to_ascii_uppercase() {
                    ("ours", "peer")
                } else {
                    ("peer", "ours")
                };
                return Some(format!(
                    "{lower} writes the hex digits of a percent-encoding in the {component} in \
                     lower case, {upper} in upper case (RFC 3987 §5.3.2.1: upper)"
                ));
            }
            _ => {}
        }
    }
    None
}

fn explain_text(component: &str, ours: &str, peer: &str) -> String {
    explain_percent(component, ours, peer)
        .unwrap_or_else(|| format!("{component} differs otherwise"))
}

fn explain_opt(component: &str, ours: &Option<String>, peer: &Option<String>) -> Option<String> {
    match (ours, peer) {
        (a, b) if a == b => None,
        (Some(a), Some(b)) => Some(explain_text(component, a, b)),
        (Some(_), None) => Some(format!("peer drops the {component}")),
        (None, Some(_)) => Some(format!("peer adds a {component}")),
        (None, None) => None,
    }
}

/// A one-line explanation of why `peer`'s normalization of a reference differs from `ours`;
/// several differences are joined with `; `.
pub fn explain(ours: &str, peer: &str) -> String {
    let (Some(o), Some(p)) = (split(ours), split(peer)) else {
        return "one output does not parse as an IRI reference".to_string();
    };
    let mut why: Vec<String> = Vec::new();
    if o.scheme != p.scheme {
        why.push("scheme differs".to_string());
    }
    why.extend(explain_opt("userinfo", &o.userinfo, &p.userinfo));
    match (&o.host, &p.host) {
        (Some(a), Some(b)) if a != b => {
            why.push(if a.starts_with('[') {
                "peer rewrites the IPv6 literal in RFC 5952 form, ours only lower-cases it"
                    .to_string()
            } else if a.to_ascii_lowercase() == *b {
                "peer lower-cases ASCII letters of a host that is not US-ASCII-only, ours \
                 lower-cases only US-ASCII-only hosts (RFC 3987 §5.3.2.1)"
                    .to_string()
            } else {
                explain_text("host", a, b)
            });
        }
        (a, b) if a != b => why.push("authority present on one side only".to_string()),
        _ => {}
    }
    match (&o.port, &p.port) {
        (Some(a), None) if a.is_empty() => {
            why.push("peer drops an empty port, ours only at the scheme level (§5.3.3)".to_string())
        }
        (Some(_), None) => why.push(
            "peer drops the scheme's default port, ours only at the scheme level (§5.3.3)"
                .to_string(),
        ),
        (a, b) if a != b => why.push("port differs".to_string()),
        _ => {}
    }
    if o.path != p.path {
        let e = explain_percent("path", &o.path, &p.path).unwrap_or_else(|| {
            let rootless = !o.path.starts_with('/');
            match (has_dot_segment(&o.path), has_dot_segment(&p.path)) {
                (false, true) if rootless && o.scheme.is_some() => {
                    "peer keeps dot segments in a rootless path, ours removes them from every \
                     reference with a scheme"
                        .to_string()
                }
                (false, true) => "peer keeps dot segments, ours removes them".to_string(),
                (true, false) => "peer removes dot segments, ours keeps them".to_string(),
                _ => "path differs otherwise".to_string(),
            }
        });
        why.push(e);
    }
    why.extend(explain_opt("query", &o.query, &p.query));
    why.extend(explain_opt("fragment", &o.fragment, &p.fragment));
    if why.is_empty() {
        why.push("same components, different text".to_string());
    }
    why.join("; ")
}

#[cfg(test)]
mod tests {
    use super::explain;

    #[test]
    fn kinds() {
        assert_eq!(
            explain("http://a:/b", "http://a/b"),
            "peer drops an empty port, ours only at the scheme level (§5.3.3)"
        );
        assert_eq!(
            explain("http://a:80/b", "http://a/b"),
            "peer drops the scheme's default port, ours only at the scheme level (§5.3.3)"
        );
        assert!(explain("http://[::A:0:0:1]/", "http://[::a:0:0:1]/").starts_with("peer rewrites"));
        assert!(explain("http://Bücher.DE/", "http://bücher.de/").starts_with("peer lower-cases"));
        assert_eq!(
            explain("http://a/%E2%80%8F", "http://a/\u{200F}"),
            "peer decodes a percent-encoded bidi formatting character in the path, ours keeps \
             it encoded"
        );
        assert_eq!(
            explain("http://a/?\u{E000}", "http://a/?%EE%80%80"),
            "peer keeps a percent-encoded private-use character (iprivate, allowed in the \
             query) in the query, ours decodes it"
        );
        assert_eq!(
            explain("http://a%2fb.com/", "http://a%2Fb.com/"),
            "ours writes the hex digits of a percent-encoding in the host in lower case, peer \
             in upper case (RFC 3987 §5.3.2.1: upper)"
        );
        assert!(explain("http://a/%2F", "http://a/%2f").starts_with("peer writes the hex"));
        assert_eq!(
            explain("http://a/~", "http://a/%7E"),
            "peer keeps a percent-encoded unreserved ASCII in the path, ours decodes it"
        );
        assert_eq!(
            explain("http://a/%2F", "http://a//"),
            "peer decodes a percent-encoded ASCII `/` (reserved or not allowed) in the path, \
             ours keeps it encoded"
        );
        assert_eq!(explain("http://a/b", "http://a/b#"), "peer adds a fragment");
        assert!(explain("foo:b", "foo:a/../b").starts_with("peer keeps dot segments in a rootless"));
        assert_eq!(
            explain("http://a:/%E2%80%8F", "http://a/\u{200F}"),
            "peer drops an empty port, ours only at the scheme level (§5.3.3); peer decodes a \
             percent-encoded bidi formatting character in the path, ours keeps it encoded"
        );
    }
}
