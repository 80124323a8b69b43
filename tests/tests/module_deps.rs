//! The modules of each translator crate depend on each other in one
//! direction: `dxlower-dxbc`, `dxlower-core`, every family crate and
//! `dxlower-targets`.
//!
//! Every `crate::<module>` path in code (comments, doc comments and unit
//! tests do not count), and every `crate::<Name>` of a name the crate root re-exports,
//! is an edge from the module that writes it to the module it names; the
//! graph must have no cycle. The test prints the modules in dependency
//! order (each after everything it uses).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Code lines of a source file: `//` comment lines dropped, and the unit
/// tests (`#[cfg(test)] mod ...` at the end of the file) too, which may use
/// any module.
fn code(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod ") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Identifiers that follow `crate::` in `text` (each first segment of a
/// `crate::{a, b::c}` group too).
fn crate_paths(text: &str) -> BTreeSet<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The first segment of each top-level item of the group.
            let mut depth = 0;
            let mut item_start = true;
            for (k, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => item_start = true,
                    c if item_start && !c.is_whitespace() => {
                        let n = ident(&group[k..]);
                        if !n.is_empty() {
                            out.insert(n);
                        }
                        item_start = false;
                    }
                    _ => {}
                }
            }
            continue;
        }
        let name = ident(rest);
        if !name.is_empty() {
            out.insert(name);
        }
    }
    out
}

/// Root re-exports: `pub use module::{A, B};` / `pub use module::A;` →
/// name → module.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let flat = lib.replace('\n', " ");
    for stmt in flat.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        let names = names.trim().trim_start_matches('{').trim_end_matches('}');
        for n in names.split(',') {
            let n = n.trim();
            if !n.is_empty() {
                map.insert(n.to_string(), module.trim().to_string());
            }
        }
    }
    map
}

/// The modules of the crate at `dir` (relative to the workspace) in
/// dependency order; panics naming the modules of a cycle.
fn dependency_order(dir: &str) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir)
        .join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let names = reexports(&lib);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut modules = BTreeSet::new();
    for e in std::fs::read_dir(&src).expect("src") {
        let p = e.expect("entry").path();
        if p.extension().is_some_and(|x| x == "rs") {
            modules.insert(p.file_stem().unwrap().to_string_lossy().to_string());
        }
    }
    modules.remove("lib");
    for m in &modules {
        let text = std::fs::read_to_string(src.join(format!("{m}.rs"))).expect("module");
        let deps = crate_paths(&code(&text))
            .into_iter()
            .filter_map(|n| {
                if modules.contains(&n) {
                    Some(n)
                } else {
                    names.get(&n).cloned()
                }
            })
            .filter(|d| d != m)
            .collect();
        graph.insert(m.clone(), deps);
    }
    order_of(&graph).unwrap_or_else(|cycle| panic!("{dir}: modules in a cycle:\n{cycle}"))
}

/// The nodes of `graph` (node → the nodes it uses) in dependency order, or
/// the nodes left in a cycle.
fn order_of(graph: &BTreeMap<String, BTreeSet<String>>) -> Result<Vec<String>, String> {
    // Kahn's algorithm: repeatedly take the nodes whose dependencies are
    // all placed.
    let mut order: Vec<String> = Vec::new();
    let mut placed: BTreeSet<String> = BTreeSet::new();
    loop {
        let ready: Vec<String> = graph
            .iter()
            .filter(|(m, deps)| !placed.contains(*m) && deps.iter().all(|d| placed.contains(d)))
            .map(|(m, _)| m.clone())
            .collect();
        if ready.is_empty() {
            break;
        }
        for m in ready {
            placed.insert(m.clone());
            order.push(m);
        }
    }
    let left: Vec<String> = graph
        .iter()
        .filter(|(m, _)| !placed.contains(*m))
        .map(|(m, deps)| {
            let d: Vec<&String> = deps.iter().filter(|d| !placed.contains(*d)).collect();
            format!("{m} -> {d:?}")
        })
        .collect();
    if left.is_empty() {
        Ok(order)
    } else {
        Err(left.join("\n"))
    }
}

#[test]
fn modules_form_no_cycle() {
    for dir in [
        "core/dxbc",
        "lowerings/decl-io",
        "lowerings/float-alu",
        "lowerings/integer-conv",
        "lowerings/cmp-controlflow",
        "lowerings/texture-sample",
        "lowerings/memory-structured",
        "targets",
    ] {
        let order = dependency_order(dir);
        println!("{dir}: {}", order.join(", "));
    }
    let order = dependency_order("core/lower");
    println!("core/lower: {}", order.join(", "));
    // The translator's core modules come before the ones that drive them.
    let pos = |m: &str| order.iter().position(|x| x == m).unwrap_or(usize::MAX);
    assert!(pos("record") < pos("emit") && pos("emit") < pos("ctx"));
    assert!(pos("ctx") < pos("translate") && pos("translate") < pos("link"));
}

#[test]
fn a_cycle_is_found() {
    // `crate::b` in a and `crate::a` in b, comments ignored.
    let a = crate_paths(&code("use crate::b::X;\n// crate::c\n"));
    let b = crate_paths(&code("fn f() { crate::a::g() }"));
    assert_eq!(a, BTreeSet::from(["b".to_string()]));
    let group = crate_paths("use crate::{io::{self, Side}, sysval};");
    assert_eq!(
        group,
        BTreeSet::from(["io".to_string(), "sysval".to_string()])
    );
    let mut graph = BTreeMap::from([("a".to_string(), a), ("b".to_string(), b)]);
    assert!(order_of(&graph).unwrap_err().contains("a -> "));
    graph.insert("b".to_string(), BTreeSet::new());
    assert_eq!(order_of(&graph).unwrap(), ["b", "a"]);
}
