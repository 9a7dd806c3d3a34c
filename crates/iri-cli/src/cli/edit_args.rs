//! The arguments of `iri build` and `iri edit`: the components to set (as they appear in the
//! text, checked), the raw text to encode into segments and query pairs, and the parts to
//! remove.

use std::ffi::OsString;

use clap::Args;

use super::FormatArg;

/// Components and edits shared by `iri build` and `iri edit`, applied in this order: scheme,
/// authority, host, userinfo, port, path, segments, query, pairs, fragment.
#[derive(Debug, Args)]
pub struct ComponentArgs {
    /// The scheme (RFC 3986 §3.1).
    #[arg(long, value_name = "SCHEME")]
    pub scheme: Option<String>,
    /// The host: a registered name, an IPv4 address or an IP literal in brackets (RFC 3986
    /// §3.2.2); gives the reference an authority.
    #[arg(long, value_name = "HOST")]
    pub host: Option<String>,
    /// The userinfo, as it appears before '@' (RFC 3986 §3.2.1).
    #[arg(long, value_name = "USERINFO")]
    pub userinfo: Option<String>,
    /// The port: digits, possibly none (RFC 3986 §3.2.3).
    #[arg(long, value_name = "DIGITS")]
    pub port: Option<String>,
    /// The path, as it appears in the text (RFC 3986 §3.3).
    #[arg(long, value_name = "PATH")]
    pub path: Option<String>,
    /// Raw text appended as one path segment, percent-encoded where the segment's rule
    /// forbids ('/', '?', '#', '%', space, …); repeatable.
    #[arg(long = "path-segment", value_name = "RAW")]
    pub path_segments: Vec<String>,
    /// The query, as it appears after '?' (RFC 3986 §3.4).
    #[arg(long, value_name = "QUERY")]
    pub query: Option<String>,
    /// Raw NAME=VALUE (or NAME alone) appended to the query, each side percent-encoded
    /// where it would break the pair ('&', '=', ';', '+', '#', …); repeatable.
    #[arg(long = "query-pair", value_name = "NAME=VALUE")]
    pub query_pairs: Vec<String>,
    /// Write and read pairs as application/x-www-form-urlencoded ('+' for a space).
    #[arg(long)]
    pub form: bool,
    /// The fragment, as it appears after '#' (RFC 3986 §3.5).
    #[arg(long, value_name = "FRAGMENT")]
    pub fragment: Option<String>,
    /// Make a URI reference: ASCII only, raw text encoded as UTF-8 %HH (RFC 3987 §3.1).
    #[arg(long)]
    pub uri: bool,
}

/// `iri build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The components.
    #[command(flatten)]
    pub components: ComponentArgs,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
}

/// `iri edit`.
#[derive(Debug, Args)]
pub struct EditArgs {
    /// The components to set.
    #[command(flatten)]
    pub components: ComponentArgs,
    /// The authority as a whole (userinfo@host:port).
    #[arg(long, value_name = "AUTHORITY", conflicts_with = "no_authority")]
    pub authority: Option<String>,
    /// Remove the scheme (the result is a relative reference).
    #[arg(long, conflicts_with = "scheme")]
    pub no_scheme: bool,
    /// Remove the authority.
    #[arg(long)]
    pub no_authority: bool,
    /// Remove the userinfo.
    #[arg(long, conflicts_with = "userinfo")]
    pub no_userinfo: bool,
    /// Remove the port.
    #[arg(long, conflicts_with = "port")]
    pub no_port: bool,
    /// Remove the last path segment, before appending any (repeatable).
    #[arg(long = "pop-segment", action = clap::ArgAction::Count)]
    pub pop_segments: u8,
    /// Remove the query.
    #[arg(long, conflicts_with_all = ["query", "query_pairs"])]
    pub no_query: bool,
    /// Remove every pair of the query named NAME (decoded); the other pairs keep their bytes.
    #[arg(long = "remove-pair", value_name = "NAME")]
    pub remove_pairs: Vec<String>,
    /// Give the first pair named NAME this value in its place, remove the other pairs of
    /// that name (append it when there is none); repeatable.
    #[arg(long = "set-pair", value_name = "NAME=VALUE")]
    pub set_pairs: Vec<String>,
    /// Read ';' as a pair separator too.
    #[arg(long)]
    pub semicolon: bool,
    /// Remove the fragment.
    #[arg(long, conflicts_with = "fragment")]
    pub no_fragment: bool,
    /// Output options.
    #[command(flatten)]
    pub output: FormatArg,
    /// The references to edit; one per line on standard input when none are given.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}
