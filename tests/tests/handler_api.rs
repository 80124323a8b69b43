//! The family crates use only the handler API: every method they call on
//! a context (`cx.<method>`) or on the stage state (`state().<field>`,
//! `st.<field>`) is described in `docs/handler-api.md`, and no family reads
//! the profile or the emitter directly.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn family_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../lowerings");
    let mut out = Vec::new();
    for family in std::fs::read_dir(&root).expect("lowerings") {
        let src = family.expect("entry").path().join("src");
        let Ok(entries) = std::fs::read_dir(&src) else {
            continue;
        };
        for e in entries {
            let p = e.expect("entry").path();
            if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The identifiers that follow `prefix` in `text` (`cx.` → `src`, `assign`).
fn after(text: &str, prefix: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before = rest[..i].chars().next_back();
        rest = &rest[i + prefix.len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// Source text without comment lines.
fn code(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn families_use_only_the_documented_api() {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/handler-api.md"),
    )
    .expect("docs/handler-api.md");
    let documented = |name: &str| {
        page.contains(&format!("cx.{name}("))
            || page.contains(&format!("cx.{name}::"))
            || page.contains(&format!("`{name}("))
            || page.contains(&format!("`{name}`"))
            || page.contains(&format!(", {name}("))
            || page.contains(&format!(" {name}()"))
    };
    let mut missing = BTreeSet::new();
    let mut forbidden = Vec::new();
    let files = family_sources();
    assert!(files.len() > 50, "family sources not found");
    for f in &files {
        let text = code(&std::fs::read_to_string(f).expect("source"));
        let names = after(&text, "cx.")
            .into_iter()
            .chain(after(&text, "state()."))
            .chain(after(&text, "st."));
        for n in names {
            if !documented(&n) {
                missing.insert(format!("{n} ({})", f.display()));
            }
        }
        for bad in [
            "cx.profile()",
            ".pass(\"",
            "replace_ident",
            "rename_ident",
            ".decls",
        ] {
            if text.contains(bad) {
                forbidden.push(format!("{}: {bad}", f.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "family crates use API not described in docs/handler-api.md:\n{}",
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
    assert!(
        forbidden.is_empty(),
        "family crates reach past the API:\n{}",
        forbidden.join("\n")
    );
}

#[test]
fn the_scanner_sees_method_calls() {
    let t = code("let a = cx.src(inst, 1);\n// cx.hidden()\nlet b = foo_cx.bar();\nlet c = cx.state().temps;");
    assert_eq!(
        after(&t, "cx."),
        BTreeSet::from(["src".to_string(), "state".to_string()])
    );
    assert_eq!(after(&t, "state()."), BTreeSet::from(["temps".to_string()]));
}
