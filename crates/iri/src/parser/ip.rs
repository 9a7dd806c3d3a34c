//! The IP-address rules of the host (RFC 3986 §3.2.2): `IP-literal` (`IPv6address`,
//! `IPvFuture`) and `IPv4address`, checked and read into their numbers.

use crate::chars::{is, HEXDIG, USERINFO};
use crate::pct;
/// `IP-literal` without its brackets: `IPv6address / IPvFuture`.
pub(crate) fn valid_ip_literal(s: &[u8]) -> bool {
    if s.first().is_some_and(|&c| c == b'v' || c == b'V') {
        valid_ipvfuture(s)
    } else {
        parse_ipv6(s).is_some()
    }
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub(crate) fn valid_ipvfuture(s: &[u8]) -> bool {
    let mut i = 1;
    while i < s.len() && is(s[i], HEXDIG) {
        i += 1;
    }
    if i == 1 || i >= s.len() || s[i] != b'.' {
        return false;
    }
    let tail = &s[i + 1..];
    !tail.is_empty() && tail.iter().all(|&c| is(c, USERINFO))
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`, where a dec-octet
/// has no leading zero (`01` is not one) and is at most 255.
pub(crate) fn parse_ipv4(s: &[u8]) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut i = 0;
    for (n, slot) in out.iter_mut().enumerate() {
        if n > 0 {
            if i >= s.len() || s[i] != b'.' {
                return None;
            }
            i += 1;
        }
        let start = i;
        let mut v: u32 = 0;
        while i < s.len() && s[i].is_ascii_digit() && i - start < 3 {
            v = v * 10 + (s[i] - b'0') as u32;
            i += 1;
        }
        let len = i - start;
        if len == 0 || v > 255 || (len > 1 && s[start] == b'0') {
            return None;
        }
        *slot = v as u8;
    }
    (i == s.len()).then_some(out)
}

/// `IPv6address` (RFC 3986 §3.2.2), all nine forms, with an embedded `IPv4address` as the
/// last 32 bits. Returns the eight 16-bit groups.
pub(crate) fn parse_ipv6(s: &[u8]) -> Option<[u16; 8]> {
    let mut groups = [0u16; 8];
    let mut n = 0usize;
    let mut gap: Option<usize> = None;
    let mut i = 0usize;
    let len = s.len();
    if s.starts_with(b"::") {
        gap = Some(0);
        i = 2;
        if i == len {
            return Some(groups);
        }
    }
    loop {
        let start = i;
        let mut v: u32 = 0;
        while i < len && i - start < 4 {
            match pct::hex_value(s[i]) {
                Some(d) => v = v * 16 + d as u32,
                None => break,
            }
            i += 1;
        }
        if i == start {
            return None;
        }
        if i < len && s[i] == b'.' {
            // ls32 as IPv4address: the rest of the literal.
            if n > 6 {
                return None;
            }
            let v4 = parse_ipv4(&s[start..])?;
            groups[n] = u16::from_be_bytes([v4[0], v4[1]]);
            groups[n + 1] = u16::from_be_bytes([v4[2], v4[3]]);
            n += 2;
            break;
        }
        if n == 8 {
            return None;
        }
        groups[n] = v as u16;
        n += 1;
        if i == len {
            break;
        }
        if s[i] != b':' {
            return None;
        }
        i += 1;
        if i < len && s[i] == b':' {
            if gap.is_some() {
                return None;
            }
            gap = Some(n);
            i += 1;
            if i == len {
                break;
            }
        } else if i == len {
            return None;
        }
    }
    match gap {
        None if n == 8 => Some(groups),
        None => None,
        Some(_) if n > 7 => None,
        Some(g) => {
            let shift = 8 - n;
            for k in (g..n).rev() {
                groups[k + shift] = groups[k];
                groups[k] = 0;
            }
            Some(groups)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_forms() {
        // The nine forms of RFC 3986 §3.2.2.
        let ok = [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::2:3:4:5:6:1.2.3.4",
            "1::3:4:5:6:7:8",
            "::3:4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "::4:5:6:7:8",
            "1:2:3::5:6:7:8",
            "::5:6:7:8",
            "1:2:3:4::6:7:8",
            "::6:7:8",
            "1:2:3:4:5::7:8",
            "::7:8",
            "1:2:3:4:5:6::8",
            "::8",
            "1:2:3:4:5:6:7::",
            "::",
            "::ffff:192.0.2.1",
            "abcd:EF01::1",
        ];
        for s in ok {
            assert!(parse_ipv6(s.as_bytes()).is_some(), "{s}");
        }
        let bad = [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1.2.3",
            "::1.2.3.04",
            "::256.1.1.1",
            "1:",
            ":1",
            "::1:",
            "1::1.2.3.4:5",
            "g::",
        ];
        for s in bad {
            assert!(parse_ipv6(s.as_bytes()).is_none(), "{s}");
        }
        assert_eq!(parse_ipv6(b"1::8").unwrap(), [1, 0, 0, 0, 0, 0, 0, 8]);
        assert_eq!(
            parse_ipv6(b"::ffff:192.0.2.1").unwrap(),
            [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]
        );
    }

    #[test]
    fn ipv4_dec_octets() {
        assert_eq!(parse_ipv4(b"0.0.0.0"), Some([0, 0, 0, 0]));
        assert_eq!(parse_ipv4(b"255.255.255.255"), Some([255; 4]));
        for s in [
            "01.2.3.4",
            "256.1.1.1",
            "1.2.3",
            "1.2.3.4.",
            "1..2.3",
            "1.2.3.4.5",
            "0x1.1.1.1",
        ] {
            assert_eq!(parse_ipv4(s.as_bytes()), None, "{s}");
        }
    }
}
