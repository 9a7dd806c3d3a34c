//! End-to-end tests of `--zone-id` (RFC 6874 §2 zone identifiers, opt-in) on `iri parse` and
//! `iri validate`, with the rows of `crates/iri/tests/data/zone_id.tsv` (Jena's cases and
//! our own, each with its section).

mod common;

use common::*;

/// (input, zoned, zone) of each row of the shared table.
fn rows() -> Vec<(String, bool, Option<String>)> {
    let path = workspace().join("crates/iri/tests/data/zone_id.tsv");
    let text = std::fs::read_to_string(&path).expect("zone_id.tsv");
    let v: Vec<_> = text
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let zone = (f[2] != "-").then(|| f[2].to_owned());
            (f[0].to_owned(), f[1] == "yes", zone)
        })
        .collect();
    assert!(v.len() >= 10, "{} rows", v.len());
    v
}

#[test]
fn parse_with_and_without_the_flag() {
    for (input, zoned, zone) in rows() {
        let o = run(&["parse", "--zone-id", "--format", "json", "--", &input]);
        let line = stdout(&o);
        let want_valid = format!("\"valid\":{zoned}");
        assert!(line.contains(&want_valid), "{input}: {line}");
        assert_code(&o, if zoned { 0 } else { 1 });
        if let Some(z) = zone {
            assert!(
                line.contains(&format!("\"zone\":\"{z}\"")),
                "{input}: {line}"
            );
            assert!(
                line.contains("\"host\":\"[") && !line.contains("\"host\":\"[%"),
                "{line}"
            );
        }
        // Strict (the default) refuses every zone, with the reason.
        let o = run(&["parse", "--", &input]);
        assert_code(&o, 1);
        if zoned {
            assert!(
                stdout(&o).contains("zone identifiers are not allowed"),
                "{input}: {}",
                stdout(&o)
            );
        }
    }
}

#[test]
fn parse_layouts() {
    let input = "http://[fe80::1%25en1]/a";
    let o = run(&["parse", "--zone-id", input]);
    assert_eq!(
        stdout(&o),
        "scheme=http authority=[fe80::1] host=[fe80::1] (ipv6) path=/a zone=en1\n"
    );
    let o = run(&["parse", "--zone-id", "--format", "tsv", input, "http://h/"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].ends_with("\terror\tzone"), "{}", lines[0]);
    assert!(lines[1].ends_with("\t/a\t\t\t\ten1"), "{}", lines[1]);
    assert!(lines[2].ends_with("\t/\t\t\t\t"), "{}", lines[2]);
    // No zone: `null` in JSON.
    let o = run(&["parse", "--zone-id", "--format", "json", "http://[::1]/"]);
    assert!(stdout(&o).contains("\"zone\":null"), "{}", stdout(&o));
    // The kind is still checked (on the reference without the zone).
    let o = run(&["parse", "--zone-id", "--kind", "iri", "//[fe80::1%25en1]/"]);
    assert_code(&o, 1);
    assert!(stdout(&o).contains("scheme"), "{}", stdout(&o));
    // The lenient grammars are another choice.
    let o = run(&["parse", "--zone-id", "--lenient", input]);
    assert_code(&o, 2);
}

#[test]
fn validate_with_and_without_the_flag() {
    let file = scratch("zone_id").join("lines.txt");
    let rows = rows();
    let text: String = rows.iter().map(|(i, _, _)| format!("{i}\n")).collect();
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let o = run(&["validate", "--zone-id", "--format", "tsv", f]);
    let out = stdout(&o);
    // The invalid lines are the rows that are not zoned, in order.
    let bad: Vec<usize> = out
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(1).unwrap().parse().unwrap())
        .collect();
    let want: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.1)
        .map(|(n, _)| n + 1)
        .collect();
    assert_eq!(bad, want, "{out}");
    let o = run(&["validate", f]);
    assert_code(&o, 1);
    assert_eq!(stdout(&o).lines().count(), rows.len(), "{}", stdout(&o));
    // A zone does not lift the kind's other rules.
    std::fs::write(&file, "http://[fe80::1%25en1]/é\n").unwrap();
    let o = run(&["validate", "--zone-id", "--kind", "uri", f]);
    assert_code(&o, 1);
    assert!(stdout(&o).contains(":1:24:"), "{}", stdout(&o));
}
