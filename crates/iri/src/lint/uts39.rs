//! The UTS #39 data the character checks need (RFC 3987 §6.1, §7.5, §8), as small tables
//! instead of the whole of `confusables.txt` and `IdentifierType.txt`:
//!
//! - [`ascii_skeleton`]: the skeleton (UTS #39 §4) of each character outside ASCII whose
//!   skeleton is made of ASCII letters, digits, `-`, `.`, `_` and `~` only (possibly empty).
//!   The `confusable` check asks nothing else of a skeleton: a character whose skeleton is
//!   anything else makes the text not pass for an ASCII name.
//! - [`is_default_ignorable_type`]: the characters of identifier type `Default_Ignorable`
//!   (UTS #39 §3.1).
//! - [`AugmentedScripts`]: the single-script test of UTS #39 §5.1 (resolved script sets of
//!   augmented script extensions), on ICU4X's `Script` and `Script_Extensions` data, which
//!   finding IRIs in text reads too.
//!
//! The tables are derived from Unicode's UTS #39 data (`confusables.txt`,
//! `IdentifierType.txt`, Unicode 18.0.0, as the crate `unicode-security` 0.1.3 carries them;
//! Unicode License v3): each skeleton is the full UTS #39 skeleton of the single character
//! (NFD, prototypes, NFD). The unit tests compare both functions with `unicode-security` on
//! every code point, so a data update shows up as a failing test.

use icu_properties::props::Script;
use icu_properties::script::{ScriptWithExtensions, ScriptWithExtensionsBorrowed};
use icu_properties::PropertyNamesLong;

/// The Unicode version of the property data (ICU4X's `icu_properties` data): what
/// "unassigned" means.
pub(super) const UNICODE_VERSION: &str = "18.0.0";

/// The script of `c` (`Script`, UAX #24); `Unknown` for unassigned, private-use and
/// noncharacter code points. Read from the `Script_Extensions` data, which holds each code
/// point's `Script` value too, so that the module carries one script table, not two.
pub(super) fn script(c: char) -> Script {
    ScriptWithExtensions::new().get_script_val(c)
}

/// The long name of a script (`Latin`, `Old_Uyghur`), as `PropertyValueAliases.txt` spells it.
pub(super) fn script_name(s: Script) -> &'static str {
    PropertyNamesLong::<Script>::new()
        .get(s)
        .unwrap_or("Unknown")
}

/// A resolved script set of UTS #39 §5.1: the scripts every character so far belongs to
/// (its `Script_Extensions`), with the writing systems `Hanb`, `Jpan` and `Kore` that augment
/// Han, Hiragana, Katakana, Hangul and Bopomofo. Common and Inherited characters belong to
/// every script.
pub(super) struct AugmentedScripts {
    /// The scripts, or `None` for all of them.
    scripts: Option<alloc::vec::Vec<Script>>,
    hanb: bool,
    jpan: bool,
    kore: bool,
}

impl AugmentedScripts {
    /// The set of the empty text: every script.
    pub(super) const ALL: Self = AugmentedScripts {
        scripts: None,
        hanb: true,
        jpan: true,
        kore: true,
    };

    /// Intersects the set with the augmented script extensions of `c`.
    pub(super) fn intersect_with(&mut self, c: char) {
        let swe: ScriptWithExtensionsBorrowed<'static> = ScriptWithExtensions::new();
        let ext = swe.get_script_extensions_val(c);
        let has = |s: Script| ext.contains(&s);
        if has(Script::Common) || has(Script::Inherited) {
            return;
        }
        let han = has(Script::Han);
        self.hanb &= han || has(Script::Bopomofo);
        self.jpan &= han || has(Script::Hiragana) || has(Script::Katakana);
        self.kore &= han || has(Script::Hangul);
        match &mut self.scripts {
            Some(scripts) => scripts.retain(|s| ext.contains(s)),
            None => self.scripts = Some(ext.iter().collect()),
        }
    }

    /// Whether no script is left: the text is not single-script.
    pub(super) fn is_empty(&self) -> bool {
        self.scripts.as_ref().is_some_and(|s| s.is_empty())
            && !self.hanb
            && !self.jpan
            && !self.kore
    }
}

/// The UTS #39 skeleton of `c` (a character outside ASCII) when it is made of ASCII letters,
/// digits, `-`, `.`, `_` and `~` only (the empty skeleton of an ignorable character
/// included); `None` for every other character.
pub(super) fn ascii_skeleton(c: char) -> Option<&'static str> {
    let u = c as u32;
    if EMPTY.iter().any(|&(a, b)| (a..=b).contains(&u)) {
        return Some("");
    }
    let k = PACKED.find(u)?;
    let i = usize::from(PACKED.skeleton[k]);
    TEXT.get(usize::from(STARTS[i])..usize::from(STARTS[i + 1]))
}

/// [`KEYS`] as the module carries it: the code points delta-coded in blocks of [`BLOCK`]
/// (a quarter of the size gzipped), the skeleton indexes apart. Built at compile time, so
/// `KEYS` itself is not in the program.
struct Packed<const B: usize, const D: usize> {
    /// The first code point of each block.
    first: [u32; B],
    /// Where each block's deltas begin in `deltas`.
    at: [u16; B],
    /// Per code point after the first of its block: the difference to the previous one
    /// (1–255), or 0 and the code point in three bytes, little-endian.
    deltas: [u8; D],
    /// Per code point: the index of its skeleton in [`STARTS`].
    skeleton: [u8; KEYS.len()],
}

/// The code points of a block of [`Packed`].
const BLOCK: usize = 64;

/// The number of blocks and of delta bytes of [`KEYS`] packed.
const PACKED_LEN: (usize, usize) = {
    let mut d = 0;
    let mut k = 1;
    while k < KEYS.len() {
        if !k.is_multiple_of(BLOCK) {
            let delta = (KEYS[k] >> 8) - (KEYS[k - 1] >> 8);
            d += if delta < 256 { 1 } else { 4 };
        }
        k += 1;
    }
    (KEYS.len().div_ceil(BLOCK), d)
};

static PACKED: Packed<{ PACKED_LEN.0 }, { PACKED_LEN.1 }> = {
    let mut p = Packed {
        first: [0; PACKED_LEN.0],
        at: [0; PACKED_LEN.0],
        deltas: [0; PACKED_LEN.1],
        skeleton: [0; KEYS.len()],
    };
    let mut d = 0;
    let mut k = 0;
    while k < KEYS.len() {
        let cp = KEYS[k] >> 8;
        p.skeleton[k] = (KEYS[k] & 0xFF) as u8;
        if k.is_multiple_of(BLOCK) {
            p.first[k / BLOCK] = cp;
            p.at[k / BLOCK] = d as u16;
        } else {
            let delta = cp - (KEYS[k - 1] >> 8);
            if delta < 256 {
                p.deltas[d] = delta as u8;
                d += 1;
            } else {
                p.deltas[d + 1] = cp as u8;
                p.deltas[d + 2] = (cp >> 8) as u8;
                p.deltas[d + 3] = (cp >> 16) as u8;
                d += 4;
            }
        }
        k += 1;
    }
    assert!(d == PACKED_LEN.1 && d <= u16::MAX as usize);
    p
};

impl<const B: usize, const D: usize> Packed<B, D> {
    /// The position of the code point `u` in [`KEYS`], if it is there.
    fn find(&self, u: u32) -> Option<usize> {
        let b = self.first.partition_point(|&f| f <= u).checked_sub(1)?;
        let mut cp = self.first[b];
        let mut at = usize::from(self.at[b]);
        let mut k = b * BLOCK;
        loop {
            if cp >= u {
                return (cp == u).then_some(k);
            }
            k += 1;
            if k.is_multiple_of(BLOCK) || k >= KEYS.len() {
                return None;
            }
            match *self.deltas.get(at)? {
                0 => {
                    let b = self.deltas.get(at + 1..at + 4)?;
                    cp = u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16;
                    at += 4;
                }
                delta => {
                    cp += u32::from(delta);
                    at += 1;
                }
            }
        }
    }
}

/// Whether `c` has the UTS #39 identifier type `Default_Ignorable` (§3.1, `IdentifierType.txt`).
pub(super) fn is_default_ignorable_type(c: char) -> bool {
    let u = c as u32;
    DEFAULT_IGNORABLE.iter().any(|&(a, b)| (a..=b).contains(&u))
}

/// The code points of identifier type `Default_Ignorable` (ranges, inclusive).
static DEFAULT_IGNORABLE: [(u32, u32); 18] = [
    (0xAD, 0xAD),
    (0x34F, 0x34F),
    (0x61C, 0x61C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x2069),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0020, 0xE007F),
    (0xE0100, 0xE01EF),
];

/// The code points whose skeleton is empty (ranges, inclusive).
static EMPTY: [(u32, u32); 17] = [
    (0xAD, 0xAD),
    (0x34F, 0x34F),
    (0x61C, 0x61C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
];

/// The distinct non-empty ASCII skeletons, one after the other; [`STARTS`] says where each begins.
static TEXT: &str = concat!(
    "--.......22.2O.33.44.55.66.77.88.99.AAAAEAOARAUAVAYBBqCCo.DDJDZDzEFFAXGGBGHzGPa",
    "GyHHPHgHzJKKBKKKMLLJLTDLjMMBMHzMPaMVMWNNJNjNoOO.OEOOOyPPHPPMPRPTEPaQQERRsSSvTT3",
    "TELTHzUVVBVlVllVlllWWbXXlXllYZ_aa.rn.aaaeaoauavaybbarblccalcccdcocrnddBdadldrndz",
    "eeVergfffffifflfiflfrnftggalhhPahaiieiiiiiijinivixjkkAkHzkPakVkWkcalkgklkrnktll.",
    "l2.l3.l4.l5.l6.l7.l8.l9.lJlLlOlO.lUlVlXljllll.llllnloglrnlsltlxlznnAnFnVnWnjnrn",
    "nsooVoeoiolooouoypp.rn.pApFpVpWpcpsqrradrnrnArnVrnWrnbrngrnilrnlrnolrnrnrnsssr",
    "sssstttfthtsuueuovviviiviiiwwhxxixiiyz~",
);

/// Where each skeleton of [`TEXT`] begins (and, last, its length).
static STARTS: [u16; 253] = [
    0, 1, 3, 4, 6, 9, 10, 12, 15, 16, 18, 19, 21, 22, 24, 25, 27, 28, 30, 31, 33, 34, 36, 37, 39,
    41, 43, 45, 47, 49, 51, 52, 54, 55, 58, 59, 61, 63, 65, 66, 67, 70, 71, 73, 76, 79, 81, 82, 84,
    86, 88, 89, 90, 92, 94, 96, 97, 99, 102, 104, 105, 107, 110, 113, 115, 117, 118, 120, 122, 124,
    125, 127, 129, 131, 133, 134, 136, 139, 141, 144, 146, 147, 149, 150, 152, 153, 155, 156, 158,
    161, 164, 165, 166, 168, 170, 173, 177, 178, 180, 181, 183, 186, 187, 188, 189, 190, 195, 197,
    199, 201, 203, 205, 207, 208, 211, 213, 214, 217, 219, 221, 223, 226, 227, 229, 231, 233, 236,
    238, 239, 241, 244, 245, 247, 250, 253, 255, 257, 260, 262, 263, 266, 267, 270, 272, 273, 275,
    277, 280, 282, 284, 286, 288, 289, 290, 292, 295, 298, 300, 302, 306, 308, 310, 313, 315, 316,
    318, 321, 324, 327, 330, 333, 336, 339, 342, 344, 346, 348, 351, 353, 355, 357, 359, 361, 364,
    367, 369, 372, 375, 377, 379, 381, 383, 384, 386, 388, 390, 392, 394, 397, 399, 400, 402, 404,
    406, 408, 410, 412, 414, 415, 420, 422, 424, 426, 428, 430, 432, 433, 434, 437, 439, 442, 445,
    448, 451, 454, 458, 461, 465, 469, 472, 473, 475, 478, 480, 481, 483, 485, 487, 488, 490, 492,
    493, 495, 498, 502, 503, 505, 506, 508, 511, 512, 513, 514,
];

/// The other characters with an ASCII skeleton, sorted: the code point shifted left by 8, or
/// the index of its skeleton in [`STARTS`]. Read at compile time only, into [`PACKED`].
const KEYS: [u32; 1865] = [
    0x0000A18F, 0x0000C618, 0x0000D7F6, 0x0000E66B, 0x0000FECF, 0x0001318F, 0x000132AD, 0x00013393,
    0x00015247, 0x000153C9, 0x00017F82, 0x00018470, 0x00018D8A, 0x00019282, 0x000196A3, 0x0001A652,
    0x0001A705, 0x0001B708, 0x0001BC0C, 0x0001BDE5, 0x0001BFCF, 0x0001C0A3, 0x0001C1B5, 0x0001C738,
    0x0001C83A, 0x0001C9B4, 0x0001CA42, 0x0001CB43, 0x0001CCC4, 0x0001F124, 0x0001F225, 0x0001F37E,
    0x00021C08, 0x00022212, 0x00022312, 0x00023797, 0x00024C52, 0x00025168, 0x0002618A, 0x000263F9,
    0x0002698F, 0x00026A8F, 0x00026FF4, 0x00028482, 0x00028BED, 0x00028FF9, 0x0002A37E, 0x0002A6EC,
    0x0002AABB, 0x0002ABBE, 0x0002D700, 0x0002DCFB, 0x00037F32, 0x00039116, 0x0003921E, 0x00039526,
    0x00039666, 0x0003972E, 0x000399A3, 0x00039A33, 0x00039C3B, 0x00039D41, 0x00039F45, 0x0003A14A,
    0x0003A456, 0x0003A565, 0x0003A762, 0x0003B168, 0x0003B3F9, 0x0003B98F, 0x0003BDF0, 0x0003BFC7,
    0x0003C1CF, 0x0003C3C7, 0x0003C5ED, 0x0003D265, 0x0003DC27, 0x0003E805, 0x0003EC0E, 0x0003EDC7,
    0x0003F1CF, 0x0003F273, 0x0003F397, 0x0003F8CF, 0x0003F920, 0x0003FA3B, 0x00040554, 0x000406A3,
    0x00040832, 0x00041016, 0x0004121E, 0x00041526, 0x00041708, 0x00041A33, 0x00041C3B, 0x00041D2E,
    0x00041E45, 0x0004204A, 0x00042120, 0x00042256, 0x00042365, 0x00042562, 0x00042B72, 0x00042C70,
    0x00042EAF, 0x00043068, 0x0004310E, 0x000433D8, 0x0004357F, 0x00043EC7, 0x000440CF, 0x00044173,
    0x000443F9, 0x000445F6, 0x000448F4, 0x000455E5, 0x0004568F, 0x00045897, 0x000461F4, 0x0004745B,
    0x000475F0, 0x00047849, 0x000479CE, 0x0004AE65, 0x0004AFF9, 0x0004BA8C, 0x0004BB8C, 0x0004BD7F,
    0x0004C0A3, 0x0004CFA3, 0x0004D418, 0x0004D56B, 0x0004E008, 0x00050179, 0x00050C29, 0x00051A50,
    0x00051BD7, 0x00051C60, 0x00051DF4, 0x00054508, 0x00054D5A, 0x00054F54, 0x00055545, 0x000560DA,
    0x000561F4, 0x000563D7, 0x000566D7, 0x0005708C, 0x00057597, 0x000578BF, 0x00057CBF, 0x00057DED,
    0x0005818A, 0x0005828F, 0x00058482, 0x000585C7, 0x0005C0A3, 0x0005D5A3, 0x0005D8F0, 0x0005DFA3,
    0x0005E1C7, 0x0005F0B5, 0x000627A3, 0x00064067, 0x000647C7, 0x00066002, 0x000661A3, 0x000665C7,
    0x0006675B, 0x0006BEC7, 0x0006C1C7, 0x0006D400, 0x0006D5C7, 0x0006F002, 0x0006F1A3, 0x0006F5C7,
    0x0006F75B, 0x00070102, 0x00070202, 0x0007C045, 0x0007CAA3, 0x0007CBC7, 0x0007CC65, 0x0007D327,
    0x0007D570, 0x0007E056, 0x0007FA67, 0x000840C7, 0x000964A3, 0x000965B5, 0x000966C7, 0x00096908,
    0x0009E6C7, 0x0009EA12, 0x0009ED14, 0x000A66C7, 0x000A6714, 0x000A6A12, 0x000AE6C7, 0x000AE908,
    0x000B0312, 0x000B2045, 0x000B66C7, 0x000B6814, 0x000BE6C7, 0x000C02C7, 0x000C66C7, 0x000C82C7,
    0x000CE645, 0x000D02C7, 0x000D1FE5, 0x000D20C7, 0x000D66C7, 0x000D6D14, 0x000D82C7, 0x000E50C7,
    0x000ED0C7, 0x00100473, 0x00101DC7, 0x001040C7, 0x00104AA3, 0x00104BB5, 0x00105A73, 0x0010B98C,
    0x0010BD54, 0x0010C705, 0x0010CD66, 0x0010E7F9, 0x0010FD54, 0x0010FFC7, 0x00110BC7, 0x001147CC,
    0x0011BCC7, 0x0011EECC, 0x0012005A, 0x0012D045, 0x0013A022, 0x0013A152, 0x0013A256, 0x0013A58F,
    0x0013A965, 0x0013AA16, 0x0013AB32, 0x0013AC26, 0x0013B360, 0x0013B73B, 0x0013BB2E, 0x0013BD65,
    0x0013C029, 0x0013C28C, 0x0013C366, 0x0013CE0A, 0x0013CF70, 0x0013D252, 0x0013D460, 0x0013D554,
    0x0013D95B, 0x0013DA54, 0x0013DE37, 0x0013DF20, 0x0013E24A, 0x0013E633, 0x0013E779, 0x0013EE0E,
    0x0013F329, 0x0013F41E, 0x00142F5B, 0x00144C5A, 0x00146D4A, 0x00146F79, 0x00147270, 0x00148D32,
    0x0014AA37, 0x0014BF05, 0x001541F6, 0x00157C2E, 0x00157DF6, 0x00158752, 0x0015AF70, 0x0015B427,
    0x0015C516, 0x0015DE22, 0x0015EA22, 0x0015F03B, 0x0015F71E, 0x00161605, 0x00166D62, 0x00166EF6,
    0x0016B762, 0x0016C1A3, 0x0016D0A3, 0x0016D533, 0x0016D63B, 0x00170208, 0x00172A10, 0x00174D00,
    0x001763F6, 0x0017E0C7, 0x001A45C7, 0x001A80C7, 0x001A90C7, 0x001BEAC7, 0x001BECF6, 0x001BF300,
    0x001C82C7, 0x001C8373, 0x001C8410, 0x001C9508, 0x001CB705, 0x001CBD54, 0x001CBF45, 0x001CF562,
    0x001D0473, 0x001D0FC7, 0x001D11C7, 0x001D1CED, 0x001D20F0, 0x001D21F4, 0x001D22FA, 0x001D26D8,
    0x001D6BEE, 0x001D838A, 0x001D8CF9, 0x001E9D82, 0x001EFAAE, 0x001EFFF9, 0x001FBE8F, 0x001FC0FB,
    0x00201000, 0x00201100, 0x00201200, 0x00201300, 0x002016B5, 0x00202402, 0x00202503, 0x00202604,
    0x00204300, 0x002053FB, 0x0020A853, 0x0020B6BC, 0x00210220, 0x00210A8A, 0x00210B2E, 0x00210C2E,
    0x00210D2E, 0x00210E8C, 0x002110A3, 0x002111A3, 0x00211237, 0x002113A3, 0x00211541, 0x00211644,
    0x0021194A, 0x00211A50, 0x00211B52, 0x00211C52, 0x00211D52, 0x00212158, 0x00212466, 0x00212866,
    0x00212A33, 0x00212C1E, 0x00212D20, 0x00212E7F, 0x00212F7F, 0x00213026, 0x00213127, 0x0021333B,
    0x002134C7, 0x0021398F, 0x00213B28, 0x00213DF9, 0x00214522, 0x00214679, 0x0021477F, 0x0021488F,
    0x00214997, 0x002160A3, 0x002161B5, 0x002162B7, 0x002163B2, 0x0021645B, 0x0021655D, 0x0021665E,
    0x0021675F, 0x002168B3, 0x00216962, 0x00216A63, 0x00216B64, 0x00216C37, 0x00216D20, 0x00216E22,
    0x00216F3B, 0x0021708F, 0x00217191, 0x00217292, 0x00217395, 0x002174F0, 0x002175F1, 0x002176F2,
    0x002177F3, 0x00217896, 0x002179F6, 0x00217AF7, 0x00217BF8, 0x00217CA3, 0x00217D73, 0x00217E79,
    0x00217FDA, 0x0021BFA3, 0x00221200, 0x00221ECC, 0x002223A3, 0x002225B5, 0x002228F0, 0x00222A5A,
    0x00223CFB, 0x0022A456, 0x0022C1F0, 0x0022C35A, 0x0022FF26, 0x0023738F, 0x002374CF, 0x00237A68,
    0x0023FDA3, 0x002488A4, 0x00248906, 0x00248A09, 0x00248B0B, 0x00248C0D, 0x00248D0F, 0x00248E11,
    0x00248F13, 0x00249015, 0x002491B0, 0x002492B6, 0x002493A5, 0x002494A6, 0x002495A7, 0x002496A8,
    0x002497A9, 0x002498AA, 0x002499AB, 0x00249AAC, 0x00249B07, 0x002502A3, 0x002503A3, 0x00257362,
    0x00279600, 0x0027D956, 0x00292BF6, 0x00292CF6, 0x0029E2F4, 0x002A2FF6, 0x002C6B66, 0x002C6CFA,
    0x002C821E, 0x002C85D8, 0x002C8C66, 0x002C8DFA, 0x002C8E2E, 0x002C92A3, 0x002C938F, 0x002C9433,
    0x002C983B, 0x002C9A41, 0x002C9C08, 0x002C9E45, 0x002C9FC7, 0x002CA24A, 0x002CA3CF, 0x002CA420,
    0x002CA573, 0x002CA656, 0x002CA865, 0x002CA9F9, 0x002CAC62, 0x002CBA00, 0x002CBB00, 0x002CBDF4,
    0x002CC408, 0x002CCA14, 0x002CCB14, 0x002CCC08, 0x002CCE4A, 0x002CCFCF, 0x002CD037, 0x002CD20E,
    0x002CD30E, 0x002CDC0E, 0x002D2DFA, 0x002D385B, 0x002D3926, 0x002D4AA3, 0x002D4FA3, 0x002D5445,
    0x002D5550, 0x002D5D62, 0x00300745, 0x00301CFB, 0x00311256, 0x00311A65, 0x003147C7, 0x003180CC,
    0x0032504E, 0x0032CC30, 0x0032CD81, 0x0032CE80, 0x0032CF39, 0x0033718D, 0x0033727B, 0x0033731B,
    0x00337471, 0x003375C8, 0x003376D5, 0x0033777D, 0x00337AB1, 0x003380D1, 0x003381C0, 0x003383DB,
    0x00338499, 0x00338534, 0x0033863C, 0x0033872A, 0x00338874, 0x0033899E, 0x00338AD2, 0x00338BC1,
    0x00338EDF, 0x00338F9F, 0x00339031, 0x0033919A, 0x0033923D, 0x0033932B, 0x00339459, 0x003396E1,
    0x0033977C, 0x003398A0, 0x00339988, 0x00339AC5, 0x00339CE3, 0x00339D78, 0x00339EA1, 0x0033A94F,
    0x0033AA9B, 0x0033AB3E, 0x0033AC2C, 0x0033ADD9, 0x0033B0D6, 0x0033B1C6, 0x0033B3E4, 0x0033B4D3,
    0x0033B5C2, 0x0033B7DC, 0x0033B89C, 0x0033B93F, 0x0033BAD4, 0x0033BBC3, 0x0033BDDD, 0x0033BE9D,
    0x0033BF40, 0x0033C269, 0x0033C31F, 0x0033C475, 0x0033C576, 0x0033C721, 0x0033C87A, 0x0033C92D,
    0x0033CA8E, 0x0033CB2F, 0x0033CC94, 0x0033CD35, 0x0033CE36, 0x0033CFA2, 0x0033D0BA, 0x0033D1B8,
    0x0033D2B9, 0x0033D3BD, 0x0033D4DE, 0x0033D5E0, 0x0033D6E2, 0x0033D74B, 0x0033D8D0, 0x0033D94C,
    0x0033DA4D, 0x0033DBE6, 0x0033DC55, 0x0033DD61, 0x0033FF8B, 0x004E0556, 0x004E2B65, 0x00A4D01E,
    0x00A4D14A, 0x00A4D279, 0x00A4D322, 0x00A4D456, 0x00A4D629, 0x00A4D733, 0x00A4D932, 0x00A4DA20,
    0x00A4DC66, 0x00A4DD27, 0x00A4DF3B, 0x00A4E041, 0x00A4E137, 0x00A4E254, 0x00A4E352, 0x00A4E65B,
    0x00A4E72E, 0x00A4EA60, 0x00A4EB62, 0x00A4EC65, 0x00A4EE16, 0x00A4F026, 0x00A4F2A3, 0x00A4F345,
    0x00A4F45A, 0x00A4F802, 0x00A4FA03, 0x00A4FE01, 0x00A50B56, 0x00A516B7, 0x00A5430E, 0x00A5571E,
    0x00A56FA3, 0x00A57654, 0x00A58912, 0x00A5CB26, 0x00A60E02, 0x00A64405, 0x00A6478F, 0x00A69848,
    0x00A699CC, 0x00A6C966, 0x00A6DF5B, 0x00A6EF05, 0x00A72857, 0x00A731E5, 0x00A73217, 0x00A7336A,
    0x00A73419, 0x00A7356C, 0x00A7361B, 0x00A7376D, 0x00A7381C, 0x00A7396E, 0x00A73A1C, 0x00A73B6E,
    0x00A73C1D, 0x00A73D6F, 0x00A74E48, 0x00A74FCC, 0x00A75A05, 0x00A76A08, 0x00A76E14, 0x00A76F14,
    0x00A777EA, 0x00A781A3, 0x00A79827, 0x00A79982, 0x00A79FED, 0x00A7AB08, 0x00A7AEA3, 0x00A7B232,
    0x00A7B362, 0x00A7B41E, 0x00A7FAF4, 0x00A7FEA3, 0x00A830A3, 0x00A8CEA3, 0x00A8CFB5, 0x00AA5DA3,
    0x00AA7D00, 0x00AB327F, 0x00AB3582, 0x00AB3DC7, 0x00AB4377, 0x00AB47D8, 0x00AB48D8, 0x00AB4EED,
    0x00AB52ED, 0x00AB5AF9, 0x00AB63EF, 0x00AB6468, 0x00AB758F, 0x00AB81D8, 0x00AB83F4, 0x00AB93FA,
    0x00AB9E0A, 0x00ABA4F4, 0x00ABA9F0, 0x00ABAAE5, 0x00ABAF73, 0x00ABBE0E, 0x00ABEC02, 0x00FB0083,
    0x00FB0186, 0x00FB0287, 0x00FB0384, 0x00FB0485, 0x00FB0589, 0x00FB06E8, 0x00FBA6C7, 0x00FBA7C7,
    0x00FBA8C7, 0x00FBA9C7, 0x00FBAAC7, 0x00FBABC7, 0x00FBACC7, 0x00FBADC7, 0x00FE31A3, 0x00FE4D67,
    0x00FE4E67, 0x00FE4F67, 0x00FE5202, 0x00FE5800, 0x00FE6300, 0x00FE8DA3, 0x00FE8EA3, 0x00FEE9C7,
    0x00FEEAC7, 0x00FEEBC7, 0x00FEECC7, 0x00FF0E02, 0x00FF1045, 0x00FF11A3, 0x00FF1205, 0x00FF1308,
    0x00FF140A, 0x00FF150C, 0x00FF160E, 0x00FF1710, 0x00FF1812, 0x00FF1914, 0x00FF2116, 0x00FF221E,
    0x00FF2320, 0x00FF2422, 0x00FF2526, 0x00FF2627, 0x00FF2729, 0x00FF282E, 0x00FF29A3, 0x00FF2A32,
    0x00FF2B33, 0x00FF2C37, 0x00FF2D3B, 0x00FF2E41, 0x00FF2F45, 0x00FF304A, 0x00FF3150, 0x00FF3252,
    0x00FF3354, 0x00FF3456, 0x00FF355A, 0x00FF365B, 0x00FF3760, 0x00FF3862, 0x00FF3965, 0x00FF3A66,
    0x00FF3F67, 0x00FF4168, 0x00FF4270, 0x00FF4373, 0x00FF4479, 0x00FF457F, 0x00FF4682, 0x00FF478A,
    0x00FF488C, 0x00FF498F, 0x00FF4A97, 0x00FF4B98, 0x00FF4CA3, 0x00FF4DDA, 0x00FF4EBF, 0x00FF4FC7,
    0x00FF50CF, 0x00FF51D7, 0x00FF52D8, 0x00FF53E5, 0x00FF54E9, 0x00FF55ED, 0x00FF56F0, 0x00FF57F4,
    0x00FF58F6, 0x00FF59F9, 0x00FF5AFA, 0x00FF5CA3, 0x00FF5EFB, 0x00FFB7C7, 0x00FFE8A3, 0x01017E82,
    0x01018B79, 0x01019100, 0x0102821E, 0x01028626, 0x01028727, 0x01028AA3, 0x01029062, 0x01029245,
    0x0102954A, 0x01029654, 0x01029756, 0x0102A016, 0x0102A11E, 0x0102A220, 0x0102A527, 0x0102AB45,
    0x0102B03B, 0x0102B156, 0x0102B265, 0x0102B462, 0x0102CF2E, 0x0102F566, 0x0103011E, 0x01030220,
    0x010309A3, 0x01030F45, 0x0103113B, 0x01031556, 0x01031762, 0x01031A12, 0x01031C70, 0x010320A3,
    0x01032262, 0x01040445, 0x01041520, 0x01041B37, 0x01042054, 0x01042CC7, 0x01043D73, 0x010448E5,
    0x0104B452, 0x0104C245, 0x0104CE5A, 0x0104D210, 0x0104EAC7, 0x0104F6ED, 0x01050766, 0x01050EA3,
    0x01051341, 0x01051645, 0x01051833, 0x01051B20, 0x01051D5B, 0x01052527, 0x01052637, 0x01052762,
    0x010926A3, 0x01092CC7, 0x010A5002, 0x010C1362, 0x010C1745, 0x010C1F5B, 0x010C2065, 0x010C213B,
    0x010C3EA3, 0x010C8262, 0x010CA5A3, 0x010CC2F6, 0x010CFAA3, 0x010CFC62, 0x010D07C7, 0x011047A3,
    0x011048B5, 0x0110C0A3, 0x0110C1B5, 0x011124C7, 0x011141A3, 0x011142B5, 0x0111C5A3, 0x0111C6B5,
    0x011302C7, 0x0113D4A3, 0x0113D5B5, 0x01144512, 0x01144BA3, 0x01144CB5, 0x0114D0C7, 0x0115C5A3,
    0x011641A3, 0x011642B5, 0x011700DA, 0x011706F0, 0x01170AF4, 0x01170EF4, 0x01170FF4, 0x0118A05B,
    0x0118A227, 0x0118A337, 0x0118A465, 0x0118A626, 0x0118A966, 0x0118AC14, 0x0118AE26, 0x0118AF0A,
    0x0118B237, 0x0118B545, 0x0118B85A, 0x0118BB0C, 0x0118BC56, 0x0118C0F0, 0x0118C1E5, 0x0118C227,
    0x0118C38F, 0x0118C4F9, 0x0118C610, 0x0118C8C7, 0x0118CA08, 0x0118CC14, 0x0118D50E, 0x0118D614,
    0x0118D7C7, 0x0118D8ED, 0x0118DCF9, 0x0118E045, 0x0118E3DA, 0x0118E566, 0x0118E660, 0x0118E920,
    0x0118EC62, 0x0118EF60, 0x0118F220, 0x011ABC66, 0x011ABE41, 0x011C41A3, 0x011C42B5, 0x011DDAA3,
    0x011DE045, 0x011DE1A3, 0x0145C167, 0x0169C114, 0x0169FE12, 0x016A19D8, 0x016AD654, 0x016AE945,
    0x016D63A3, 0x016E820A, 0x016E8A10, 0x016EAAA3, 0x016EB670, 0x016F085B, 0x016F0A56, 0x016F1637,
    0x016F28A3, 0x016F3552, 0x016F3A54, 0x016F3B08, 0x016F4016, 0x016F425A, 0x016F4365, 0x01CCD616,
    0x01CCD71E, 0x01CCD820, 0x01CCD922, 0x01CCDA26, 0x01CCDB27, 0x01CCDC29, 0x01CCDD2E, 0x01CCDEA3,
    0x01CCDF32, 0x01CCE033, 0x01CCE137, 0x01CCE23B, 0x01CCE341, 0x01CCE445, 0x01CCE54A, 0x01CCE650,
    0x01CCE752, 0x01CCE854, 0x01CCE956, 0x01CCEA5A, 0x01CCEB5B, 0x01CCEC60, 0x01CCED62, 0x01CCEE65,
    0x01CCEF66, 0x01CCF045, 0x01CCF1A3, 0x01CCF205, 0x01CCF308, 0x01CCF40A, 0x01CCF50C, 0x01CCF60E,
    0x01CCF710, 0x01CCF812, 0x01CCF914, 0x01CEFC5B, 0x01D100A3, 0x01D13473, 0x01D16D02, 0x01D1FE10,
    0x01D20608, 0x01D20770, 0x01D20C60, 0x01D20D5B, 0x01D21210, 0x01D21327, 0x01D21652, 0x01D22A37,
    0x01D262B5, 0x01D37356, 0x01D377A3, 0x01D40016, 0x01D4011E, 0x01D40220, 0x01D40322, 0x01D40426,
    0x01D40527, 0x01D40629, 0x01D4072E, 0x01D408A3, 0x01D40932, 0x01D40A33, 0x01D40B37, 0x01D40C3B,
    0x01D40D41, 0x01D40E45, 0x01D40F4A, 0x01D41050, 0x01D41152, 0x01D41254, 0x01D41356, 0x01D4145A,
    0x01D4155B, 0x01D41660, 0x01D41762, 0x01D41865, 0x01D41966, 0x01D41A68, 0x01D41B70, 0x01D41C73,
    0x01D41D79, 0x01D41E7F, 0x01D41F82, 0x01D4208A, 0x01D4218C, 0x01D4228F, 0x01D42397, 0x01D42498,
    0x01D425A3, 0x01D426DA, 0x01D427BF, 0x01D428C7, 0x01D429CF, 0x01D42AD7, 0x01D42BD8, 0x01D42CE5,
    0x01D42DE9, 0x01D42EED, 0x01D42FF0, 0x01D430F4, 0x01D431F6, 0x01D432F9, 0x01D433FA, 0x01D43416,
    0x01D4351E, 0x01D43620, 0x01D43722, 0x01D43826, 0x01D43927, 0x01D43A29, 0x01D43B2E, 0x01D43CA3,
    0x01D43D32, 0x01D43E33, 0x01D43F37, 0x01D4403B, 0x01D44141, 0x01D44245, 0x01D4434A, 0x01D44450,
    0x01D44552, 0x01D44654, 0x01D44756, 0x01D4485A, 0x01D4495B, 0x01D44A60, 0x01D44B62, 0x01D44C65,
    0x01D44D66, 0x01D44E68, 0x01D44F70, 0x01D45073, 0x01D45179, 0x01D4527F, 0x01D45382, 0x01D4548A,
    0x01D4568F, 0x01D45797, 0x01D45898, 0x01D459A3, 0x01D45ADA, 0x01D45BBF, 0x01D45CC7, 0x01D45DCF,
    0x01D45ED7, 0x01D45FD8, 0x01D460E5, 0x01D461E9, 0x01D462ED, 0x01D463F0, 0x01D464F4, 0x01D465F6,
    0x01D466F9, 0x01D467FA, 0x01D46816, 0x01D4691E, 0x01D46A20, 0x01D46B22, 0x01D46C26, 0x01D46D27,
    0x01D46E29, 0x01D46F2E, 0x01D470A3, 0x01D47132, 0x01D47233, 0x01D47337, 0x01D4743B, 0x01D47541,
    0x01D47645, 0x01D4774A, 0x01D47850, 0x01D47952, 0x01D47A54, 0x01D47B56, 0x01D47C5A, 0x01D47D5B,
    0x01D47E60, 0x01D47F62, 0x01D48065, 0x01D48166, 0x01D48268, 0x01D48370, 0x01D48473, 0x01D48579,
    0x01D4867F, 0x01D48782, 0x01D4888A, 0x01D4898C, 0x01D48A8F, 0x01D48B97, 0x01D48C98, 0x01D48DA3,
    0x01D48EDA, 0x01D48FBF, 0x01D490C7, 0x01D491CF, 0x01D492D7, 0x01D493D8, 0x01D494E5, 0x01D495E9,
    0x01D496ED, 0x01D497F0, 0x01D498F4, 0x01D499F6, 0x01D49AF9, 0x01D49BFA, 0x01D49C16, 0x01D49E20,
    0x01D49F22, 0x01D4A229, 0x01D4A532, 0x01D4A633, 0x01D4A941, 0x01D4AA45, 0x01D4AB4A, 0x01D4AC50,
    0x01D4AE54, 0x01D4AF56, 0x01D4B05A, 0x01D4B15B, 0x01D4B260, 0x01D4B362, 0x01D4B465, 0x01D4B566,
    0x01D4B668, 0x01D4B770, 0x01D4B873, 0x01D4B979, 0x01D4BB82, 0x01D4BD8C, 0x01D4BE8F, 0x01D4BF97,
    0x01D4C098, 0x01D4C1A3, 0x01D4C2DA, 0x01D4C3BF, 0x01D4C5CF, 0x01D4C6D7, 0x01D4C7D8, 0x01D4C8E5,
    0x01D4C9E9, 0x01D4CAED, 0x01D4CBF0, 0x01D4CCF4, 0x01D4CDF6, 0x01D4CEF9, 0x01D4CFFA, 0x01D4D016,
    0x01D4D11E, 0x01D4D220, 0x01D4D322, 0x01D4D426, 0x01D4D527, 0x01D4D629, 0x01D4D72E, 0x01D4D8A3,
    0x01D4D932, 0x01D4DA33, 0x01D4DB37, 0x01D4DC3B, 0x01D4DD41, 0x01D4DE45, 0x01D4DF4A, 0x01D4E050,
    0x01D4E152, 0x01D4E254, 0x01D4E356, 0x01D4E45A, 0x01D4E55B, 0x01D4E660, 0x01D4E762, 0x01D4E865,
    0x01D4E966, 0x01D4EA68, 0x01D4EB70, 0x01D4EC73, 0x01D4ED79, 0x01D4EE7F, 0x01D4EF82, 0x01D4F08A,
    0x01D4F18C, 0x01D4F28F, 0x01D4F397, 0x01D4F498, 0x01D4F5A3, 0x01D4F6DA, 0x01D4F7BF, 0x01D4F8C7,
    0x01D4F9CF, 0x01D4FAD7, 0x01D4FBD8, 0x01D4FCE5, 0x01D4FDE9, 0x01D4FEED, 0x01D4FFF0, 0x01D500F4,
    0x01D501F6, 0x01D502F9, 0x01D503FA, 0x01D50416, 0x01D5051E, 0x01D50722, 0x01D50826, 0x01D50927,
    0x01D50A29, 0x01D50D32, 0x01D50E33, 0x01D50F37, 0x01D5103B, 0x01D51141, 0x01D51245, 0x01D5134A,
    0x01D51450, 0x01D51654, 0x01D51756, 0x01D5185A, 0x01D5195B, 0x01D51A60, 0x01D51B62, 0x01D51C65,
    0x01D51E68, 0x01D51F70, 0x01D52073, 0x01D52179, 0x01D5227F, 0x01D52382, 0x01D5248A, 0x01D5258C,
    0x01D5268F, 0x01D52797, 0x01D52898, 0x01D529A3, 0x01D52ADA, 0x01D52BBF, 0x01D52CC7, 0x01D52DCF,
    0x01D52ED7, 0x01D52FD8, 0x01D530E5, 0x01D531E9, 0x01D532ED, 0x01D533F0, 0x01D534F4, 0x01D535F6,
    0x01D536F9, 0x01D537FA, 0x01D53816, 0x01D5391E, 0x01D53B22, 0x01D53C26, 0x01D53D27, 0x01D53E29,
    0x01D540A3, 0x01D54132, 0x01D54233, 0x01D54337, 0x01D5443B, 0x01D54645, 0x01D54A54, 0x01D54B56,
    0x01D54C5A, 0x01D54D5B, 0x01D54E60, 0x01D54F62, 0x01D55065, 0x01D55268, 0x01D55370, 0x01D55473,
    0x01D55579, 0x01D5567F, 0x01D55782, 0x01D5588A, 0x01D5598C, 0x01D55A8F, 0x01D55B97, 0x01D55C98,
    0x01D55DA3, 0x01D55EDA, 0x01D55FBF, 0x01D560C7, 0x01D561CF, 0x01D562D7, 0x01D563D8, 0x01D564E5,
    0x01D565E9, 0x01D566ED, 0x01D567F0, 0x01D568F4, 0x01D569F6, 0x01D56AF9, 0x01D56BFA, 0x01D56C16,
    0x01D56D1E, 0x01D56E20, 0x01D56F22, 0x01D57026, 0x01D57127, 0x01D57229, 0x01D5732E, 0x01D574A3,
    0x01D57532, 0x01D57633, 0x01D57737, 0x01D5783B, 0x01D57941, 0x01D57A45, 0x01D57B4A, 0x01D57C50,
    0x01D57D52, 0x01D57E54, 0x01D57F56, 0x01D5805A, 0x01D5815B, 0x01D58260, 0x01D58362, 0x01D58465,
    0x01D58566, 0x01D58668, 0x01D58770, 0x01D58873, 0x01D58979, 0x01D58A7F, 0x01D58B82, 0x01D58C8A,
    0x01D58D8C, 0x01D58E8F, 0x01D58F97, 0x01D59098, 0x01D591A3, 0x01D592DA, 0x01D593BF, 0x01D594C7,
    0x01D595CF, 0x01D596D7, 0x01D597D8, 0x01D598E5, 0x01D599E9, 0x01D59AED, 0x01D59BF0, 0x01D59CF4,
    0x01D59DF6, 0x01D59EF9, 0x01D59FFA, 0x01D5A016, 0x01D5A11E, 0x01D5A220, 0x01D5A322, 0x01D5A426,
    0x01D5A527, 0x01D5A629, 0x01D5A72E, 0x01D5A8A3, 0x01D5A932, 0x01D5AA33, 0x01D5AB37, 0x01D5AC3B,
    0x01D5AD41, 0x01D5AE45, 0x01D5AF4A, 0x01D5B050, 0x01D5B152, 0x01D5B254, 0x01D5B356, 0x01D5B45A,
    0x01D5B55B, 0x01D5B660, 0x01D5B762, 0x01D5B865, 0x01D5B966, 0x01D5BA68, 0x01D5BB70, 0x01D5BC73,
    0x01D5BD79, 0x01D5BE7F, 0x01D5BF82, 0x01D5C08A, 0x01D5C18C, 0x01D5C28F, 0x01D5C397, 0x01D5C498,
    0x01D5C5A3, 0x01D5C6DA, 0x01D5C7BF, 0x01D5C8C7, 0x01D5C9CF, 0x01D5CAD7, 0x01D5CBD8, 0x01D5CCE5,
    0x01D5CDE9, 0x01D5CEED, 0x01D5CFF0, 0x01D5D0F4, 0x01D5D1F6, 0x01D5D2F9, 0x01D5D3FA, 0x01D5D416,
    0x01D5D51E, 0x01D5D620, 0x01D5D722, 0x01D5D826, 0x01D5D927, 0x01D5DA29, 0x01D5DB2E, 0x01D5DCA3,
    0x01D5DD32, 0x01D5DE33, 0x01D5DF37, 0x01D5E03B, 0x01D5E141, 0x01D5E245, 0x01D5E34A, 0x01D5E450,
    0x01D5E552, 0x01D5E654, 0x01D5E756, 0x01D5E85A, 0x01D5E95B, 0x01D5EA60, 0x01D5EB62, 0x01D5EC65,
    0x01D5ED66, 0x01D5EE68, 0x01D5EF70, 0x01D5F073, 0x01D5F179, 0x01D5F27F, 0x01D5F382, 0x01D5F48A,
    0x01D5F58C, 0x01D5F68F, 0x01D5F797, 0x01D5F898, 0x01D5F9A3, 0x01D5FADA, 0x01D5FBBF, 0x01D5FCC7,
    0x01D5FDCF, 0x01D5FED7, 0x01D5FFD8, 0x01D600E5, 0x01D601E9, 0x01D602ED, 0x01D603F0, 0x01D604F4,
    0x01D605F6, 0x01D606F9, 0x01D607FA, 0x01D60816, 0x01D6091E, 0x01D60A20, 0x01D60B22, 0x01D60C26,
    0x01D60D27, 0x01D60E29, 0x01D60F2E, 0x01D610A3, 0x01D61132, 0x01D61233, 0x01D61337, 0x01D6143B,
    0x01D61541, 0x01D61645, 0x01D6174A, 0x01D61850, 0x01D61952, 0x01D61A54, 0x01D61B56, 0x01D61C5A,
    0x01D61D5B, 0x01D61E60, 0x01D61F62, 0x01D62065, 0x01D62166, 0x01D62268, 0x01D62370, 0x01D62473,
    0x01D62579, 0x01D6267F, 0x01D62782, 0x01D6288A, 0x01D6298C, 0x01D62A8F, 0x01D62B97, 0x01D62C98,
    0x01D62DA3, 0x01D62EDA, 0x01D62FBF, 0x01D630C7, 0x01D631CF, 0x01D632D7, 0x01D633D8, 0x01D634E5,
    0x01D635E9, 0x01D636ED, 0x01D637F0, 0x01D638F4, 0x01D639F6, 0x01D63AF9, 0x01D63BFA, 0x01D63C16,
    0x01D63D1E, 0x01D63E20, 0x01D63F22, 0x01D64026, 0x01D64127, 0x01D64229, 0x01D6432E, 0x01D644A3,
    0x01D64532, 0x01D64633, 0x01D64737, 0x01D6483B, 0x01D64941, 0x01D64A45, 0x01D64B4A, 0x01D64C50,
    0x01D64D52, 0x01D64E54, 0x01D64F56, 0x01D6505A, 0x01D6515B, 0x01D65260, 0x01D65362, 0x01D65465,
    0x01D65566, 0x01D65668, 0x01D65770, 0x01D65873, 0x01D65979, 0x01D65A7F, 0x01D65B82, 0x01D65C8A,
    0x01D65D8C, 0x01D65E8F, 0x01D65F97, 0x01D66098, 0x01D661A3, 0x01D662DA, 0x01D663BF, 0x01D664C7,
    0x01D665CF, 0x01D666D7, 0x01D667D8, 0x01D668E5, 0x01D669E9, 0x01D66AED, 0x01D66BF0, 0x01D66CF4,
    0x01D66DF6, 0x01D66EF9, 0x01D66FFA, 0x01D67016, 0x01D6711E, 0x01D67220, 0x01D67322, 0x01D67426,
    0x01D67527, 0x01D67629, 0x01D6772E, 0x01D678A3, 0x01D67932, 0x01D67A33, 0x01D67B37, 0x01D67C3B,
    0x01D67D41, 0x01D67E45, 0x01D67F4A, 0x01D68050, 0x01D68152, 0x01D68254, 0x01D68356, 0x01D6845A,
    0x01D6855B, 0x01D68660, 0x01D68762, 0x01D68865, 0x01D68966, 0x01D68A68, 0x01D68B70, 0x01D68C73,
    0x01D68D79, 0x01D68E7F, 0x01D68F82, 0x01D6908A, 0x01D6918C, 0x01D6928F, 0x01D69397, 0x01D69498,
    0x01D695A3, 0x01D696DA, 0x01D697BF, 0x01D698C7, 0x01D699CF, 0x01D69AD7, 0x01D69BD8, 0x01D69CE5,
    0x01D69DE9, 0x01D69EED, 0x01D69FF0, 0x01D6A0F4, 0x01D6A1F6, 0x01D6A2F9, 0x01D6A3FA, 0x01D6A48F,
    0x01D6A597, 0x01D6A816, 0x01D6A91E, 0x01D6AC26, 0x01D6AD66, 0x01D6AE2E, 0x01D6B0A3, 0x01D6B133,
    0x01D6B33B, 0x01D6B441, 0x01D6B645, 0x01D6B84A, 0x01D6BB56, 0x01D6BC65, 0x01D6BE62, 0x01D6C268,
    0x01D6C4F9, 0x01D6CA8F, 0x01D6CEF0, 0x01D6D0C7, 0x01D6D2CF, 0x01D6D4C7, 0x01D6D6ED, 0x01D6E0CF,
    0x01D6E216, 0x01D6E31E, 0x01D6E626, 0x01D6E766, 0x01D6E82E, 0x01D6EAA3, 0x01D6EB33, 0x01D6ED3B,
    0x01D6EE41, 0x01D6F045, 0x01D6F24A, 0x01D6F556, 0x01D6F665, 0x01D6F862, 0x01D6FC68, 0x01D6FEF9,
    0x01D7048F, 0x01D708F0, 0x01D70AC7, 0x01D70CCF, 0x01D70EC7, 0x01D710ED, 0x01D71ACF, 0x01D71C16,
    0x01D71D1E, 0x01D72026, 0x01D72166, 0x01D7222E, 0x01D724A3, 0x01D72533, 0x01D7273B, 0x01D72841,
    0x01D72A45, 0x01D72C4A, 0x01D72F56, 0x01D73065, 0x01D73262, 0x01D73668, 0x01D738F9, 0x01D73E8F,
    0x01D742F0, 0x01D744C7, 0x01D746CF, 0x01D748C7, 0x01D74AED, 0x01D754CF, 0x01D75616, 0x01D7571E,
    0x01D75A26, 0x01D75B66, 0x01D75C2E, 0x01D75EA3, 0x01D75F33, 0x01D7613B, 0x01D76241, 0x01D76445,
    0x01D7664A, 0x01D76956, 0x01D76A65, 0x01D76C62, 0x01D77068, 0x01D772F9, 0x01D7788F, 0x01D77CF0,
    0x01D77EC7, 0x01D780CF, 0x01D782C7, 0x01D784ED, 0x01D78ECF, 0x01D79016, 0x01D7911E, 0x01D79426,
    0x01D79566, 0x01D7962E, 0x01D798A3, 0x01D79933, 0x01D79B3B, 0x01D79C41, 0x01D79E45, 0x01D7A04A,
    0x01D7A356, 0x01D7A465, 0x01D7A662, 0x01D7AA68, 0x01D7ACF9, 0x01D7B28F, 0x01D7B6F0, 0x01D7B8C7,
    0x01D7BACF, 0x01D7BCC7, 0x01D7BEED, 0x01D7C8CF, 0x01D7CA27, 0x01D7CE45, 0x01D7CFA3, 0x01D7D005,
    0x01D7D108, 0x01D7D20A, 0x01D7D30C, 0x01D7D40E, 0x01D7D510, 0x01D7D612, 0x01D7D714, 0x01D7D845,
    0x01D7D9A3, 0x01D7DA05, 0x01D7DB08, 0x01D7DC0A, 0x01D7DD0C, 0x01D7DE0E, 0x01D7DF10, 0x01D7E012,
    0x01D7E114, 0x01D7E245, 0x01D7E3A3, 0x01D7E405, 0x01D7E508, 0x01D7E60A, 0x01D7E70C, 0x01D7E80E,
    0x01D7E910, 0x01D7EA12, 0x01D7EB14, 0x01D7EC45, 0x01D7EDA3, 0x01D7EE05, 0x01D7EF08, 0x01D7F00A,
    0x01D7F10C, 0x01D7F20E, 0x01D7F310, 0x01D7F412, 0x01D7F514, 0x01D7F645, 0x01D7F7A3, 0x01D7F805,
    0x01D7F908, 0x01D7FA0A, 0x01D7FB0C, 0x01D7FC0E, 0x01D7FD10, 0x01D7FE12, 0x01D7FF14, 0x01DF5A68,
    0x01DF5D90, 0x01DF5ECA, 0x01DF5FCD, 0x01DF64EB, 0x01DF65F5, 0x01DF6A16, 0x01DF7DF4, 0x01DF8126,
    0x01E14045, 0x01E141A3, 0x01E1455B, 0x01E2F045, 0x01E2F214, 0x01E8C7A3, 0x01E8CB12, 0x01ECAE02,
    0x01ED01A3, 0x01EE00A3, 0x01EE24C7, 0x01EE64CB, 0x01EE80A3, 0x01EE84C7, 0x01F10046, 0x01F19023,
    0x01F70051, 0x01F7071A, 0x01F74C20, 0x01F75CE7, 0x01F76856, 0x01F76B3C, 0x01F76C5C, 0x01FBF045,
    0x01FBF1A3, 0x01FBF205, 0x01FBF308, 0x01FBF40A, 0x01FBF50C, 0x01FBF60E, 0x01FBF710, 0x01FBF812,
    0x01FBF914,
];

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_security::general_security_profile::IdentifierType;
    use unicode_security::GeneralSecurityProfile;

    fn name_char(c: char) -> bool {
        c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
    }

    #[test]
    fn skeletons_match_uts39_on_every_code_point() {
        let mut ascii = 0;
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut buf = [0; 4];
            let full: String = unicode_security::skeleton(c.encode_utf8(&mut buf)).collect();
            let expected = full.chars().all(name_char).then_some(full.as_str());
            assert_eq!(ascii_skeleton(c), expected, "U+{:04X}", c as u32);
            ascii += usize::from(expected.is_some());
        }
        // The tables hold every such character: the empty ranges and the keys.
        assert_eq!(
            ascii,
            KEYS.len()
                + EMPTY
                    .iter()
                    .map(|&(a, b)| (b - a + 1) as usize)
                    .sum::<usize>()
        );
    }

    #[test]
    fn packed_keys_find_what_keys_hold_on_every_code_point() {
        let escapes = (1..KEYS.len())
            .filter(|&k| !k.is_multiple_of(BLOCK) && (KEYS[k] >> 8) - (KEYS[k - 1] >> 8) > 255)
            .count();
        assert!(escapes > 0, "the three-byte form is exercised");
        for u in 0..=0x10FFFF {
            let want = KEYS.binary_search_by_key(&u, |&key| key >> 8).ok();
            assert_eq!(PACKED.find(u), want, "U+{u:04X}");
        }
        for (k, key) in KEYS.iter().enumerate() {
            assert_eq!(u32::from(PACKED.skeleton[k]), key & 0xFF);
        }
    }

    #[test]
    fn examples_of_skeletons() {
        // UTS #39 §4: Cyrillic а (U+0430) is confusable with Latin a; ı (U+0131) with i.
        assert_eq!(ascii_skeleton('\u{430}'), Some("a"));
        assert_eq!(ascii_skeleton('\u{131}'), Some("i"));
        assert_eq!(ascii_skeleton('\u{200B}'), Some(""));
        assert_eq!(ascii_skeleton('東'), None);
    }

    #[test]
    fn script_from_extensions_data_is_the_script_property_on_every_code_point() {
        let scripts = icu_properties::CodePointMapData::<Script>::new();
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(script(c), scripts.get(c), "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn scripts_match_unicode_script_on_every_code_point() {
        use unicode_script::UnicodeScript;
        let (ma, mi, pa) = unicode_script::UNICODE_VERSION;
        assert_eq!(UNICODE_VERSION, alloc::format!("{ma}.{mi}.{pa}"));
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                script_name(script(c)),
                c.script().full_name(),
                "U+{:04X}",
                c as u32
            );
        }
    }

    /// Whether `text` fails the single-script test, by `unicode-security`.
    fn mixed_by_unicode_security(text: &[char]) -> bool {
        use unicode_security::mixed_script::AugmentedScriptSet;
        let mut set = AugmentedScriptSet::default();
        for &c in text {
            set.intersect_with(AugmentedScriptSet::for_char(c));
        }
        set.is_empty()
    }

    fn mixed(text: &[char]) -> bool {
        let mut set = AugmentedScripts::ALL;
        for &c in text {
            set.intersect_with(c);
        }
        set.is_empty()
    }

    #[test]
    fn single_script_test_matches_unicode_security() {
        // Each code point after each of these (UTS #39 §5.1's examples of augmentation and
        // script extensions: Latin, Cyrillic, Greek, Han, Hiragana, Katakana, Hangul,
        // Bopomofo, Arabic, a digit, U+3001 (scx Bopo Hang Hani Hira Kana Yiii), U+0640
        // (Arabic tatweel, scx of seven scripts), a combining mark (Inherited).
        let probes = [
            'a', '\u{430}', '\u{3B1}', '東', 'あ', 'ア', '한', 'ㄅ', '\u{639}', '1', '\u{3001}',
            '\u{640}', '\u{301}',
        ];
        // Characters without a script never reach the test (`is_mixed` leaves them out: they
        // have their own codes), so only the others are compared.
        let with_script = (0..=0x10FFFF)
            .filter_map(char::from_u32)
            .filter(|&c| script(c) != Script::Unknown);
        for c in with_script {
            for p in probes {
                assert_eq!(
                    mixed(&[p, c]),
                    mixed_by_unicode_security(&[p, c]),
                    "{p} U+{:04X}",
                    c as u32
                );
            }
        }
        // Three characters: pairwise compatible, not all together.
        let text = ['\u{3001}', '\u{640}', 'a'];
        assert_eq!(mixed(&text), mixed_by_unicode_security(&text));
        assert!(mixed(&['a', '\u{430}']));
        assert!(!mixed(&['東', 'あ', 'ア']));
        assert!(mixed(&['あ', '한']));
    }

    #[test]
    fn default_ignorable_type_matches_uts39_on_every_code_point() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(
                is_default_ignorable_type(c),
                c.identifier_type() == Some(IdentifierType::Default_Ignorable),
                "U+{:04X}",
                c as u32
            );
        }
    }
}
