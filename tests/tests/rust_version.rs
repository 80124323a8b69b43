//! The workspace's `rust-version` is what the locked dependencies need:
//! no package in the resolved graph (for the native host and for
//! `wasm32-unknown-unknown`) declares a newer one, and the workspace does
//! not claim a newer one than the newest any of them declares. The
//! figure and its reason are written in README ("Requirements").

use std::process::Command;

fn version(s: &str) -> (u32, u32) {
    let mut it = s.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    (it.next().unwrap_or(0), it.next().unwrap_or(0))
}

/// `(rust-version, package)` of every package resolved for `target` that
/// declares one.
fn declared(target: &str) -> Vec<((u32, u32), String)> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .args(["--filter-platform", target])
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let m: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let resolved: std::collections::HashSet<&str> = m["resolve"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n["id"].as_str())
        .collect();
    m["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["id"].as_str().is_some_and(|id| resolved.contains(id)))
        .filter(|p| p["source"].is_string())
        .filter_map(|p| {
            let rv = p["rust_version"].as_str()?;
            Some((
                version(rv),
                format!("{} {}", p["name"].as_str()?, p["version"].as_str()?),
            ))
        })
        .collect()
}

#[test]
fn rust_version_is_what_the_locked_dependencies_need() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml"))
        .expect("workspace manifest");
    let ours = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .map(|v| version(v.trim_matches('"')))
        .expect("the workspace declares rust-version");
    let mut all = declared(&host());
    all.extend(declared("wasm32-unknown-unknown"));
    let newest = all
        .iter()
        .map(|(v, _)| *v)
        .max()
        .expect("dependencies declare versions");
    let needing: Vec<&str> = all
        .iter()
        .filter(|(v, _)| *v == newest)
        .map(|(_, p)| p.as_str())
        .collect();
    assert_eq!(
        ours, newest,
        "workspace rust-version {ours:?}; the newest a locked dependency declares is {newest:?} ({needing:?})"
    );
}

/// The host's target triple, from `rustc -vV`.
fn host() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc).arg("-vV").output().expect("rustc runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .unwrap_or("x86_64-unknown-linux-gnu")
        .to_string()
}
