//! The Unicode normalization forms (UAX #15) that RFC 3987 asks for: NFC (§5.3.2.2, §3.1
//! step 1) and NFKC (§7.5), and the canonical decomposition and combining classes that the
//! checks and the legacy charsets use. One implementation for the whole library: ICU4X's
//! `icu_normalizer`, whose data the `idna` feature's UTS #46 mapping shares, so that a build
//! with both features carries one copy of the normalization tables.

use icu_normalizer::properties::CanonicalCombiningClassMapBorrowed;
use icu_normalizer::ComposingNormalizerBorrowed;

/// Normalization Form C.
pub(crate) const NFC: ComposingNormalizerBorrowed<'static> = ComposingNormalizerBorrowed::new_nfc();
/// Normalization Form KC.
pub(crate) const NFKC: ComposingNormalizerBorrowed<'static> =
    ComposingNormalizerBorrowed::new_nfkc();
/// Normalization Form D.
#[cfg(feature = "encoding")]
pub(crate) const NFD: icu_normalizer::DecomposingNormalizerBorrowed<'static> =
    icu_normalizer::DecomposingNormalizerBorrowed::new_nfd();

/// The characters of `s` in NFC.
///
/// A text, not any iterator of characters: each iterator type would make another copy of
/// the normalizer's code (about 6 KB of WebAssembly each), so every caller shares this one.
pub(crate) fn nfc(s: &str) -> impl Iterator<Item = char> + '_ {
    NFC.normalize_iter(s.chars())
}

/// The characters of `s` in NFKC (one copy of the normalizer's code, as [`nfc`]).
pub(crate) fn nfkc(s: &str) -> impl Iterator<Item = char> + '_ {
    NFKC.normalize_iter(s.chars())
}

/// Whether the character `c` is unchanged by NFKC.
pub(crate) fn is_nfkc_char(c: char) -> bool {
    let mut buf = [0; 4];
    nfkc(c.encode_utf8(&mut buf)).eq(core::iter::once(c))
}

/// The canonical combining class of `c` (0 for starters).
pub(crate) fn combining_class(c: char) -> u8 {
    CanonicalCombiningClassMapBorrowed::new().get_u8(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;

    #[test]
    fn forms() {
        // UAX #15 §1.2, figure 5 and 6: Å (U+212B) and the ﬁ ligature.
        assert_eq!(nfc("A\u{30A}").collect::<String>(), "\u{C5}");
        assert_eq!(nfc("\u{212B}").collect::<String>(), "\u{C5}");
        assert_eq!(nfc("\u{FB01}").collect::<String>(), "\u{FB01}");
        assert_eq!(nfkc("\u{FB01}").collect::<String>(), "fi");
        assert!(is_nfkc_char('a') && is_nfkc_char('\u{C5}'));
        assert!(!is_nfkc_char('\u{FB01}') && !is_nfkc_char('\u{212B}'));
        assert_eq!(combining_class('\u{94D}'), 9);
        assert_eq!(combining_class('a'), 0);
        assert!(NFC.is_normalized("Gen\u{E8}ve"));
        assert!(!NFC.is_normalized("Gene\u{300}ve"));
    }
}
