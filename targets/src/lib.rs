//! # dxlower-targets
//!
//! The built-in target profiles of dxlower, written in RON and embedded in
//! the binary (`profiles/*.ron`), and the loader that resolves a profile by
//! built-in name or by path. A new target is a new RON file; nothing in core
//! or in a family crate changes.
//!
//! Unknown keys and bad values are errors that carry the RON line and
//! column. Every switch left out of a file keeps its default, which is the
//! `webgl2` value (see `dxlower_core::profile`).
//!
//! Reading profile files is the `fs` feature's: without it (the
//! WebAssembly package) the built-in profiles and RON text
//! ([`load_str`]) resolve as usual, and a name that is not built in is
//! [`ProfileError::Unknown`] without any file-system access.

use dxlower_core::Profile;
#[cfg(feature = "fs")]
use std::path::Path;

/// Built-in profiles: `(name, RON text)`.
pub const BUILTIN: &[(&str, &str)] = &[
    ("webgl2", include_str!("../profiles/webgl2.ron")),
    ("webgl2-fast", include_str!("../profiles/webgl2-fast.ron")),
    ("ccpwgl", include_str!("../profiles/ccpwgl.ron")),
    ("native", include_str!("../profiles/native.ron")),
];

/// Why a profile could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// Neither a built-in name nor an existing file.
    #[error("unknown profile `{name}` (built-in: {known}) and no such file: {io}")]
    Unknown {
        /// What was asked for.
        name: String,
        /// The built-in names.
        known: String,
        /// The file error.
        io: std::io::Error,
    },
    /// A profile file that exists but cannot be read (a directory, no
    /// permission, not UTF-8).
    #[error("cannot read profile {path}: {io}")]
    Read {
        /// The path.
        path: String,
        /// The operating system's reason.
        io: std::io::Error,
    },
    /// The RON text is invalid (syntax, unknown key, bad value).
    #[error("{source_name}:{line}:{col}: {message}")]
    Ron {
        /// File or built-in name.
        source_name: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        col: usize,
        /// The parser's message.
        message: String,
    },
    /// `extends` names a profile that cannot be resolved, or forms a cycle.
    #[error("{0}")]
    Extends(String),
}

/// Parses RON text into a profile; `source_name` is used in errors.
pub fn parse(text: &str, source_name: &str) -> Result<Profile, ProfileError> {
    ron::from_str::<Profile>(text).map_err(|e| {
        // Text that is not RON at all gets a word on what a profile is; an
        // unknown key or bad value keeps the parser's message alone.
        let mut message = e.code.to_string();
        if ron::from_str::<ron::Value>(text).is_err() {
            message.push_str(
                " (not a RON profile: a profile is a RON struct such as \
                 `(extends: Some(\"webgl2\"), nan_exact: true)`)",
            );
        }
        ProfileError::Ron {
            source_name: source_name.to_string(),
            line: e.position.line,
            col: e.position.col,
            message,
        }
    })
}

/// Names of the built-in profiles.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// The RON text of a built-in profile.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Loads a profile by built-in name, or else from a RON file at that path,
/// resolving `extends`: the fields a file sets override those of the profile
/// it extends, recursively (a cycle is an error). Files are read only with
/// the `fs` feature.
pub fn load(name_or_path: &str) -> Result<Profile, ProfileError> {
    load_chain(name_or_path, &mut Vec::new())
}

/// Parses RON text as [`load`] reads a file, resolving its `extends` (a
/// built-in name or a path): an inline profile such as
/// `(extends: Some("webgl2"), nan_exact: true)`. `source_name` is used in
/// errors.
pub fn load_str(text: &str, source_name: &str) -> Result<Profile, ProfileError> {
    resolve(text, source_name, &mut vec![source_name.to_string()])
}

fn read_source(name_or_path: &str) -> Result<(String, String), ProfileError> {
    match builtin_text(name_or_path) {
        Some(text) => Ok((text.to_string(), format!("{name_or_path}.ron"))),
        None => read_file(name_or_path),
    }
}

/// Without the `fs` feature a name that is not built in is unknown.
#[cfg(not(feature = "fs"))]
fn read_file(name_or_path: &str) -> Result<(String, String), ProfileError> {
    Err(ProfileError::Unknown {
        name: name_or_path.to_string(),
        known: names().collect::<Vec<_>>().join(", "),
        io: std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "this build reads no profile files (pass the RON text instead)",
        ),
    })
}

#[cfg(feature = "fs")]
fn read_file(name_or_path: &str) -> Result<(String, String), ProfileError> {
    std::fs::read_to_string(Path::new(name_or_path))
        .map(|t| (t, name_or_path.to_string()))
        .map_err(|io| match io.kind() {
            std::io::ErrorKind::NotFound => ProfileError::Unknown {
                name: name_or_path.to_string(),
                known: names().collect::<Vec<_>>().join(", "),
                io,
            },
            _ => ProfileError::Read {
                path: name_or_path.to_string(),
                io,
            },
        })
}

/// Where `extends: Some(name)` of the profile read from `source_name` is
/// looked up: a built-in name as is; without the `fs` feature nothing
/// else is read, so the name is kept for the error.
#[cfg(not(feature = "fs"))]
fn extends_target(name: &str, _source_name: &str) -> String {
    name.to_string()
}

/// Where `extends: Some(name)` of the profile read from `source_name` is
/// looked up: a built-in name as is; a relative path against the directory
/// of the including file (when that file is a file: an inline profile's
/// relative paths are the working directory's).
#[cfg(feature = "fs")]
fn extends_target(name: &str, source_name: &str) -> String {
    if builtin_text(name).is_some() || Path::new(name).is_absolute() {
        return name.to_string();
    }
    match Path::new(source_name).parent() {
        Some(dir) if Path::new(source_name).is_file() && !dir.as_os_str().is_empty() => {
            dir.join(name).to_string_lossy().into_owned()
        }
        _ => name.to_string(),
    }
}

/// A top-level key a profile text sets, with the fields it sets inside when
/// its value is a struct.
type KeySet = (String, Option<Vec<String>>);

/// The keys a RON profile text sets: each top-level key, with the keys it
/// sets inside when its value is a struct (`limits: (draw_buffers: 8)`,
/// a family section `decl_io: (noperspective: Extension)`), so that
/// `extends` overrides field by field.
fn keys_set(text: &str, source_name: &str) -> Result<Vec<KeySet>, ProfileError> {
    let v: ron::Value = ron::from_str(text).map_err(|e| ProfileError::Ron {
        source_name: source_name.to_string(),
        line: e.position.line,
        col: e.position.col,
        message: e.code.to_string(),
    })?;
    let names = |m: &ron::Map| -> Vec<String> {
        m.keys()
            .filter_map(|k| match k {
                ron::Value::String(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    };
    match v {
        ron::Value::Map(m) => Ok(m
            .iter()
            .filter_map(|(k, v)| {
                let ron::Value::String(k) = k else {
                    return None;
                };
                let inner = match v {
                    ron::Value::Map(inner) if k != "passes" => Some(names(inner)),
                    _ => None,
                };
                Some((k.clone(), inner))
            })
            .collect()),
        _ => Ok(Vec::new()),
    }
}

fn load_chain(name_or_path: &str, stack: &mut Vec<String>) -> Result<Profile, ProfileError> {
    if stack.iter().any(|s| s == name_or_path) || stack.len() > 16 {
        stack.push(name_or_path.to_string());
        return Err(ProfileError::Extends(format!(
            "profile `extends` chain forms a cycle: {}",
            stack.join(" -> ")
        )));
    }
    stack.push(name_or_path.to_string());
    let (text, source_name) = read_source(name_or_path)?;
    resolve(&text, &source_name, stack)
}

/// Parses `text` and merges it over the profile it extends.
fn resolve(
    text: &str,
    source_name: &str,
    stack: &mut Vec<String>,
) -> Result<Profile, ProfileError> {
    let child = parse(text, source_name)?;
    let Some(parent_name) = child.extends.clone() else {
        return Ok(child);
    };
    let parent_path = extends_target(&parent_name, source_name);
    let parent = load_chain(&parent_path, stack).map_err(|e| match e {
        ProfileError::Unknown { name, known, io } => ProfileError::Extends(format!(
            "{source_name}: extends `{name}`, which is neither built in ({known}) nor a file: {io}"
        )),
        other => other,
    })?;
    let keys = keys_set(text, source_name)?;
    let to_json =
        |p: &Profile| serde_json::to_value(p).map_err(|e| ProfileError::Extends(e.to_string()));
    let mut merged = to_json(&parent)?;
    let child_json = to_json(&child)?;
    if let (Some(m), Some(c)) = (merged.as_object_mut(), child_json.as_object()) {
        for (k, inner) in &keys {
            let Some(v) = c.get(k) else {
                continue;
            };
            match (
                inner,
                m.get_mut(k).and_then(|p| p.as_object_mut()),
                v.as_object(),
            ) {
                (Some(fields), Some(parent), Some(child)) => {
                    for f in fields {
                        if let Some(x) = child.get(f) {
                            parent.insert(f.clone(), x.clone());
                        }
                    }
                }
                _ => {
                    m.insert(k.clone(), v.clone());
                }
            }
        }
    }
    serde_json::from_value(merged).map_err(|e| ProfileError::Extends(e.to_string()))
}

/// The default profile (`webgl2`).
pub fn default_profile() -> Profile {
    load("webgl2").unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    use dxlower_lowerings::decl_io::DeclIoSwitches;

    fn attrs(p: &Profile) -> dxlower_lowerings::decl_io::switches::IntegerVertexAttributes {
        p.switches::<DeclIoSwitches>().integer_vertex_attributes
    }

    #[test]
    fn builtins_parse_and_webgl2_is_the_default() {
        for n in names() {
            let p = load(n).unwrap_or_else(|e| panic!("{n}: {e}"));
            assert_eq!(p.name, n);
        }
        assert_eq!(load("webgl2").unwrap(), Profile::default());
        assert_ne!(attrs(&load("ccpwgl").unwrap()), attrs(&Profile::default()));
    }

    #[test]
    fn unknown_key_is_an_error_with_line_and_column() {
        let e = parse("(\n    name: \"x\",\n    nan_exactt: true,\n)", "t.ron").unwrap_err();
        let msg = e.to_string();
        assert!(msg.starts_with("t.ron:3:"), "{msg}");
        assert!(msg.contains("nan_exactt"), "{msg}");
    }

    #[test]
    fn bad_value_is_an_error() {
        let e = parse("(decl_io: (early_fragment_tests: Keep))", "t.ron").unwrap_err();
        assert!(e.to_string().contains("t.ron:1:"), "{e}");
        // A misspelt switch inside a family section names the section's
        // fields, with its position.
        let e = parse("(\n decl_io: (\n  noperspectiv: Drop))", "t.ron").unwrap_err();
        let msg = e.to_string();
        assert!(msg.starts_with("t.ron:3:"), "{msg}");
        assert!(msg.contains("noperspectiv"), "{msg}");
    }

    #[test]
    fn sections_merge_field_by_field() {
        // native sets decl_io.noperspective and .sample_variables; a child
        // that sets only .sample_variables keeps native's noperspective.
        let dir = std::env::temp_dir().join(format!("dxlower-sections-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let child = dir.join("child.ron");
        std::fs::write(
            &child,
            "(extends: Some(\"native\"), decl_io: (sample_variables: true), limits: (draw_buffers: 8))",
        )
        .unwrap();
        let p = load(child.to_str().unwrap()).unwrap();
        let native = load("native").unwrap();
        let (d, n) = (
            p.switches::<DeclIoSwitches>(),
            native.switches::<DeclIoSwitches>(),
        );
        assert!(d.sample_variables);
        assert_eq!(d.noperspective, n.noperspective);
        assert_ne!(
            d.noperspective,
            Profile::default()
                .switches::<DeclIoSwitches>()
                .noperspective
        );
        assert_eq!(p.limits.draw_buffers, 8);
        assert_eq!(p.limits.texture_units, native.limits.texture_units);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn inline_text_resolves_extends() {
        let p =
            load_str("(extends: Some(\"ccpwgl\"), nan_exact: true)", "inline").expect("resolves");
        let ccpwgl = load("ccpwgl").expect("built in");
        assert!(p.nan_exact);
        assert_eq!(p.name, ccpwgl.name);
        assert_eq!(p.passes, ccpwgl.passes);
        let e = load_str("(extends: Some(\"nope\"))", "inline").unwrap_err();
        assert!(e.to_string().contains("inline: extends `nope`"), "{e}");
    }

    #[test]
    fn extends_overrides_only_the_fields_a_file_sets() {
        let dir = std::env::temp_dir().join(format!("dxlower-profile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let base = dir.join("base.ron");
        std::fs::write(
            &base,
            "(name: \"base\", extends: Some(\"ccpwgl\"), nan_exact: true)",
        )
        .unwrap();
        let child = dir.join("child.ron");
        std::fs::write(
            &child,
            format!(
                "(name: \"child\", extends: Some({:?}), glsl_version: \"310 es\")",
                base.display().to_string()
            ),
        )
        .unwrap();
        let p = load(child.to_str().unwrap()).unwrap();
        assert_eq!(p.name, "child");
        assert_eq!(p.glsl_version, "310 es");
        assert!(p.nan_exact, "from base");
        // From ccpwgl, two levels up.
        assert_eq!(attrs(&p), attrs(&load("ccpwgl").unwrap()));
        // A cycle is an error.
        std::fs::write(
            &base,
            format!("(extends: Some({:?}))", child.display().to_string()),
        )
        .unwrap();
        let e = load(child.to_str().unwrap()).unwrap_err().to_string();
        assert!(e.contains("cycle"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn extends_resolves_against_the_including_file() {
        let dir = std::env::temp_dir().join(format!("dxlower-rel-{}", std::process::id()));
        let sub = dir.join("sub");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join("base.ron"), "(name: \"base\", nan_exact: true)").unwrap();
        std::fs::write(
            sub.join("child.ron"),
            "(name: \"child\", extends: Some(\"base.ron\"))",
        )
        .unwrap();
        // Loaded from another working directory, `base.ron` is still the
        // one beside `child.ron`.
        let p = load(sub.join("child.ron").to_str().unwrap()).unwrap();
        assert!(p.nan_exact, "from sub/base.ron");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn messages_say_what_is_wrong_with_the_file() {
        let dir = std::env::temp_dir().join(format!("dxlower-msg-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A directory exists: the reason is the OS's, not "no such file".
        let e = load(dir.to_str().unwrap()).unwrap_err().to_string();
        assert!(e.starts_with("cannot read profile "), "{e}");
        assert!(!e.contains("no such file"), "{e}");
        // A file that is not RON says so, with its position.
        let md = dir.join("notes.md");
        std::fs::write(&md, "# Notes\n").unwrap();
        let e = load(md.to_str().unwrap()).unwrap_err().to_string();
        assert!(e.contains("notes.md:1:"), "{e}");
        assert!(e.contains("not a RON profile"), "{e}");
        // A misspelt key is an error of its own, without that hint.
        let e = parse("(nan_exactt: true)", "t.ron")
            .unwrap_err()
            .to_string();
        assert!(!e.contains("not a RON profile"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn unknown_name_lists_builtins() {
        let e = load("no-such-profile").unwrap_err().to_string();
        assert!(e.contains("webgl2, webgl2-fast, ccpwgl, native"), "{e}");
    }
}
