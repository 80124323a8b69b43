//! The fields of a RON struct as text: where each `key: value` is, so
//! that a family section is parsed by its own type from its own text
//! (its errors keep the line and column of the file) and `extends` merges
//! profiles field by field without a dynamic value model.
//!
//! This is a scanner, not a parser: it finds the struct's top-level
//! fields by skipping whitespace, comments, strings, raw strings,
//! characters and balanced brackets, and leaves the values to `ron`. It
//! runs on text `ron` has already accepted.

/// One `key: value` of a struct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    /// The field name.
    pub key: &'a str,
    /// The value's text, from its first token to its last (comments
    /// around it left out).
    pub value: &'a str,
    /// Byte offset of `value` in the scanned text.
    pub at: usize,
}

/// A RON struct: its `#![enable(...)]` attributes and its fields in text
/// order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Struct<'a> {
    /// Each attribute, `#![enable(...)]`.
    pub attributes: Vec<&'a str>,
    /// The fields.
    pub fields: Vec<Field<'a>>,
}

/// Scans `text` as one RON struct — attributes, an optional struct name,
/// `(`, `key: value` pairs, `)` — and nothing after it but whitespace
/// and comments. `None` when the text is not of that shape.
pub fn fields(text: &str) -> Option<Struct<'_>> {
    let b = text.as_bytes();
    let mut i = skip_ws(b, 0);
    let mut attributes = Vec::new();
    while b[i..].starts_with(b"#!") {
        let start = i;
        i = skip_ws(b, i + 2);
        if b.get(i) != Some(&b'[') {
            return None;
        }
        i = skip_group(b, i)?;
        attributes.push(&text[start..i]);
        i = skip_ws(b, i);
    }
    if let Some(end) = ident(b, i) {
        i = skip_ws(b, end);
    }
    if b.get(i) != Some(&b'(') {
        return None;
    }
    i += 1;
    let mut out = Vec::new();
    loop {
        i = skip_ws(b, i);
        if b.get(i) == Some(&b')') {
            i += 1;
            break;
        }
        let key_end = ident(b, i)?;
        let key = text[i..key_end].trim_start_matches("r#");
        i = skip_ws(b, key_end);
        if b.get(i) != Some(&b':') {
            return None;
        }
        i = skip_ws(b, i + 1);
        let (end, last) = skip_value(b, i)?;
        if last == i {
            return None;
        }
        out.push(Field {
            key,
            value: &text[i..last],
            at: i,
        });
        i = end;
        match b.get(i) {
            Some(b',') => i += 1,
            Some(b')') => {
                i += 1;
                break;
            }
            _ => return None,
        }
    }
    (skip_ws(b, i) == b.len()).then_some(Struct {
        attributes,
        fields: out,
    })
}

/// The fields of a value written as a struct with at least one field
/// (`(draw_buffers: 8)`); `None` for any other value (`Some("x")`,
/// `Uniform("x")`, `[...]`, `()`, `Drop`).
pub fn struct_fields(value: &str) -> Option<Vec<Field<'_>>> {
    let s = fields(value)?;
    (s.attributes.is_empty() && !s.fields.is_empty()).then_some(s.fields)
}

/// 1-based line and byte column of byte offset `at` in `text`, as `ron`
/// counts them.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..at.min(text.len())];
    let line = 1 + before.iter().filter(|&&c| c == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |p| p + 1);
    (line, at - line_start + 1)
}

/// Skips whitespace and comments (`// ...`, `/* ... */`, nested).
fn skip_ws(b: &[u8], mut i: usize) -> usize {
    loop {
        match b.get(i) {
            Some(b' ' | b'\t' | b'\n' | b'\r') => i += 1,
            Some(b'/') if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            Some(b'/') if b.get(i + 1) == Some(&b'*') => {
                let mut depth = 0usize;
                while i < b.len() {
                    if b[i..].starts_with(b"/*") {
                        depth += 1;
                        i += 2;
                    } else if b[i..].starts_with(b"*/") {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            _ => return i,
        }
    }
}

/// The end of an identifier (or raw identifier `r#name`) at `i`.
fn ident(b: &[u8], i: usize) -> Option<usize> {
    let start = if b[i..].starts_with(b"r#") { i + 2 } else { i };
    let first = *b.get(start)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let mut j = start + 1;
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
        j += 1;
    }
    Some(j)
}

/// The end of a string, raw string, byte string or character literal
/// starting at `i`, if one starts there.
fn skip_literal(b: &[u8], i: usize) -> Option<Option<usize>> {
    let mut j = i;
    if b.get(j) == Some(&b'b') && matches!(b.get(j + 1), Some(b'"' | b'\'' | b'r')) {
        j += 1;
    }
    match b.get(j) {
        Some(q @ (b'"' | b'\'')) => {
            let q = *q;
            j += 1;
            while j < b.len() {
                match b[j] {
                    b'\\' => j += 2,
                    c if c == q => return Some(Some(j + 1)),
                    _ => j += 1,
                }
            }
            Some(None)
        }
        Some(b'r') => {
            let mut k = j + 1;
            while b.get(k) == Some(&b'#') {
                k += 1;
            }
            if b.get(k) != Some(&b'"') {
                return None;
            }
            let hashes = k - j - 1;
            k += 1;
            while k < b.len() {
                if b[k] == b'"'
                    && b[k + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&c| c == b'#')
                        .count()
                        == hashes
                {
                    return Some(Some(k + 1 + hashes));
                }
                k += 1;
            }
            Some(None)
        }
        _ => None,
    }
}

/// Skips a bracketed group starting at `b[i]` (`(`, `[` or `{`).
fn skip_group(b: &[u8], i: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = i;
    while j < b.len() {
        if let Some(end) = skip_literal(b, j) {
            j = end?;
            continue;
        }
        let k = skip_ws(b, j);
        if k != j {
            j = k;
            continue;
        }
        match b[j] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(j + 1);
                }
            }
            _ => {}
        }
        j += 1;
    }
    None
}

/// Skips one value starting at `i`: returns where it stops (a `,` or `)`
/// of the enclosing struct, or the end) and where its last token ends.
fn skip_value(b: &[u8], mut i: usize) -> Option<(usize, usize)> {
    let mut last = i;
    while i < b.len() {
        if let Some(end) = skip_literal(b, i) {
            i = end?;
            last = i;
            continue;
        }
        let k = skip_ws(b, i);
        if k != i {
            i = k;
            continue;
        }
        match b[i] {
            b'(' | b'[' | b'{' => {
                i = skip_group(b, i)?;
                last = i;
            }
            b',' | b')' | b']' | b'}' => return Some((i, last)),
            _ => {
                i += 1;
                last = i;
            }
        }
    }
    Some((i, last))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_around_comments_strings_and_brackets() {
        let text = "#![enable(implicit_some)]\n// head\nProfile(\n  name: \"a, b) // c\", /* x, ) */\n  passes: [(name: \"p\", params: {\"k\": \"v\"})],\n  r#decl_io: (noperspective: Drop // keep\n  ),\n  c: 'x', d: r#\"q\"#)\n";
        let s = fields(text).expect("a struct");
        assert_eq!(s.attributes, ["#![enable(implicit_some)]"]);
        let kv: Vec<(&str, &str)> = s.fields.iter().map(|f| (f.key, f.value)).collect();
        assert_eq!(
            kv,
            [
                ("name", "\"a, b) // c\""),
                ("passes", "[(name: \"p\", params: {\"k\": \"v\"})]"),
                ("decl_io", "(noperspective: Drop // keep\n  )"),
                ("c", "'x'"),
                ("d", "r#\"q\"#"),
            ]
        );
        for f in &s.fields {
            assert_eq!(&text[f.at..f.at + f.value.len()], f.value);
        }
        assert_eq!(line_col(text, s.fields[0].at), (4, 9));
    }

    #[test]
    fn only_structs_with_fields_merge_field_by_field() {
        let f = struct_fields("(draw_buffers: 8, texture_units: 32)").expect("struct");
        assert_eq!(f.len(), 2);
        assert_eq!((f[1].key, f[1].value), ("texture_units", "32"));
        for v in [
            "Some(\"x\")",
            "Uniform(\"x\")",
            "[1, 2]",
            "()",
            "Drop",
            "\"(a: 1)\"",
        ] {
            assert_eq!(struct_fields(v), None, "{v}");
        }
    }

    #[test]
    fn other_shapes_are_not_structs() {
        for t in ["", "# Notes", "(a: 1) trailing", "(a 1)", "(a: 1", "[a]"] {
            assert_eq!(fields(t), None, "{t}");
        }
        assert_eq!(fields("()").map(|s| s.fields.len()), Some(0));
    }
}
