//! Citations name documents and sections of this repository.
//!
//! A citation is the path of a Markdown file from the repository root, a
//! `#` and the anchor of one of its headings
//! (`lowerings/float-alu/docs/float-alu.md#exp`, form described in
//! `docs/adding-an-opcode.md#citations`). This test fails when
//! - a registered handler's or pass's `spec` is not one or more citations
//!   separated by `; `, or names a document or heading that does not exist;
//! - a citation in a source or documentation file (a path from the root
//!   to a `.md` file, with or without an anchor), or a relative Markdown
//!   link of a `.md` page, names a missing document or heading;
//! - a file still cites the design notes kept outside the repository.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

// Force-link every family and the CEWG pass.
use dxlower_cewg as _;
use dxlower_lowerings as _;

/// The top-level folders a root-relative citation starts with.
const ROOTS: &[&str] = &[
    "cli/",
    "core/",
    "docs/",
    "examples/",
    "formats/",
    "fuzz/",
    "harness/",
    "lowerings/",
    "scripts/",
    "targets/",
    "tests/",
    "wasm/",
];

/// Text files that can cite.
const EXTS: &[&str] = &[
    "rs", "md", "ron", "toml", "sh", "mjs", "js", "ts", "html", "yml", "yaml",
];

/// This test and the rewrite script spell the outside names on purpose.
const SELF: &[&str] = &[
    "tests/tests/spec_citations.rs",
    "scripts/rewrite-citations.py",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("repository root")
}

/// Every text file of the repository, as (path from the root, text).
fn files(root: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            if p.is_dir() {
                if !name.starts_with('.') && name != "target" && name != "node_modules" {
                    stack.push(p);
                }
                continue;
            }
            let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
            if !EXTS.contains(&ext) {
                continue;
            }
            let rel = p
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            if let Ok(text) = std::fs::read_to_string(&p) {
                out.push((rel, text));
            }
        }
    }
    out.sort();
    out
}

/// GitHub's anchor of a heading: lower case, only letters, digits, `-`,
/// `_` and spaces kept, spaces turned into `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown text's headings (outside fenced code), with
/// GitHub's `-1`, `-2` suffixes for repeated ones.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced || line.starts_with(' ') {
            continue;
        }
        let hashes = t.chars().take_while(|&c| c == '#').count();
        if !(1..=6).contains(&hashes) || !t[hashes..].starts_with(' ') {
            continue;
        }
        let s = slug(&t[hashes..]);
        let n = seen.entry(s.clone()).or_insert(0);
        out.insert(if *n == 0 {
            s.clone()
        } else {
            format!("{s}-{n}")
        });
        *n += 1;
    }
    out
}

/// The documents of the repository and their anchors, loaded on demand.
struct Docs {
    root: PathBuf,
    cache: BTreeMap<PathBuf, Option<BTreeSet<String>>>,
}

impl Docs {
    /// Checks `target` (`path[#anchor]`) resolved against `base`; `Err`
    /// says what is missing.
    fn check(&mut self, base: &Path, target: &str) -> Result<(), String> {
        let (path, anchor) = match target.split_once('#') {
            Some((p, a)) => (p, Some(a)),
            None => (target, None),
        };
        let file = normalize(&base.join(path));
        let root = self.root.clone();
        let doc = self.cache.entry(file.clone()).or_insert_with(|| {
            std::fs::read_to_string(root.join(&file))
                .ok()
                .map(|t| anchors(&t))
        });
        let Some(doc) = doc else {
            return Err(format!("no document {}", file.display()));
        };
        match anchor {
            Some(a) if !doc.contains(a) => Err(format!(
                "{} has no heading with anchor `{a}`",
                file.display()
            )),
            _ => Ok(()),
        }
    }
}

/// `a/b/../c` → `a/c`, relative to the root.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '-')
}

fn anchor_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '-')
}

/// The `.md` references of a line: (byte start, token, whether it is the
/// target of a Markdown link `](…)`).
fn md_tokens(line: &str) -> Vec<(usize, String, bool)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = line[from..].find(".md") {
        let at = from + i;
        from = at + 3;
        // The `.md` must end the path (not `.mdx`, not `.md5`).
        let after = &line[at + 3..];
        if after
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        {
            continue;
        }
        let start = line[..at]
            .char_indices()
            .rev()
            .take_while(|&(_, c)| path_char(c))
            .last()
            .map_or(at, |(k, _)| k);
        let mut end = at + 3;
        if let Some(anchor) = after.strip_prefix('#') {
            end += 1 + anchor
                .chars()
                .take_while(|&c| anchor_char(c))
                .map(char::len_utf8)
                .sum::<usize>();
        }
        let token = line[start..end].trim_start_matches("./").to_string();
        let link = line[..start].ends_with("](");
        let url = line[..start].ends_with(':') || token.starts_with('/') || token.contains("//");
        if !url && token.len() > 3 {
            out.push((start, token, link));
        }
        from = end.max(from);
    }
    out
}

#[test]
fn handler_and_pass_specs_cite_existing_sections() {
    let root = root();
    let mut docs = Docs {
        root: root.clone(),
        cache: BTreeMap::new(),
    };
    let reg = dxlower_lowerings::registry().expect("registry builds");
    let mut specs: Vec<(String, &str)> = reg
        .handlers()
        .iter()
        .map(|h| (h.location(), h.spec))
        .collect();
    let passes = dxlower_core::pass::passes().expect("passes register");
    specs.extend(passes.iter().map(|p| (p.location(), p.spec)));
    assert!(
        passes.iter().any(|p| p.name == "carbon_names"),
        "the CEWG pass is linked"
    );
    let mut bad = Vec::new();
    for (site, spec) in specs {
        for cite in spec.split("; ") {
            let well_formed = cite.contains(".md#")
                && ROOTS.iter().any(|r| cite.starts_with(r))
                && cite.chars().all(|c| path_char(c) || c == '#');
            if !well_formed {
                bad.push(format!(
                    "{site}: spec `{spec}`: `{cite}` is not a citation `<path from the root>.md#<anchor>`"
                ));
            } else if let Err(e) = docs.check(Path::new(""), cite) {
                bad.push(format!("{site}: spec `{spec}`: {e}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} bad spec citations:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn citations_and_markdown_links_name_existing_sections() {
    let root = root();
    let mut docs = Docs {
        root: root.clone(),
        cache: BTreeMap::new(),
    };
    let mut bad = Vec::new();
    for (path, text) in files(&root) {
        if SELF.contains(&path.as_str()) {
            continue;
        }
        let md = path.ends_with(".md");
        let dir = Path::new(&path)
            .parent()
            .unwrap_or(Path::new(""))
            .to_path_buf();
        let mut fenced = false;
        for (n, line) in text.lines().enumerate() {
            if md && line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            for (_, token, link) in md_tokens(line) {
                let result = if link && md && !fenced {
                    docs.check(&dir, &token)
                } else if ROOTS.iter().any(|r| token.starts_with(r))
                    || token.starts_with("README.md")
                    || token.starts_with("ARCHITECTURE.md")
                {
                    docs.check(Path::new(""), &token)
                } else if token.contains('#') && !link {
                    Err(format!(
                        "`{token}` cites a section without the document's path from the root"
                    ))
                } else {
                    Ok(())
                };
                if let Err(e) = result {
                    bad.push(format!("{path}:{}: {e}", n + 1));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} bad citations:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Where `needle` occurs in `line` with `ok_before`/`ok_after` (the
/// characters around it) not excusing it.
fn cites(line: &str, needle: &str, excused: impl Fn(Option<char>, Option<char>) -> bool) -> bool {
    let mut from = 0;
    while let Some(i) = line[from..].find(needle) {
        let at = from + i;
        let before = line[..at].chars().next_back();
        let after = line[at + needle.len()..].chars().next();
        if !excused(before, after) {
            return true;
        }
        from = at + needle.len();
    }
    false
}

#[test]
fn nothing_cites_the_design_notes_outside_the_repository() {
    let root = root();
    let path_before = |b: Option<char>| b.is_some_and(|c| path_char(c) || matches!(c, '(' | '['));
    let mut bad = Vec::new();
    for (path, text) in files(&root) {
        if SELF.contains(&path.as_str()) {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let outside = [
                "families.md",
                "families-review",
                "seed/decl-io",
                "seed decl-io",
                "shared/design",
                "shared/seed",
                "the seed's",
                "The seed's",
                ".md §",
                ".md` §",
            ]
            .iter()
            .any(|s| line.contains(s))
                || ["architecture.md", "style.md", "references.md"]
                    .iter()
                    .any(|s| cites(line, s, |b, _| path_before(b)))
                || cites(line, "profiles.md", |b, a| {
                    path_before(b) || matches!(a, Some('#' | ']' | ')'))
                })
                || (path.ends_with(".ron") && line.contains('§'));
            if outside {
                bad.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "{} lines cite design notes kept outside the repository (scripts/rewrite-citations.py \
         rewrites the known ones):\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn anchors_follow_github() {
    assert_eq!(slug("add, mul"), "add-mul");
    assert_eq!(
        slug("`decl_io` (declarations and the stage interface)"),
        "decl_io-declarations-and-the-stage-interface"
    );
    assert_eq!(
        slug("14. Position switches and the native profile's candidates"),
        "14-position-switches-and-the-native-profiles-candidates"
    );
    assert_eq!(
        slug("5.1 What the GLSL declares"),
        "51-what-the-glsl-declares"
    );
    let a = anchors("# T\n## a\n```\n# not a heading\n```\n## a\n");
    assert_eq!(
        a.into_iter().collect::<Vec<_>>(),
        ["a", "a-1", "t"].map(String::from)
    );
    let t = md_tokens("see [x](../a/b.md#c-d), `docs/e.md#f` and https://h.example/g.md#i");
    assert_eq!(
        t.into_iter().map(|(_, s, l)| (s, l)).collect::<Vec<_>>(),
        [
            ("../a/b.md#c-d".to_string(), true),
            ("docs/e.md#f".to_string(), false)
        ]
    );
}
