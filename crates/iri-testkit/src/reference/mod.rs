//! Literal transcriptions of RFC algorithms, slow and obvious on purpose, that the library's
//! fast code is checked against.

pub mod rfc3986_5_2;
