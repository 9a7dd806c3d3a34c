//! The character and byte level every layer above builds on: the grammar's character classes
//! (`chars.rs`, RFC 3986 §2, RFC 3987 §2.2), percent-encoding (`pct.rs`, RFC 3986 §2.1),
//! UTF-8 decoding (`utf8.rs`, RFC 3629 §3), and growing output strings (`buf.rs`). The fast
//! searches over bytes are in `crate::scan`.

pub(crate) mod buf;
pub(crate) mod chars;
pub(crate) mod pct;
pub(crate) mod utf8;
