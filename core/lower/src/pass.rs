//! Registered stage passes: ABI rewrites and link rules that run around the
//! declarations of a stage (phase 1), before its instructions (phase 2).
//!
//! A pass is data like a handler: a crate submits a [`PassEntry`] with
//! [`register_pass!`](crate::register_pass) and the core never names it. When it runs is part of
//! the entry ([`PassWhen`]):
//! - [`PassWhen::Always`]: every stage;
//! - [`PassWhen::Linked`]: every stage translated as part of a program
//!   ([`crate::link()`]; [`crate::StageState::link`] is `Some`);
//! - [`PassWhen::Named`]: only when the profile lists the pass in
//!   `passes`, with its parameters
//!   (`passes: [(name: "binormal_to_bitangent", params: {"indices": "0"})]`).
//!
//! Always and Linked passes run first, in name order; then the Named
//! passes in the order the profile lists them. A profile that names an
//! unregistered pass, lists one twice or gives a pass a parameter it does
//! not take is an error naming what is known ([`check_profile`]), so a typo
//! never turns a rewrite off silently.
//!
//! A pass has two hooks, both optional, both given the stage's
//! [`DeclCtx`]:
//! - `before` runs before any declaration is lowered. It leaves data for
//!   the handlers in the stage state: resources it claims (their
//!   declarations are then not refused), vertex-input semantics it renames
//!   (the declaration is written under the new name), its parsed
//!   parameters (which the instruction handlers of its family read back
//!   with `cx.data::<T>()`). No handler tests the profile for a pass name.
//! - `after` runs once every declaration is lowered: it adds declarations
//!   and statements, or changes a declared block through the record (the
//!   BoneTransforms `cb3` splice enlarges the block; the text is rendered
//!   from the record, never edited).

use crate::ctx::DeclCtx;
use crate::error::LowerError;
use crate::profile::{PassSpec, Profile};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// When a registered pass runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassWhen {
    /// On every stage.
    Always,
    /// On every stage translated as part of a VS+PS program.
    Linked,
    /// When the profile lists it in `passes`.
    Named,
}

/// A hook of a pass. `spec` is the profile's entry for Named passes and an
/// entry without parameters for the others.
pub type PassFn = for<'a> fn(&mut DeclCtx<'a>, &PassSpec) -> Result<(), LowerError>;

/// One registered pass.
pub struct PassEntry {
    /// The name profiles use (`binormal_to_bitangent`).
    pub name: &'static str,
    /// When it runs.
    pub when: PassWhen,
    /// The parameters it accepts (others are an error naming these), or
    /// `None` when the pass checks its parameters itself.
    pub params: Option<&'static [&'static str]>,
    /// The spec section it implements.
    pub spec: &'static str,
    /// The crate it lives in (`env!("CARGO_PKG_NAME")`).
    pub krate: &'static str,
    /// Source file (`file!()`).
    pub file: &'static str,
    /// Source line (`line!()`).
    pub line: u32,
    /// Runs before the declarations.
    pub before: Option<PassFn>,
    /// Runs after the declarations.
    pub after: Option<PassFn>,
}

impl PassEntry {
    /// `crate/src/file.rs:line`.
    pub fn location(&self) -> String {
        format!("{}:{}", self.file, self.line)
    }
}

inventory::collect!(PassEntry);

/// Registers a stage pass with the core.
///
/// ```ignore
/// dxlower_core::register_pass! {
///     name: "binormal_to_bitangent",
///     when: PassWhen::Named,
///     params: Some(&["indices"]),
///     spec: "lowerings/decl-io/docs/decl-io.md#binormal_to_bitangent",
///     before: Some(alias_inputs),
///     after: None,
/// }
/// ```
#[macro_export]
macro_rules! register_pass {
    (name: $name:expr, when: $when:expr, params: $params:expr, spec: $spec:expr, before: $before:expr, after: $after:expr $(,)?) => {
        $crate::__keep_registration!();
        $crate::__private::inventory::submit! {
            $crate::pass::PassEntry {
                name: $name,
                when: $when,
                params: $params,
                spec: $spec,
                krate: env!("CARGO_PKG_NAME"),
                file: file!(),
                line: line!(),
                before: $before,
                after: $after,
            }
        }
    };
}

/// Every registered pass, sorted by name. Two passes of one name are an
/// error naming both locations.
pub fn passes() -> Result<&'static [&'static PassEntry], &'static str> {
    static PASSES: OnceLock<Result<Vec<&'static PassEntry>, String>> = OnceLock::new();
    PASSES
        .get_or_init(|| {
            let mut v: Vec<&'static PassEntry> = inventory::iter::<PassEntry>.into_iter().collect();
            v.sort_by_key(|p| (p.name, p.file, p.line));
            let dups: Vec<String> = v
                .windows(2)
                .filter(|w| w[0].name == w[1].name)
                .map(|w| {
                    format!(
                        "two passes named `{}`: {} and {}",
                        w[0].name,
                        w[0].location(),
                        w[1].location()
                    )
                })
                .collect();
            if dups.is_empty() {
                Ok(v)
            } else {
                Err(dups.join("; "))
            }
        })
        .as_ref()
        .map(Vec::as_slice)
        .map_err(String::as_str)
}

/// The registered pass of this name.
pub fn find(name: &str) -> Option<&'static PassEntry> {
    passes().ok()?.iter().copied().find(|p| p.name == name)
}

/// Names of the passes a profile may list (the Named ones), comma-separated.
pub fn known_named() -> String {
    let names: Vec<&str> = passes()
        .unwrap_or(&[])
        .iter()
        .filter(|p| p.when == PassWhen::Named)
        .map(|p| p.name)
        .collect();
    if names.is_empty() {
        "none registered".into()
    } else {
        names.join(", ")
    }
}

/// Checks the `passes` list of a profile against the registry: every name
/// is a registered Named pass, listed once, and every parameter is one the
/// pass takes.
pub fn check_profile(profile: &Profile) -> Result<(), String> {
    let all = passes().map_err(str::to_string)?;
    let mut seen = BTreeSet::new();
    for spec in &profile.passes {
        let Some(entry) = all.iter().find(|p| p.name == spec.name) else {
            return Err(format!(
                "profile `{}` names an unknown pass `{}` (known passes: {})",
                profile.name,
                spec.name,
                known_named()
            ));
        };
        if entry.when != PassWhen::Named {
            return Err(format!(
                "profile `{}` lists pass `{}`, which runs {} and is not switched by profiles (known passes: {})",
                profile.name,
                spec.name,
                match entry.when {
                    PassWhen::Always => "on every stage",
                    _ => "on every linked program",
                },
                known_named()
            ));
        }
        if !seen.insert(spec.name.as_str()) {
            return Err(format!(
                "profile `{}` lists pass `{}` twice",
                profile.name, spec.name
            ));
        }
        let Some(params) = entry.params else {
            continue;
        };
        for key in spec.params.keys() {
            if !params.contains(&key.as_str()) {
                let known = if params.is_empty() {
                    "it takes none".to_string()
                } else {
                    format!("it takes: {}", params.join(", "))
                };
                return Err(format!(
                    "profile `{}`: pass `{}` has no parameter `{key}` ({known})",
                    profile.name, spec.name
                ));
            }
        }
    }
    Ok(())
}

/// The passes to run on a stage, in order, each with its spec.
pub fn schedule(
    profile: &Profile,
    linked: bool,
) -> Result<Vec<(&'static PassEntry, PassSpec)>, String> {
    check_profile(profile)?;
    let all = passes().map_err(str::to_string)?;
    let mut out = Vec::new();
    for p in all {
        let run = match p.when {
            PassWhen::Always => true,
            PassWhen::Linked => linked,
            PassWhen::Named => false,
        };
        if run {
            out.push((
                *p,
                PassSpec {
                    name: p.name.to_string(),
                    params: Default::default(),
                },
            ));
        }
    }
    for spec in &profile.passes {
        if let Some(p) = all.iter().find(|p| p.name == spec.name) {
            out.push((*p, spec.clone()));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_pass_names_the_known_ones() {
        let mut p = Profile::default();
        p.passes.push(PassSpec {
            name: "no_such_pass".into(),
            params: Default::default(),
        });
        let e = check_profile(&p).unwrap_err();
        assert!(e.contains("unknown pass `no_such_pass`"), "{e}");
        assert!(e.contains("known passes:"), "{e}");
    }
}
