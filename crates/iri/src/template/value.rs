//! Variable values (RFC 6570 §2.3, §2.4.2): strings, lists and associative arrays, and the
//! set of named values an expansion reads and a match returns.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

/// A variable's value (RFC 6570 §2.3): a string, a list of strings, or an associative
/// array, kept as name/value pairs in their order.
///
/// An empty list and an empty associative array are *undefined* (§2.3), like a variable
/// that has no value at all; an empty string is defined.
///
/// ```
/// use iri::template::Value;
/// assert_eq!(Value::from("x").as_str(), Some("x"));
/// assert!(Value::list(Vec::<String>::new()).is_undefined());
/// assert!(!Value::from("").is_undefined());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Value {
    /// A string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// An associative array: name/value pairs, in order.
    Map(Vec<(String, String)>),
}

impl Value {
    /// A list value.
    ///
    /// ```
    /// let v = iri::template::Value::list(["red", "green"]);
    /// assert_eq!(v, iri::template::Value::List(vec!["red".into(), "green".into()]));
    /// ```
    pub fn list<I, S>(items: I) -> Value
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Value::List(items.into_iter().map(Into::into).collect())
    }

    /// An associative array value, its pairs in the given order.
    ///
    /// ```
    /// let v = iri::template::Value::map([("semi", ";"), ("dot", ".")]);
    /// assert!(matches!(v, iri::template::Value::Map(ref pairs) if pairs.len() == 2));
    /// ```
    pub fn map<I, K, V>(pairs: I) -> Value
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        Value::Map(
            pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }

    /// The string, if the value is one.
    ///
    /// ```
    /// assert_eq!(iri::template::Value::list(["a"]).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// Whether the value counts as undefined (§2.3): an empty list or associative array.
    ///
    /// ```
    /// assert!(iri::template::Value::map(Vec::<(String, String)>::new()).is_undefined());
    /// ```
    pub fn is_undefined(&self) -> bool {
        match self {
            Value::String(_) => false,
            Value::List(l) => l.is_empty(),
            Value::Map(m) => m.is_empty(),
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::String(String::from(s))
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::String(s)
    }
}

impl From<Vec<String>> for Value {
    fn from(l: Vec<String>) -> Value {
        Value::List(l)
    }
}

impl From<Vec<(String, String)>> for Value {
    fn from(m: Vec<(String, String)>) -> Value {
        Value::Map(m)
    }
}

/// Named values for an expansion, or the result of a match; names in sorted order.
///
/// A name without a value is undefined (§2.3).
///
/// ```
/// use iri::template::{Value, Vars};
/// let mut vars = Vars::new().with("a", "1");
/// vars.insert("b", Value::list(["x", "y"]));
/// assert_eq!(vars.len(), 2);
/// assert_eq!(vars.get("a"), Some(&Value::from("1")));
/// assert_eq!(vars.iter().map(|(k, _)| k).collect::<Vec<_>>(), ["a", "b"]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Vars {
    map: BTreeMap<String, Value>,
}

impl Vars {
    /// No variables.
    ///
    /// ```
    /// assert!(iri::template::Vars::new().is_empty());
    /// ```
    pub fn new() -> Vars {
        Vars::default()
    }

    /// These variables and one more (replacing a value of the same name).
    ///
    /// ```
    /// let vars = iri::template::Vars::new().with("x", "1").with("x", "2");
    /// assert_eq!(vars.get("x").unwrap().as_str(), Some("2"));
    /// ```
    pub fn with(mut self, name: impl Into<String>, value: impl Into<Value>) -> Vars {
        self.insert(name, value);
        self
    }

    /// Sets a variable, returning its former value.
    ///
    /// ```
    /// let mut vars = iri::template::Vars::new();
    /// assert!(vars.insert("x", "1").is_none());
    /// assert!(vars.insert("x", "2").is_some());
    /// ```
    pub fn insert(&mut self, name: impl Into<String>, value: impl Into<Value>) -> Option<Value> {
        self.map.insert(name.into(), value.into())
    }

    /// Removes a variable, returning its value.
    ///
    /// ```
    /// let mut vars = iri::template::Vars::new().with("x", "1");
    /// assert!(vars.remove("x").is_some());
    /// assert!(vars.is_empty());
    /// ```
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        self.map.remove(name)
    }

    /// A variable's value.
    ///
    /// ```
    /// assert!(iri::template::Vars::new().get("x").is_none());
    /// ```
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.map.get(name)
    }

    /// The variables, by name.
    ///
    /// ```
    /// let vars = iri::template::Vars::new().with("b", "2").with("a", "1");
    /// assert_eq!(vars.iter().next().unwrap().0, "a");
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> + '_ {
        self.map.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// How many variables have a value.
    ///
    /// ```
    /// assert_eq!(iri::template::Vars::new().with("a", "").len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no variable has a value.
    ///
    /// ```
    /// assert!(iri::template::Vars::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Vars {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Vars {
        let mut vars = Vars::new();
        for (k, v) in iter {
            vars.insert(k, v);
        }
        vars
    }
}
