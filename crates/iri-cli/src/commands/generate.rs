//! `iri completions` and `iri man`: shell completions (clap_complete) and man pages
//! (clap_mangen), generated from the same clap definitions as the parser, so they cannot
//! fall behind it.
//!
//! A regular file (or a new one) is written atomically: into a temporary file next to it,
//! flushed to disk, then renamed over the target (keeping its permissions), so that a reader
//! sees the old file or the new one, never a part; on an error the temporary file is removed
//! and the target left as it was. A symbolic link is followed, and what it points to is
//! written (the link stays a link). A FIFO or a device (`/dev/stdout`, `/dev/null`) is written
//! in place, never replaced; a directory or a socket is refused; `-` is standard output.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::Outcome;
use crate::cli::{command, CompletionsArgs, ManArgs};

/// Runs `iri completions SHELL`: the script on standard output, or into `--output`.
pub fn completions(args: CompletionsArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let mut cmd = command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "iri", &mut script);
    match args.output {
        Some(path) if path.as_os_str() != "-" => write_output(&path, &script)?,
        _ => out.write_all(&script)?,
    }
    Ok(Outcome::AllValid)
}

/// Runs `iri man`: `iri.1` on standard output, or every page into `--output-dir`.
pub fn man(args: ManArgs, out: &mut impl Write) -> io::Result<Outcome> {
    let cmd = command();
    let Some(dir) = args.output_dir else {
        out.write_all(&render(cmd)?)?;
        return Ok(Outcome::AllValid);
    };
    if dir.as_os_str() == "-" {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "--output-dir -: the pages go into a directory; `iri man` alone prints iri.1 on \
             standard output",
        ));
    }
    if !fs::metadata(&dir).map_err(|e| with_path(&dir, e))?.is_dir() {
        return Err(with_path(
            &dir,
            io::Error::new(io::ErrorKind::InvalidInput, "not a directory"),
        ));
    }
    for (name, page) in pages(cmd)? {
        write_output(&dir.join(format!("{name}.1")), &page)?;
    }
    Ok(Outcome::AllValid)
}

/// Every man page: `iri` and `iri-SUBCOMMAND` (not `help`), rendered.
fn pages(cmd: clap::Command) -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut pages = Vec::new();
    pages.push(("iri".to_owned(), render(cmd.clone())?));
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("iri-{}", sub.get_name());
        // clap names are `&'static str` (without its `string` feature); a page is rendered
        // once per run, so the few bytes are leaked rather than adding a feature.
        let static_name: &'static str = Box::leak(name.clone().into_boxed_str());
        let sub = sub.clone().name(static_name);
        pages.push((name, render(sub)?));
    }
    Ok(pages)
}

/// One man page, rendered and tidied (see [`super::roff`]).
fn render(cmd: clap::Command) -> io::Result<Vec<u8>> {
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut page)?;
    Ok(super::roff::tidy(&String::from_utf8_lossy(&page)).into_bytes())
}

/// The error with the path before its message.
fn with_path(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// What is at an output path, after symbolic links.
enum Target {
    /// Nothing yet, or a regular file: written atomically at this (link-free) path.
    File(PathBuf, Option<fs::Permissions>),
    /// A FIFO or a device: written in place.
    InPlace,
}

/// What `path` names, following symbolic links; a directory, a socket or a dangling link is
/// an error.
fn target(path: &Path) -> io::Result<Target> {
    let link = match fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Ok(Target::File(path.to_owned(), None))
        }
        Err(e) => return Err(e),
    };
    let (path, meta) = if link.file_type().is_symlink() {
        // The link's final target, which must exist: a dangling link is refused rather than
        // guessed at.
        let real = fs::canonicalize(path).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("a symbolic link to a path that cannot be reached ({e})"),
            )
        })?;
        let meta = fs::metadata(&real)?;
        (real, meta)
    } else {
        (path.to_owned(), link)
    };
    let kind = meta.file_type();
    if kind.is_file() {
        return Ok(Target::File(path, Some(meta.permissions())));
    }
    if kind.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "is a directory",
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() || kind.is_char_device() || kind.is_block_device() {
            return Ok(Target::InPlace);
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "neither a regular file, a FIFO nor a device",
    ))
}

/// Writes `bytes` to `path` as the module documentation says: a regular file atomically, a
/// FIFO or a device in place, through symbolic links. The error names the path.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let context = |e: io::Error| with_path(path, e);
    match target(path).map_err(context)? {
        Target::InPlace => {
            let mut file = fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(context)?;
            file.write_all(bytes)
                .and_then(|()| file.flush())
                .map_err(context)
        }
        Target::File(real, permissions) => {
            write_atomically(&real, bytes, permissions).map_err(context)
        }
    }
}

/// Writes `bytes` to `path` atomically, with `permissions` (those of the file replaced).
fn write_atomically(
    path: &Path,
    bytes: &[u8],
    permissions: Option<fs::Permissions>,
) -> io::Result<()> {
    let tmp = temp_path(path)?;
    let result = (|| {
        let mut file = File::create_new(&tmp)?;
        file.write_all(bytes)?;
        if let Some(p) = permissions {
            file.set_permissions(p)?;
        }
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// A temporary name in the target's directory (so that the rename stays on one file system).
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".tmp-{}", std::process::id()));
    Ok(path.with_file_name(tmp_name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("iri-generate-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("x.1");
        fs::write(&target, "old").unwrap();
        write_output(&target, b"new").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        // Into a directory that does not exist: an error naming the path, nothing written.
        let missing = dir.join("no/such/dir/x.1");
        let e = write_output(&missing, b"x").unwrap_err();
        assert!(e.to_string().contains("no/such/dir/x.1"), "{e}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_page_per_subcommand() {
        let pages = pages(command()).unwrap();
        let names: Vec<&str> = pages.iter().map(|(n, _)| n.as_str()).collect();
        for name in [
            "iri",
            "iri-parse",
            "iri-serve",
            "iri-completions",
            "iri-man",
        ] {
            assert!(names.contains(&name), "{names:?}");
        }
        let (_, parse) = pages.iter().find(|(n, _)| n == "iri-parse").unwrap();
        let text = String::from_utf8_lossy(parse);
        assert!(text.contains(".TH iri-parse"), "{text}");
        assert!(text.contains(".SH EXAMPLES"), "{text}");
        // No page has an EXTRA section or a raw backquote; serve's has no --threads.
        for (name, page) in &pages {
            let text = String::from_utf8_lossy(page);
            assert!(!text.contains(".SH EXTRA"), "{name}");
            assert!(!text.contains('`'), "{name}: {text}");
        }
        let (_, serve) = pages.iter().find(|(n, _)| n == "iri-serve").unwrap();
        assert!(!String::from_utf8_lossy(serve).contains("threads"));
    }
}
