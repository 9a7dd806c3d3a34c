//! IPv6 zone identifiers (RFC 6874 §2): refused by the strict parser with the reason, and
//! accepted only by the opt-in `iri::legacy::ZonedIriRef`; the rows of `data/zone_id.tsv`
//! (Apache Jena's jena-iri3986 vectors and own), each naming its source.

use iri::legacy::ZonedIriRef;
use iri::{ErrorKind, IriRef};

#[test]
fn zone_id_table() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/zone_id.tsv"
    ))
    .expect("zone_id.tsv");
    let mut n = 0;
    for (line, row) in text.lines().enumerate().skip(1) {
        let f: Vec<&str> = row.split('\t').collect();
        assert_eq!(f.len(), 5, "zone_id.tsv:{}", line + 1);
        // The strict parser refuses every row: each holds "%" inside an IP literal.
        let e = IriRef::parse(f[0]).unwrap_err();
        assert_eq!(
            e.kind(),
            ErrorKind::InvalidIpLiteral,
            "zone_id.tsv:{}",
            line + 1
        );
        assert!(
            e.to_string().contains("zone identifiers are not allowed"),
            "{e}"
        );
        match (ZonedIriRef::parse(f[0]), f[1]) {
            (Ok(z), "yes") => {
                assert_eq!(z.zone_id(), Some(f[2]), "zone_id.tsv:{}", line + 1);
                assert_eq!(z.as_iri_ref(), f[3], "zone_id.tsv:{}", line + 1);
                assert_eq!(z.original(), f[0]);
            }
            (Err(e), "no") => assert_eq!(e.kind(), ErrorKind::InvalidIpLiteral),
            (got, want) => panic!("zone_id.tsv:{}: {got:?}, want {want}", line + 1),
        }
        n += 1;
    }
    assert_eq!(n, 10);
}
