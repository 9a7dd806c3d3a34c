//! Growing the strings the library writes its results into.

/// Makes room for `n` more bytes in `out`. A string that has no buffer yet (a new result of
/// `IriRef::to_uri` or `Iri::resolve`) gets one of exactly `n` bytes straight from the
/// allocator, without the growth computation of `reserve`.
#[inline(always)]
pub(crate) fn reserve(out: &mut alloc::string::String, n: usize) {
    if out.capacity() == 0 {
        *out = alloc::string::String::with_capacity(n);
    } else {
        out.reserve(n);
    }
}
