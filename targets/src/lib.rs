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
    Profile::from_ron(text).map_err(|e| {
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
    load_chain(name_or_path, &mut Vec::new()).map(|(p, _)| p)
}

/// Parses RON text as [`load`] reads a file, resolving its `extends` (a
/// built-in name or a path): an inline profile such as
/// `(extends: Some("webgl2"), nan_exact: true)`. `source_name` is used in
/// errors.
pub fn load_str(text: &str, source_name: &str) -> Result<Profile, ProfileError> {
    resolve(text, source_name, &mut vec![source_name.to_string()]).map(|(p, _)| p)
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

/// A resolved profile and its text (`extends` merged in).
type Resolved = (Profile, String);

fn load_chain(name_or_path: &str, stack: &mut Vec<String>) -> Result<Resolved, ProfileError> {
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

/// Parses `text` and merges it over the profile it extends: the fields
/// it sets over the parent's, field by field inside `limits` and the
/// family sections (`dxlower_core::profile::merge_ron`).
fn resolve(
    text: &str,
    source_name: &str,
    stack: &mut Vec<String>,
) -> Result<Resolved, ProfileError> {
    let child = parse(text, source_name)?;
    let Some(parent_name) = child.extends.clone() else {
        return Ok((child, text.to_string()));
    };
    let parent_path = extends_target(&parent_name, source_name);
    let (_, parent_text) = load_chain(&parent_path, stack).map_err(|e| match e {
        ProfileError::Unknown { name, known, io } => ProfileError::Extends(format!(
            "{source_name}: extends `{name}`, which is neither built in ({known}) nor a file: {io}"
        )),
        other => other,
    })?;
    let merged = dxlower_core::profile::merge_ron(&parent_text, text).ok_or_else(|| {
        ProfileError::Extends(format!("{source_name}: cannot merge over `{parent_name}`"))
    })?;
    let profile = parse(&merged, source_name).map_err(|e| ProfileError::Extends(e.to_string()))?;
    Ok((profile, merged))
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
    fn written_profiles_read_back_equal() {
        let pretty = ron::ser::PrettyConfig::new().struct_names(false);
        for n in names() {
            let p = load(n).unwrap();
            for cfg in [None, Some(&pretty)] {
                let text = p.to_ron(cfg).unwrap();
                let back = Profile::from_ron(&text).unwrap_or_else(|e| panic!("{n}: {e}\n{text}"));
                assert_eq!(back, p, "{n}");
            }
        }
        // Every registered section is written, set or not.
        let text = Profile::default().to_ron(None).unwrap();
        for s in dxlower_core::profile::sections() {
            assert!(
                text.contains(&format!(",{}:(", s.name)),
                "{}: {text}",
                s.name
            );
        }
    }

    #[test]
    fn section_errors_are_positioned_in_the_whole_text() {
        let key = "noperspectiv";
        for text in [
            "#![enable(implicit_some)] (nan_exact: true, decl_io: (noperspectiv: Drop))",
            "#![enable(implicit_some)]\n(\n  decl_io: (sample_variables: true,\n    noperspectiv: Drop))",
        ] {
            let at = text.find(key).unwrap() + key.len();
            let line = 1 + text[..at].matches('\n').count();
            let col = at - text[..at].rfind('\n').map_or(0, |p| p + 1) + 1;
            let e = parse(text, "t.ron").unwrap_err().to_string();
            assert!(e.starts_with(&format!("t.ron:{line}:{col}: ")), "{e}");
            assert!(e.contains(key) && e.contains("DeclIoSwitches"), "{e}");
        }
        // A section is read with the attributes in front of it.
        let p = parse(
            "#![enable(implicit_some)] (texture_sample: (resinfo_mip_count: Uniform(\"m\")))",
            "t.ron",
        )
        .unwrap();
        assert_eq!(
            p.switches::<dxlower_lowerings::texture_sample::TextureSampleSwitches>()
                .resinfo_mip_count,
            dxlower_lowerings::texture_sample::switches::ResinfoMipCount::Uniform("m".into())
        );
    }

    #[test]
    fn inline_sections_merge_field_by_field() {
        let p = load_str(
            "(extends: Some(\"native\"), decl_io: (sample_variables: true), limits: (draw_buffers: 8))",
            "inline",
        )
        .unwrap();
        let native = load("native").unwrap();
        let (d, n) = (
            p.switches::<DeclIoSwitches>(),
            native.switches::<DeclIoSwitches>(),
        );
        assert!(d.sample_variables && !n.sample_variables);
        assert_eq!(d.noperspective, n.noperspective);
        assert_eq!(d.integer_vertex_attributes, n.integer_vertex_attributes);
        assert_eq!(p.limits.draw_buffers, 8);
        assert_eq!(p.limits.vertex_attributes, native.limits.vertex_attributes);
        assert_eq!(p.register_model, native.register_model);
        // A value that is not a struct replaces the parent's whole.
        let p = load_str("(extends: Some(\"ccpwgl\"), passes: [])", "inline").unwrap();
        assert!(p.passes.is_empty());
        assert_eq!(attrs(&p), attrs(&load("ccpwgl").unwrap()));
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
