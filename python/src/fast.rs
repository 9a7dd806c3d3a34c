//! A vectorcall entry point for `iri.is_valid` (RFC 3987 §2.2 validation), the one function
//! that JSON Schema validators call once per value.
//!
//! The wheel targets the stable ABI of CPython 3.9, in which pyo3 can only define functions
//! with `METH_VARARGS | METH_KEYWORDS`: every call builds an argument tuple, and that
//! boundary cost more than the validation itself. `METH_FASTCALL` (PEP 590, the arguments as
//! a C array) joined the stable ABI in CPython 3.10, so on 3.10 and later the module
//! replaces `is_valid` by the function below; on 3.9 the pyo3 function stays.
//!
//! The fast function takes the calls a user writes (`is_valid(s)`, `is_valid(s, kind)`,
//! `is_valid(s, kind=...)` with `str` arguments and a known kind) and hands every other call
//! (a wrong type, an unknown kind or keyword, a wrong count) to the pyo3 function, which
//! raises exactly the error it always raised. Both give the same answer: the tests call each
//! on the same inputs.

use std::ffi::{c_char, c_int, CString};
use std::sync::OnceLock;

use pyo3::ffi::{self, PyObject, Py_ssize_t};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use iri::Kind;

/// `METH_FASTCALL` (CPython's `methodobject.h`, in the stable ABI since 3.10).
const METH_FASTCALL: c_int = 0x0080;

/// The pyo3 function that answers every call the fast path does not take.
static FULL: OnceLock<Py<PyAny>> = OnceLock::new();

/// The UTF-8 view of a `str` (cached in the object by CPython), or `None` with a Python
/// error set (a lone surrogate). The stable ABI of Python 3.9 lacks
/// `PyUnicode_AsUTF8AndSize` (pyo3 then encodes into a new `bytes` for each `&str`
/// argument); every CPython 3.9+ exports it, and 3.10 added it to the stable ABI unchanged.
///
/// # Safety
/// `s` is a live `str` object and the GIL is held; the view lives as long as `s`.
pub(crate) unsafe fn utf8<'a>(s: *mut PyObject) -> Option<&'a str> {
    extern "C" {
        fn PyUnicode_AsUTF8AndSize(unicode: *mut PyObject, size: *mut Py_ssize_t) -> *const c_char;
    }
    let mut size: Py_ssize_t = 0;
    // SAFETY: the caller's contract; NULL means an error, which is left set for the caller.
    unsafe {
        let data = PyUnicode_AsUTF8AndSize(s, &mut size);
        if data.is_null() {
            return None;
        }
        let bytes = std::slice::from_raw_parts(data.cast::<u8>(), size as usize);
        Some(std::str::from_utf8_unchecked(bytes))
    }
}

/// How many keyword arguments a fastcall call passes (`kwnames` is NULL when none).
///
/// # Safety
/// `kwnames` is NULL or a tuple, and the GIL is held.
unsafe fn keyword_count(kwnames: *mut PyObject) -> Py_ssize_t {
    if kwnames.is_null() {
        0
    } else {
        // SAFETY: a live tuple, by the caller's contract.
        unsafe { ffi::PyTuple_Size(kwnames) }
    }
}

/// What the call asks for, when the fast path can answer it: the text and the kind.
///
/// # Safety
/// The arguments are those CPython passes to a `METH_FASTCALL | METH_KEYWORDS` function.
unsafe fn fast_arguments(
    args: *const *mut PyObject,
    nargs: Py_ssize_t,
    kwnames: *mut PyObject,
) -> Option<(*mut PyObject, Option<*mut PyObject>)> {
    // SAFETY: `args` holds `nargs` positional arguments followed by one value per keyword
    // name in the tuple `kwnames` (or NULL), all borrowed for the call.
    unsafe {
        let (s, kind) = match (nargs, keyword_count(kwnames)) {
            (1, 0) => (*args, None),
            (2, 0) => (*args, Some(*args.add(1))),
            (1, 1) => {
                let name = ffi::PyTuple_GetItem(kwnames, 0);
                if name.is_null()
                    || ffi::PyUnicode_CompareWithASCIIString(name, c"kind".as_ptr()) != 0
                {
                    ffi::PyErr_Clear();
                    return None;
                }
                (*args, Some(*args.add(1)))
            }
            _ => return None,
        };
        let is_str = |o: *mut PyObject| ffi::PyUnicode_Check(o) != 0;
        (is_str(s) && kind.is_none_or(is_str)).then_some((s, kind))
    }
}

/// Calls the pyo3 function with the same arguments.
///
/// # Safety
/// As [`fast_arguments`]; the GIL is held.
unsafe fn full_call(
    args: *const *mut PyObject,
    nargs: Py_ssize_t,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: CPython calls this function with the GIL held.
    let py = unsafe { Python::assume_attached() };
    let result = (|| -> PyResult<Py<PyAny>> {
        let full = FULL.get().expect("set before the function is published");
        // SAFETY: as `fast_arguments`: positional arguments, then one per keyword name.
        let (positional, keywords) = unsafe {
            let nkw = keyword_count(kwnames);
            let all = std::slice::from_raw_parts(args, (nargs + nkw) as usize);
            let positional: Vec<Bound<'_, PyAny>> = all[..nargs as usize]
                .iter()
                .map(|&o| Bound::from_borrowed_ptr(py, o))
                .collect();
            let keywords = PyDict::new(py);
            if nkw > 0 {
                let names = Bound::from_borrowed_ptr(py, kwnames).cast_into::<PyTuple>()?;
                for (name, &value) in names.iter().zip(&all[nargs as usize..]) {
                    keywords.set_item(name, Bound::from_borrowed_ptr(py, value))?;
                }
            }
            (positional, keywords)
        };
        Ok(full
            .bind(py)
            .call(PyTuple::new(py, positional)?, Some(&keywords))?
            .unbind())
    })();
    match result {
        Ok(v) => v.into_ptr(),
        Err(e) => {
            e.restore(py);
            std::ptr::null_mut()
        }
    }
}

/// `iri.is_valid` as a `METH_FASTCALL | METH_KEYWORDS` function.
///
/// # Safety
/// Called by CPython only, with the GIL held and the fastcall arguments.
unsafe extern "C" fn is_valid_fast(
    _module: *mut PyObject,
    args: *const *mut PyObject,
    nargs: Py_ssize_t,
    kwnames: *mut PyObject,
) -> *mut PyObject {
    // SAFETY: the arguments come from CPython as the fastcall convention describes.
    let Some((s, kind)) = (unsafe { fast_arguments(args, nargs, kwnames) }) else {
        // SAFETY: as above.
        return unsafe { full_call(args, nargs, kwnames) };
    };
    let kind = match kind {
        None => Kind::IriReference,
        // SAFETY: `k` is a live `str` (checked by `fast_arguments`).
        Some(k) => match unsafe { utf8(k) }.and_then(Kind::from_name) {
            Some(k) => k,
            None => {
                // SAFETY: the GIL is held; the pyo3 function reports the unknown kind.
                unsafe {
                    ffi::PyErr_Clear();
                    return full_call(args, nargs, kwnames);
                }
            }
        },
    };
    // SAFETY: `s` is a live `str`. NULL: a lone surrogate, in no IRI (False, the error
    // cleared), or another error, left set.
    let Some(text) = (unsafe { utf8(s) }) else {
        // SAFETY: the GIL is held and an error is set.
        unsafe {
            if ffi::PyErr_ExceptionMatches(ffi::PyExc_UnicodeEncodeError) != 0 {
                ffi::PyErr_Clear();
                ffi::Py_IncRef(ffi::Py_False());
                return ffi::Py_False();
            }
        }
        return std::ptr::null_mut();
    };
    // Validation does not panic (it is fuzzed); should it ever, the pyo3 function turns the
    // panic into an exception instead of unwinding into CPython.
    match std::panic::catch_unwind(|| iri::validate(text, kind).is_ok()) {
        // SAFETY: `Py_True`/`Py_False` are immortal or reference-counted singletons; a new
        // reference is returned.
        Ok(valid) => unsafe {
            let b = if valid {
                ffi::Py_True()
            } else {
                ffi::Py_False()
            };
            ffi::Py_IncRef(b);
            b
        },
        // SAFETY: as above.
        Err(_) => unsafe { full_call(args, nargs, kwnames) },
    }
}

/// Replaces the module's `is_valid` by the fastcall function on CPython 3.10 and later,
/// with the same name, docstring and signature; the pyo3 function answers the rest.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    if py.version_info() < (3, 10) {
        return Ok(());
    }
    let full = m.getattr("is_valid")?;
    let doc: String = full.getattr("__doc__")?.extract()?;
    let signature: String = full.getattr("__text_signature__")?.extract()?;
    // CPython reads the signature from the first line of the C docstring.
    let ml_doc = CString::new(format!("is_valid{signature}\n--\n\n{doc}"))
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    // Kept under a private name too, so the tests can compare the two on the same inputs.
    m.setattr("_is_valid_full", &full)?;
    let _ = FULL.set(full.unbind());
    // The definition must outlive the function object: it lives as long as the process.
    let def = Box::leak(Box::new(ffi::PyMethodDef {
        ml_name: c"is_valid".as_ptr(),
        ml_meth: ffi::PyMethodDefPointer {
            // SAFETY: a function pointer of another signature; CPython calls it with the
            // fastcall arguments that `ml_flags` announce.
            PyCFunction: unsafe {
                std::mem::transmute::<
                    unsafe extern "C" fn(
                        *mut PyObject,
                        *const *mut PyObject,
                        Py_ssize_t,
                        *mut PyObject,
                    ) -> *mut PyObject,
                    ffi::PyCFunction,
                >(is_valid_fast)
            },
        },
        ml_flags: METH_FASTCALL | ffi::METH_KEYWORDS,
        ml_doc: Box::leak(ml_doc.into_boxed_c_str()).as_ptr(),
    }));
    let name = PyString::new(py, &m.name()?.to_string());
    // SAFETY: `def` lives forever; the module and its name are live; a new reference (or
    // NULL with an error set) is returned.
    let f = unsafe {
        let ptr = ffi::PyCMethod_New(def, m.as_ptr(), name.as_ptr(), std::ptr::null_mut());
        Bound::from_owned_ptr_or_err(py, ptr)?
    };
    m.setattr("is_valid", f)
}
