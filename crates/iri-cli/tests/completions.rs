//! `iri completions --output FILE` and `iri man --output-dir DIR` write what is at the path
//! without replacing what is not a regular file: a symbolic link is followed (it stays a
//! link), a FIFO is written in place, a directory is refused, and `-` is standard output.

mod common;

use std::fs;
use std::io::Read;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{assert_code, iri, stderr};

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("iri-completions-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Makes a FIFO at `path` with mkfifo(1).
fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

#[test]
fn a_symbolic_link_is_written_through() {
    let dir = scratch("link");
    let real = dir.join("real.bash");
    fs::write(&real, "old").unwrap();
    let link = dir.join("link.bash");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = iri()
        .args(["completions", "bash", "--output"])
        .arg(&link)
        .output()
        .unwrap();
    assert_code(&o, 0);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let script = fs::read_to_string(&real).unwrap();
    assert!(script.contains("_iri"), "{script}");
    // No temporary file left beside either.
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_dangling_link_is_refused() {
    let dir = scratch("dangling");
    let link = dir.join("link.bash");
    std::os::unix::fs::symlink(dir.join("missing/x"), &link).unwrap();
    let o = iri()
        .args(["completions", "bash", "--output"])
        .arg(&link)
        .output()
        .unwrap();
    assert_code(&o, 1);
    assert!(stderr(&o).contains("link.bash"), "{}", stderr(&o));
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_fifo_is_written_in_place() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut s = String::new();
            fs::File::open(&fifo)
                .unwrap()
                .read_to_string(&mut s)
                .unwrap();
            s
        })
    };
    let o = iri()
        .args(["completions", "fish", "--output"])
        .arg(&fifo)
        .output()
        .unwrap();
    assert_code(&o, 0);
    // Checked before the reader is waited for, which a replaced FIFO would leave blocked.
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    let script = reader.join().unwrap();
    assert!(script.contains("complete -c iri"), "{script}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_device_is_written_in_place() {
    // /dev/null takes the script and stays a character device (a rename over it, as root,
    // would have made it a regular file for every program of the machine).
    let o = iri()
        .args(["completions", "zsh", "--output", "/dev/null"])
        .output()
        .unwrap();
    assert_code(&o, 0);
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
}

#[test]
fn a_directory_is_refused() {
    let dir = scratch("dir");
    let o = iri()
        .args(["completions", "bash", "--output"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_code(&o, 1);
    assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
    assert!(fs::metadata(&dir).unwrap().is_dir());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dash_is_standard_output() {
    let dir = scratch("dash");
    let o = iri()
        .current_dir(&dir)
        .args(["completions", "bash", "--output", "-"])
        .output()
        .unwrap();
    assert_code(&o, 0);
    assert!(String::from_utf8_lossy(&o.stdout).contains("_iri"));
    assert!(!dir.join("-").exists());
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_regular_file_keeps_its_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("perm");
    let file = dir.join("iri.bash");
    fs::write(&file, "old").unwrap();
    fs::set_permissions(&file, fs::Permissions::from_mode(0o640)).unwrap();
    let o = iri()
        .args(["completions", "bash", "--output"])
        .arg(&file)
        .output()
        .unwrap();
    assert_code(&o, 0);
    let meta = fs::metadata(&file).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert!(fs::read_to_string(&file).unwrap().contains("_iri"));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn man_pages_through_links_and_fifos() {
    let dir = scratch("man");
    let real = dir.join("elsewhere.1");
    fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, dir.join("iri-parse.1")).unwrap();
    let fifo = dir.join("iri-lint.1");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut s = String::new();
            fs::File::open(&fifo)
                .unwrap()
                .read_to_string(&mut s)
                .unwrap();
            s
        })
    };
    let o = iri()
        .arg("man")
        .arg("--output-dir")
        .arg(&dir)
        .output()
        .unwrap();
    assert_code(&o, 0);
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(reader.join().unwrap().contains(".TH iri-lint"));
    assert!(fs::symlink_metadata(dir.join("iri-parse.1"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(fs::read_to_string(&real).unwrap().contains(".TH iri-parse"));
    assert!(fs::read_to_string(dir.join("iri.1"))
        .unwrap()
        .contains(".TH iri"));
    // `-` is no directory, and a file is none either.
    let o = iri().args(["man", "--output-dir", "-"]).output().unwrap();
    assert_code(&o, 1);
    assert!(stderr(&o).contains("standard output"), "{}", stderr(&o));
    let o = iri()
        .arg("man")
        .arg("--output-dir")
        .arg(&real)
        .output()
        .unwrap();
    assert_code(&o, 1);
    assert!(stderr(&o).contains("not a directory"), "{}", stderr(&o));
    fs::remove_dir_all(&dir).unwrap();
}
