//! A JSON value that keeps its keys in the order they were written (the
//! package's key order is part of its documented shape), and its compact
//! and indented renderings. Strings and numbers are rendered by
//! `serde_json`, so escaping and float formatting are standard (a float
//! that is not finite becomes `null`).

/// A JSON value with ordered object keys.
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Arr(Vec<J>),
    /// An object, keys in order.
    Obj(Vec<(String, J)>),
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for J {
            fn from(v: $t) -> J {
                J::Int(v as i64)
            }
        }
    )*};
}
from_int!(u8, u16, u32, u64, usize, i32, i64);

impl From<bool> for J {
    fn from(v: bool) -> J {
        J::Bool(v)
    }
}
impl From<f32> for J {
    fn from(v: f32) -> J {
        J::Float(f64::from(v))
    }
}
impl From<f64> for J {
    fn from(v: f64) -> J {
        J::Float(v)
    }
}
impl From<String> for J {
    fn from(v: String) -> J {
        J::Str(v)
    }
}
impl From<&str> for J {
    fn from(v: &str) -> J {
        J::Str(v.to_string())
    }
}
impl From<&String> for J {
    fn from(v: &String) -> J {
        J::Str(v.clone())
    }
}
impl<T: Into<J>> From<Option<T>> for J {
    fn from(v: Option<T>) -> J {
        v.map_or(J::Null, Into::into)
    }
}
impl<T: Into<J>> From<Vec<T>> for J {
    fn from(v: Vec<T>) -> J {
        J::Arr(v.into_iter().map(Into::into).collect())
    }
}

/// An object: `obj! { "key" => value, ... }`.
#[macro_export]
macro_rules! obj {
    ($($k:expr => $v:expr),* $(,)?) => {
        $crate::json::J::Obj(vec![$(($k.to_string(), $crate::json::J::from($v))),*])
    };
}

fn scalar(out: &mut String, j: &J) -> bool {
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Int(i) => out.push_str(&i.to_string()),
        J::Float(f) => out.push_str(&serde_json::to_string(f).unwrap_or_else(|_| "null".into())),
        J::Str(s) => out.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into())),
        _ => return false,
    }
    true
}

impl J {
    /// Compact rendering (`,` and `:` without spaces), as the packages
    /// store their chunks.
    pub fn compact(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, None, 0);
        s
    }

    /// Indented rendering (two spaces), for people.
    pub fn pretty(&self) -> String {
        let mut s = String::new();
        self.write(&mut s, Some(2), 0);
        s
    }

    fn write(&self, out: &mut String, indent: Option<usize>, depth: usize) {
        if scalar(out, self) {
            return;
        }
        let (open, close, n) = match self {
            J::Arr(v) => ('[', ']', v.len()),
            J::Obj(v) => ('{', '}', v.len()),
            _ => unreachable!("scalars are written above"),
        };
        out.push(open);
        for i in 0..n {
            if i > 0 {
                out.push(',');
            }
            if let Some(w) = indent {
                out.push('\n');
                out.push_str(&" ".repeat(w * (depth + 1)));
            }
            match self {
                J::Arr(v) => v[i].write(out, indent, depth + 1),
                J::Obj(v) => {
                    scalar(out, &J::Str(v[i].0.clone()));
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    v[i].1.write(out, indent, depth + 1);
                }
                _ => {}
            }
        }
        if let (Some(w), true) = (indent, n > 0) {
            out.push('\n');
            out.push_str(&" ".repeat(w * depth));
        }
        out.push(close);
    }

    /// The value of `key` in an object.
    pub fn get(&self, key: &str) -> Option<&J> {
        match self {
            J::Obj(v) => v.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}
