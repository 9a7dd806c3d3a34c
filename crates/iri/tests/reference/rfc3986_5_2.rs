//! A literal transcription of RFC 3986 §5.2: the pseudocode of §5.2.2 (strict), `merge` of
//! §5.2.3, `remove_dot_segments` of §5.2.4, the recomposition of §5.3 and the component split
//! of Appendix B, with the RFC's own names (`R`, `Base`, `T`, the input and output buffers).
//!
//! Slow and obvious on purpose: strings are copied, buffers are rewritten from the front,
//! nothing is searched more cleverly than the RFC says. The one reference the resolution
//! tests check against: used by the library's `tests/reference_resolve.rs` and by its own unit
//! tests (`src/resolve/tests.rs`).

/// The five components of RFC 3986 §5.2.2 (`undefined` is `None`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Components {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// `parse(R)`: RFC 3986 Appendix B,
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, group by group.
pub fn parse(s: &str) -> Components {
    let mut rest = s;
    let mut c = Components::default();
    // (([^:/?#]+):)?
    if let Some(k) = rest.find([':', '/', '?', '#']) {
        if k > 0 && rest.as_bytes()[k] == b':' {
            c.scheme = Some(rest[..k].to_string());
            rest = &rest[k + 1..];
        }
    }
    // (//([^/?#]*))?
    if let Some(after) = rest.strip_prefix("//") {
        let k = after.find(['/', '?', '#']).unwrap_or(after.len());
        c.authority = Some(after[..k].to_string());
        rest = &after[k..];
    }
    // ([^?#]*)
    let k = rest.find(['?', '#']).unwrap_or(rest.len());
    c.path = rest[..k].to_string();
    rest = &rest[k..];
    // (\?([^#]*))?
    if let Some(after) = rest.strip_prefix('?') {
        let k = after.find('#').unwrap_or(after.len());
        c.query = Some(after[..k].to_string());
        rest = &after[k..];
    }
    // (#(.*))?
    if let Some(after) = rest.strip_prefix('#') {
        c.fragment = Some(after.to_string());
    }
    c
}

/// RFC 3986 §5.2.2, strict: the pseudocode line for line.
pub fn transform_references(r: &str, base: &str) -> String {
    let r = parse(r);
    let base = parse(base);
    let mut t = Components::default();
    if r.scheme.is_some() {
        t.scheme = r.scheme.clone();
        t.authority = r.authority.clone();
        t.path = remove_dot_segments(&r.path);
        t.query = r.query.clone();
    } else {
        if r.authority.is_some() {
            t.authority = r.authority.clone();
            t.path = remove_dot_segments(&r.path);
            t.query = r.query.clone();
        } else {
            if r.path.is_empty() {
                t.path = base.path.clone();
                if r.query.is_some() {
                    t.query = r.query.clone();
                } else {
                    t.query = base.query.clone();
                }
            } else {
                if r.path.starts_with('/') {
                    t.path = remove_dot_segments(&r.path);
                } else {
                    t.path = merge(&base, &r.path);
                    t.path = remove_dot_segments(&t.path);
                }
                t.query = r.query.clone();
            }
            t.authority = base.authority.clone();
        }
        t.scheme = base.scheme.clone();
    }
    t.fragment = r.fragment.clone();
    // The library's addition (see the module doc).
    if t.authority.is_none() && t.path.starts_with("//") {
        t.path.insert_str(0, "/.");
    }
    recompose(&t)
}

/// RFC 3986 §5.2.3 `merge`.
pub fn merge(base: &Components, r_path: &str) -> String {
    // "If the base URI has a defined authority component and an empty path, then return a
    // string consisting of "/" concatenated with the reference's path;"
    if base.authority.is_some() && base.path.is_empty() {
        return format!("/{r_path}");
    }
    // "otherwise, return a string consisting of the reference's path component appended to
    // all but the last segment of the base URI's path (i.e., excluding any characters after
    // the right-most "/" in the base URI path, or excluding the entire base URI path if it
    // does not contain any "/" characters)."
    match base.path.rfind('/') {
        Some(k) => format!("{}{r_path}", &base.path[..=k]),
        None => r_path.to_string(),
    }
}

/// RFC 3986 §5.2.4 `remove_dot_segments`: rules 2A to 2E on an input buffer, one at a time.
pub fn remove_dot_segments(path: &str) -> String {
    // 1. The input buffer is initialized with the now-appended path components and the
    //    output buffer is initialized to the empty string.
    let mut input = path.to_string();
    let mut output = String::new();
    // 2. While the input buffer is not empty, loop as follows:
    while !input.is_empty() {
        if input.starts_with("../") {
            // A. remove the prefix "../"
            input.replace_range(..3, "");
        } else if input.starts_with("./") {
            // A. remove the prefix "./"
            input.replace_range(..2, "");
        } else if input.starts_with("/./") {
            // B. replace the prefix "/./" with "/"
            input.replace_range(..3, "/");
        } else if input == "/." {
            // B. replace "/." (a complete path segment) with "/"
            input.replace_range(..2, "/");
        } else if input.starts_with("/../") || input == "/.." {
            // C. replace the prefix with "/" and remove the last segment and its preceding
            //    "/" (if any) from the output buffer
            let n = if input == "/.." { 3 } else { 4 };
            input.replace_range(..n, "/");
            let cut = output.rfind('/').unwrap_or(0);
            output.truncate(cut);
        } else if input == "." || input == ".." {
            // D. remove that from the input buffer
            input.clear();
        } else {
            // E. move the first path segment in the input buffer to the end of the output
            //    buffer, including the initial "/" character (if any) and any subsequent
            //    characters up to, but not including, the next "/"
            let from = usize::from(input.starts_with('/'));
            let end = input[from..].find('/').map_or(input.len(), |k| k + from);
            output.push_str(&input[..end]);
            input.replace_range(..end, "");
        }
    }
    // 3. Finally, the output buffer is returned as the result of remove_dot_segments.
    output
}

/// RFC 3986 §5.3 component recomposition.
pub fn recompose(t: &Components) -> String {
    let mut result = String::new();
    if let Some(scheme) = &t.scheme {
        result.push_str(scheme);
        result.push(':');
    }
    if let Some(authority) = &t.authority {
        result.push_str("//");
        result.push_str(authority);
    }
    result.push_str(&t.path);
    if let Some(query) = &t.query {
        result.push('?');
        result.push_str(query);
    }
    if let Some(fragment) = &t.fragment {
        result.push('#');
        result.push_str(fragment);
    }
    result
}
