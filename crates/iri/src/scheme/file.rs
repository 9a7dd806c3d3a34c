//! The `file` scheme (RFC 8089), as a view over a parsed IRI: from a `file` IRI to a local
//! path and back, for an explicit [`PathStyle`], so that both platforms' rules can be used and
//! tested anywhere.
//!
//! To a path ([`to_path`]): the host must be empty or `localhost` (RFC 8089 §2, §3), except in
//! the Windows style, where another host gives a UNC path (`file://server/share/f` →
//! `\\server\share\f`, RFC 8089 Appendix E.3.1); the path is percent-decoded and must be UTF-8.
//! - [`PathStyle::Unix`]: the path must be absolute (`file:///etc/hosts` → `/etc/hosts`).
//! - [`PathStyle::Windows`]: a drive letter (`file:///C:/dir/f` → `C:\dir\f`; also the form
//!   of Appendix E.2 without slashes, `file:C:/dir/f`), a UNC path written in
//!   the path (`file:////server/share/f`, Appendix E.3.2), or a host as above; `/` becomes
//!   `\`. A path with neither drive nor host is refused, as it would depend on the current
//!   drive.
//!
//! Refused, with the byte offset in the IRI: another scheme, userinfo or a port, a query
//! (RFC 8089 has none), a relative path, a decoded NUL, a `%2F` (or in Windows style `%5C`)
//! that would become a separator, octets that are not UTF-8, and in Windows style a UNC
//! server name that is empty or, decoded, holds a character no host may hold (or a `%`), as
//! [`from_path`] could not take it back. The fragment is not part of
//! the path and is not looked at.
//!
//! From a path ([`from_path`]): an absolute path in the style's syntax becomes an IRI with an
//! empty host (or the UNC server as host; a server named `localhost` goes in the path,
//! `file:////localhost/share`, since `file://localhost/` is a local path); characters an
//! IRI path cannot hold (space, `%`, `?`, `#`, `[`, `]`, controls, …) are percent-encoded as
//! UTF-8, and other non-ASCII characters are kept (it is an IRI;
//! [`to_uri`](crate::Iri::to_uri) makes the URI).
//!
//! Left out on purpose: paths that are not Unicode (bytes in a legacy charset), the DOS device
//! namespace (`\\?\`, `\\.\`), and `file:` IRIs of other systems (VMS, classic Mac OS).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::pct::decode_utf8;
use crate::chars::{allowed_unencoded, is, PATH, REG_NAME};
use crate::Iri;

/// Which platform's path syntax.
///
/// ```
/// use iri::scheme::file::PathStyle;
/// assert_eq!(PathStyle::native(), if cfg!(windows) { PathStyle::Windows } else { PathStyle::Unix });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PathStyle {
    /// POSIX: `/` separated, absolute paths start with `/`.
    Unix,
    /// Windows: drive letters (`C:\`), UNC paths (`\\server\share`), `\` separated.
    Windows,
}

impl PathStyle {
    /// The style of the platform this is compiled for.
    ///
    /// ```
    /// let _ = iri::scheme::file::PathStyle::native();
    /// ```
    pub const fn native() -> Self {
        if cfg!(windows) {
            PathStyle::Windows
        } else {
            PathStyle::Unix
        }
    }
}

/// Why a `file` IRI has no local path, or a path no `file` IRI.
///
/// ```
/// use iri::scheme::file::{to_path, FileErrorKind, PathStyle};
/// let e = to_path(&iri::Iri::parse("file://host/x").unwrap(), PathStyle::Unix).unwrap_err();
/// assert_eq!(e.kind(), FileErrorKind::RemoteHost);
/// assert_eq!(e.to_string(), "file: a host other than localhost, which has no local path in this style at byte 7 (RFC 8089 §2)");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileError {
    kind: FileErrorKind,
    offset: usize,
}

/// What is wrong.
///
/// ```
/// assert_ne!(iri::scheme::file::FileErrorKind::NotFile, iri::scheme::file::FileErrorKind::Query);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileErrorKind {
    /// The scheme is not `file`.
    NotFile,
    /// Userinfo or a port in the authority.
    UserinfoOrPort,
    /// A host other than `localhost` in the Unix style.
    RemoteHost,
    /// A query.
    Query,
    /// A relative path (or, from a path: a path that is not absolute).
    NotAbsolute,
    /// Windows style: neither drive letter nor host.
    NoDrive,
    /// A NUL character.
    Nul,
    /// A percent-encoded separator (`%2F`; `%5C` in Windows style) inside a segment.
    EncodedSeparator,
    /// Percent-encoded octets that are not UTF-8.
    InvalidUtf8,
    /// From a path: a UNC server name that cannot be a host.
    InvalidHost,
}

impl FileError {
    /// What is wrong.
    ///
    /// ```
    /// let e = iri::scheme::file::from_path("a/b", iri::scheme::file::PathStyle::Unix).unwrap_err();
    /// assert_eq!(e.kind(), iri::scheme::file::FileErrorKind::NotAbsolute);
    /// ```
    pub fn kind(&self) -> FileErrorKind {
        self.kind
    }

    /// The byte offset (in the IRI, or in the path for [`from_path`]).
    ///
    /// ```
    /// let e = iri::scheme::file::to_path(&iri::Iri::parse("file:///a%2Fb").unwrap(),
    ///     iri::scheme::file::PathStyle::Unix).unwrap_err();
    /// assert_eq!(e.offset(), 9);
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            FileErrorKind::NotFile => "the scheme is not file",
            FileErrorKind::UserinfoOrPort => "userinfo or a port, which file does not have",
            FileErrorKind::RemoteHost => {
                "a host other than localhost, which has no local path in this style"
            }
            FileErrorKind::Query => "a query, which file does not have",
            FileErrorKind::NotAbsolute => "a path that is not absolute",
            FileErrorKind::NoDrive => "a Windows path without drive letter or host",
            FileErrorKind::Nul => "a NUL character",
            FileErrorKind::EncodedSeparator => "a percent-encoded path separator",
            FileErrorKind::InvalidUtf8 => "percent-encoded octets that are not UTF-8",
            FileErrorKind::InvalidHost => "a server name that cannot be a host",
        };
        write!(f, "file: {what} at byte {} (RFC 8089 §2)", self.offset)
    }
}

impl core::error::Error for FileError {}

fn fail<T>(kind: FileErrorKind, offset: usize) -> Result<T, FileError> {
    Err(FileError { kind, offset })
}

/// Whether `c` may stand in a server name written as an IRI host (`reg-name`, RFC 3986
/// §3.2.2; `%` only as the start of a percent-encoding, which the IRI parse checks).
fn is_server_char(c: char) -> bool {
    if c.is_ascii() {
        is(c as u8, REG_NAME)
    } else {
        allowed_unencoded(c as u32, false)
    }
}

/// Checks the server name of a UNC path that `to_path` wrote in `out` (after its `\\`): it
/// must be one `from_path` takes back, so a decoded `%` or a character no host may hold is
/// refused at `offset`.
fn check_server(out: &str, offset: usize) -> Result<(), FileError> {
    let server = out[2..].split('\\').next().unwrap_or("");
    if server.is_empty() || !server.chars().all(|c| c != '%' && is_server_char(c)) {
        return fail(FileErrorKind::InvalidHost, offset);
    }
    Ok(())
}

/// `C:` at the start of `s`, followed by the end or `/`.
fn drive(s: &str) -> Option<char> {
    let b = s.as_bytes();
    (b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' && (b.len() == 2 || b[2] == b'/'))
        .then(|| b[0] as char)
}

/// Decodes the segments of `path` (at `start` in the IRI) and joins them with `sep`.
fn join(
    path: &str,
    start: usize,
    sep: char,
    style: PathStyle,
    out: &mut String,
) -> Result<(), FileError> {
    let mut at = start;
    for (i, seg) in path.split('/').enumerate() {
        if i > 0 {
            out.push(sep);
        }
        let dec = decode_utf8(seg).map_err(|k| FileError {
            kind: FileErrorKind::InvalidUtf8,
            offset: at + k,
        })?;
        if dec.contains('\0') {
            return fail(FileErrorKind::Nul, at + seg.find("%00").unwrap_or(0));
        }
        let bad = |c: char| c == '/' || (style == PathStyle::Windows && c == '\\');
        if dec.contains(bad) {
            let k = (0..seg.len())
                .find(|&k| {
                    let t = seg.get(k..k + 3).unwrap_or("");
                    t.eq_ignore_ascii_case("%2F")
                        || (style == PathStyle::Windows && t.eq_ignore_ascii_case("%5C"))
                })
                .unwrap_or(0);
            return fail(FileErrorKind::EncodedSeparator, at + k);
        }
        out.push_str(&dec);
        at += seg.len() + 1;
    }
    Ok(())
}

/// The local path of a `file` IRI in `style`; see the [module docs](self).
///
/// ```
/// use iri::{scheme::file::{to_path, PathStyle}, Iri};
/// assert_eq!(to_path(&Iri::parse("file:///home/r%C3%A9sum%C3%A9.txt").unwrap(), PathStyle::Unix).unwrap(), "/home/résumé.txt");
/// assert_eq!(to_path(&Iri::parse("file:///C:/Users/a%20b").unwrap(), PathStyle::Windows).unwrap(), "C:\\Users\\a b");
/// assert_eq!(to_path(&Iri::parse("file://server/share/f").unwrap(), PathStyle::Windows).unwrap(), "\\\\server\\share\\f");
/// ```
pub fn to_path<T: AsRef<str>>(iri: &Iri<T>, style: PathStyle) -> Result<String, FileError> {
    if !iri.scheme().eq_ignore_ascii_case("file") {
        return fail(FileErrorKind::NotFile, 0);
    }
    let auth_start = iri.scheme().len() + 3;
    if iri.userinfo().is_some() || iri.port().is_some() {
        return fail(FileErrorKind::UserinfoOrPort, auth_start);
    }
    let path = iri.path();
    let path_start = iri.positions().auth_end as usize;
    if iri.query().is_some() {
        return fail(FileErrorKind::Query, path_start + path.len());
    }
    let host = iri.host_str().unwrap_or("");
    let local = host.is_empty() || host.eq_ignore_ascii_case("localhost");
    let mut out = String::new();
    match style {
        PathStyle::Unix => {
            if !local {
                return fail(FileErrorKind::RemoteHost, auth_start);
            }
            if !path.starts_with('/') {
                return fail(FileErrorKind::NotAbsolute, path_start);
            }
            join(path, path_start, '/', style, &mut out)?;
        }
        PathStyle::Windows => {
            let rooted = path.strip_prefix('/');
            if !local {
                out.push_str("\\\\");
                let h = decode_utf8(host).map_err(|k| FileError {
                    kind: FileErrorKind::InvalidUtf8,
                    offset: auth_start + k,
                })?;
                out.push_str(&h);
                if path.is_empty() {
                    // `file://server` reads as `file://server/` (RFC 8089's path is absolute),
                    // the form `from_path` gives for `\\server`.
                    out.push('\\');
                } else {
                    join(path, path_start, '\\', style, &mut out)?;
                }
                check_server(&out, auth_start)?;
            } else if let Some(d) = drive(rooted.unwrap_or(path)) {
                let skip = usize::from(rooted.is_some()) + 2;
                out.push(d.to_ascii_uppercase());
                out.push(':');
                let rest = &path[skip..];
                if rest.is_empty() {
                    out.push('\\');
                } else {
                    join(rest, path_start + skip, '\\', style, &mut out)?;
                }
            } else if let Some(unc) = path.strip_prefix("//") {
                out.push_str("\\\\");
                join(unc, path_start + 2, '\\', style, &mut out)?;
                if !unc.contains('/') {
                    // A server alone: as `file://server` above.
                    out.push('\\');
                }
                check_server(&out, path_start + 2)?;
            } else if path.starts_with('/') {
                return fail(FileErrorKind::NoDrive, path_start);
            } else {
                return fail(FileErrorKind::NotAbsolute, path_start);
            }
        }
    }
    Ok(out)
}

/// Appends `seg` percent-encoded where an IRI path cannot hold it.
fn encode_segment(seg: &str, out: &mut String) {
    for c in seg.chars() {
        let keep = if c.is_ascii() {
            is(c as u8, PATH) && c != '/'
        } else {
            allowed_unencoded(c as u32, false)
        };
        if keep {
            out.push(c);
        } else {
            crate::pct::push_pct_char(out, c);
        }
    }
}

/// The `file` IRI of an absolute path in `style`; see the [module docs](self).
///
/// ```
/// use iri::scheme::file::{from_path, PathStyle};
/// assert_eq!(from_path("/tmp/a b#1.txt", PathStyle::Unix).unwrap(), "file:///tmp/a%20b%231.txt");
/// assert_eq!(from_path("C:\\Users\\Zoë", PathStyle::Windows).unwrap(), "file:///C:/Users/Zoë");
/// assert_eq!(from_path("\\\\server\\share\\f", PathStyle::Windows).unwrap(), "file://server/share/f");
/// ```
pub fn from_path(path: &str, style: PathStyle) -> Result<Iri<String>, FileError> {
    if let Some(k) = path.find('\0') {
        return fail(FileErrorKind::Nul, k);
    }
    let mut out = String::from("file://");
    let segments: Vec<&str>;
    match style {
        PathStyle::Unix => {
            let Some(rest) = path.strip_prefix('/') else {
                return fail(FileErrorKind::NotAbsolute, 0);
            };
            segments = rest.split('/').collect();
        }
        PathStyle::Windows => {
            let is_sep = |c: char| c == '\\' || c == '/';
            if let Some(unc) = path
                .strip_prefix("\\\\")
                .or_else(|| path.strip_prefix("//"))
            {
                let end = unc.find(is_sep).unwrap_or(unc.len());
                let server = &unc[..end];
                if server.is_empty() || !server.chars().all(is_server_char) {
                    return fail(FileErrorKind::InvalidHost, 2);
                }
                if server.eq_ignore_ascii_case("localhost") {
                    // `file://localhost/…` is a local path (RFC 8089 §2), so this UNC path
                    // goes in the path, after an empty authority (Appendix E.3.2).
                    out.push_str("//");
                }
                out.push_str(server);
                segments = if end == unc.len() {
                    Vec::new()
                } else {
                    unc[end + 1..].split(is_sep).collect()
                };
                out.push('/');
                push_segments(&segments, &mut out);
                return Iri::parse(out).map_err(|e| FileError {
                    kind: FileErrorKind::InvalidHost,
                    offset: e.offset(),
                });
            }
            let b = path.as_bytes();
            if b.len() >= 2
                && b[0].is_ascii_alphabetic()
                && b[1] == b':'
                && (b.len() == 2 || is_sep(b[2] as char))
            {
                out.push('/');
                out.push(b[0] as char);
                out.push(':');
                segments = if b.len() <= 3 {
                    alloc::vec![""]
                } else {
                    path[3..].split(is_sep).collect()
                };
            } else {
                return fail(FileErrorKind::NotAbsolute, 0);
            }
        }
    }
    out.push('/');
    push_segments(&segments, &mut out);
    Iri::parse(out).map_err(|e| FileError {
        kind: FileErrorKind::NotAbsolute,
        offset: e.offset(),
    })
}

fn push_segments(segments: &[&str], out: &mut String) {
    for (i, seg) in segments.iter().enumerate() {
        if i > 0 {
            out.push('/');
        }
        encode_segment(seg, out);
    }
}
