//! Lowering outcomes that are not GLSL: refusals, missing handlers and bugs.
//!
//! Three kinds are kept apart because users act on them differently:
//! - [`Refusal`]: WebGL2 (or the chosen profile) cannot express the input.
//!   Not a bug; sometimes a profile switch lifts it (`lifted_by`).
//! - [`TranslateError::Unsupported`]: no handler is registered for an opcode
//!   (its family is not implemented yet). Names the opcode and its family.
//! - [`LowerError::Invalid`] and [`LowerError::InvalidProgram`]: the input
//!   breaks the bytecode format or a rule the D3D runtime validates
//!   ([`Status::Invalid`]): not a bug of dxlower, and no profile lifts it.
//! - Everything else that is not GLSL is a fault of dxlower
//!   ([`Status::Failed`]): an internal error, a panic caught by the sweep,
//!   or GLSL the validator rejects.

use dxlower_dxbc::Opcode;
use std::fmt;

/// What would lift a refusal, kept as a value so that a tool can act on
/// it (the CLI's JSON and the npm package report it), with the words
/// messages print.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Lift {
    /// The knob.
    pub by: LiftBy,
    /// The same in words (`profile texture_buffers = Emulate`).
    pub text: String,
}

/// The knob that lifts a refusal.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LiftBy {
    /// A profile switch set to a value (`texture_buffers`, `Emulate`).
    Switch {
        /// The switch (its RON key).
        switch: String,
        /// The value that lifts the refusal.
        value: String,
    },
    /// A registered pass listed in the profile's `passes`.
    Pass {
        /// The pass name.
        pass: String,
    },
    /// A resource limit of the target raised (`limits.draw_buffers`).
    Limit {
        /// The field of `limits`.
        field: String,
    },
    /// Another profile change, said in words.
    Other,
}

impl Lift {
    /// Switch `switch` set to `value`: `profile <switch> = <value>`.
    pub fn switch(switch: &str, value: &str) -> Self {
        Lift {
            by: LiftBy::Switch {
                switch: switch.to_string(),
                value: value.to_string(),
            },
            text: format!("profile {switch} = {value}"),
        }
    }
    /// Switch `switch` set to `value`, said in other words.
    pub fn switch_text(switch: &str, value: &str, text: impl Into<String>) -> Self {
        Lift {
            by: LiftBy::Switch {
                switch: switch.to_string(),
                value: value.to_string(),
            },
            text: text.into(),
        }
    }
    /// Pass `pass` listed in the profile, said in words.
    pub fn pass(pass: &str, text: impl Into<String>) -> Self {
        Lift {
            by: LiftBy::Pass {
                pass: pass.to_string(),
            },
            text: text.into(),
        }
    }
    /// Limit `field` raised: `a profile whose target guarantees more
    /// (limits.<field>)`.
    pub fn limit(field: &str) -> Self {
        Lift {
            by: LiftBy::Limit {
                field: field.to_string(),
            },
            text: format!("a profile whose target guarantees more (limits.{field})"),
        }
    }
    /// Another profile change, in words.
    pub fn other(text: impl Into<String>) -> Self {
        Lift {
            by: LiftBy::Other,
            text: text.into(),
        }
    }
}

impl fmt::Display for Lift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// "The target cannot express this": what, why, and what would lift it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The construct refused (`texturecubearray t3`, `atomic_iadd`).
    pub what: String,
    /// Why the target cannot express it.
    pub why: String,
    /// A profile switch, pass or limit that would lift the refusal, if any.
    pub lifted_by: Option<Box<Lift>>,
}

impl Refusal {
    /// A refusal with no known way to lift it.
    pub fn new(what: impl Into<String>, why: impl Into<String>) -> Self {
        Refusal {
            what: what.into(),
            why: why.into(),
            lifted_by: None,
        }
    }
    /// Names what would lift it.
    pub fn lifted_by(mut self, how: Lift) -> Self {
        self.lifted_by = Some(Box::new(how));
        self
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what, self.why)?;
        if let Some(l) = &self.lifted_by {
            write!(f, " (lifted by {l})")?;
        }
        Ok(())
    }
}

/// What a handler can return instead of GLSL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LowerError {
    /// The target cannot express this instruction or declaration.
    #[error("refused: {0}")]
    Refused(Refusal),
    /// The instruction is malformed for its opcode (wrong operand count or
    /// kind, an undeclared register, ...).
    #[error("{0}")]
    Invalid(Invalid),
    /// The program breaks a rule the D3D runtime validates (a `break` outside
    /// any loop, unbalanced `if`/`endif`, flow control nested deeper than
    /// 64, ...): D3D itself rejects it, so it is reported as invalid input
    /// ([`Status::Invalid`]) rather than as a bug.
    #[error("invalid program: {0}")]
    InvalidProgram(String),
    /// The profile's entry for a pass is wrong (a parameter value the pass
    /// does not accept): a fault of the configuration, not of the input.
    #[error("{0}")]
    Profile(String),
}

impl LowerError {
    /// An instruction or declaration malformed for its opcode
    /// ([`InvalidKind::Malformed`]).
    #[cold]
    pub fn invalid(msg: impl Into<String>) -> Self {
        LowerError::Invalid(Invalid {
            kind: InvalidKind::Malformed,
            message: msg.into(),
        })
    }
    /// A register used without its declaration
    /// ([`InvalidKind::Undeclared`]).
    #[cold]
    pub fn undeclared(msg: impl Into<String>) -> Self {
        LowerError::Invalid(Invalid {
            kind: InvalidKind::Undeclared,
            message: msg.into(),
        })
    }
    /// A pass's profile parameters are wrong ([`LowerError::Profile`]).
    #[cold]
    pub fn profile(msg: impl Into<String>) -> Self {
        LowerError::Profile(msg.into())
    }
    /// Shorthand for a refusal without a lifting switch.
    #[cold]
    pub fn refuse(what: impl Into<String>, why: impl Into<String>) -> Self {
        LowerError::Refused(Refusal::new(what, why))
    }
}

impl From<Refusal> for LowerError {
    fn from(r: Refusal) -> Self {
        LowerError::Refused(r)
    }
}

/// What is wrong with an instruction a handler cannot lower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum InvalidKind {
    /// The instruction or declaration does not have the shape its opcode
    /// requires (operand count, operand kind, index form, payload, a value
    /// out of the range the format allows).
    Malformed,
    /// A register is used that the program does not declare (or declares
    /// without the lanes used, or beyond `dcl_temps`).
    Undeclared,
}

/// An instruction a handler cannot lower because of the input: its kind
/// and the message naming the operand.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Invalid {
    /// What is wrong.
    pub kind: InvalidKind,
    /// What and where, in words.
    pub message: String,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where in the program a lowering error happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Site {
    /// Index of the instruction (declarations counted).
    pub index: usize,
    /// Its opcode.
    pub opcode: Opcode,
    /// Dword offset of the instruction from the start of the program.
    pub dword: u32,
    /// Byte offset of the instruction from the start of the container, when
    /// known.
    pub byte: Option<u64>,
}

impl fmt::Display for Site {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "instruction {} `{}` at dword {}",
            self.index, self.opcode, self.dword
        )?;
        if let Some(b) = self.byte {
            write!(f, " (byte offset {b:#x})")?;
        }
        Ok(())
    }
}

/// The outcome of translating one file, as `dxlower sweep` and its JSON
/// report name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not a valid DXBC program.
    DecodeFailed,
    /// A named blocker of the target, or a stage dxlower does not lower.
    Refused,
    /// An opcode whose family has no handler yet.
    Unsupported,
    /// The program decodes but is invalid input: it breaks the bytecode
    /// format or a rule the D3D runtime validates (an undeclared register,
    /// an operand of the wrong kind, flow control nested too deep or left
    /// open). The reason names the rule, the instruction and its dword
    /// offset.
    Invalid,
    /// A fault of dxlower: GLSL the validator rejects, an internal error, or
    /// a panic. `failed` > 0 always means a bug of ours.
    Failed,
    /// GLSL produced (no validation asked).
    Translated,
    /// GLSL produced and accepted by the validator.
    Validated,
}

impl Status {
    /// The name (`decode_failed`, `refused`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Status::DecodeFailed => "decode_failed",
            Status::Refused => "refused",
            Status::Unsupported => "unsupported",
            Status::Invalid => "invalid",
            Status::Failed => "failed",
            Status::Translated => "translated",
            Status::Validated => "validated",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// Why a stage did not translate.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TranslateError {
    /// The bytes are not a valid DXBC program.
    #[error("decode failed: {0}")]
    Decode(#[from] dxlower_dxbc::Error),
    /// The whole stage is of a kind dxlower does not lower.
    #[error("refused: {0}")]
    StageRefused(Refusal),
    /// The profile refused one instruction or declaration.
    #[error("refused: {refusal} ({site})")]
    Refused {
        /// The refusal.
        refusal: Refusal,
        /// Where.
        site: Site,
    },
    /// No handler is registered for an opcode.
    #[error("unsupported: no handler for `{opcode}` ({family_note}) ({site})")]
    Unsupported {
        /// The opcode.
        opcode: Opcode,
        /// The family that owns it, when one claims it.
        family: Option<&'static str>,
        /// Human-readable family note (`family integer-conv is not
        /// implemented yet` / `no family claims it`).
        family_note: String,
        /// Where.
        site: Site,
    },
    /// A handler reported the instruction malformed (`kind` is `Some`:
    /// invalid input), or dxlower has a bug (`kind` is `None`).
    #[error("{message} ({site}, handler {handler})")]
    Lower {
        /// What is wrong with the input, when a handler reported it; `None`
        /// for an internal error.
        kind: Option<InvalidKind>,
        /// What went wrong.
        message: String,
        /// Where.
        site: Site,
        /// The handler's source location (`crate/file.rs:line`).
        handler: String,
    },
    /// The program breaks a rule the D3D runtime validates: block structure
    /// (an `endif` without its `if`, a block left open at the end of main or
    /// of a subroutine), flow control nested deeper than D3D11's 64 levels,
    /// a `break` outside any loop. `site` is the instruction that breaks it.
    #[error("invalid program: {message}{}", site_suffix(.site))]
    InvalidProgram {
        /// The rule broken, in words.
        message: String,
        /// Where, when known (a check of a pass may not name one).
        site: Option<Site>,
    },
    /// The profile's capability check failed after lowering.
    #[error("profile `{profile}` lacks {missing}")]
    MissingCapability {
        /// Profile name.
        profile: String,
        /// What is missing.
        missing: String,
    },
    /// The handler registry is inconsistent (duplicate handlers).
    #[error("{0}")]
    Registry(String),
    /// The profile does not fit the registry (an unknown pass name, a
    /// parameter the pass does not take).
    #[error("{0}")]
    Profile(String),
    /// A registered stage pass failed (see [`crate::pass`]).
    #[error("pass `{pass}`: {message} (pass {location})")]
    Pass {
        /// What is wrong with the input, when the pass reported the input
        /// malformed; `None` for an internal error.
        kind: Option<InvalidKind>,
        /// The pass name.
        pass: String,
        /// What went wrong.
        message: String,
        /// The pass's source location.
        location: String,
    },
}

impl TranslateError {
    /// The sweep status this error maps to: decode failed, refused,
    /// unsupported, invalid (the input breaks a rule) or failed (a fault of
    /// dxlower).
    pub fn status(&self) -> Status {
        match self {
            TranslateError::Decode(_) => Status::DecodeFailed,
            TranslateError::StageRefused(_) | TranslateError::Refused { .. } => Status::Refused,
            TranslateError::Unsupported { .. } => Status::Unsupported,
            TranslateError::InvalidProgram { .. }
            | TranslateError::Lower { kind: Some(_), .. }
            | TranslateError::Pass { kind: Some(_), .. } => Status::Invalid,
            _ => Status::Failed,
        }
    }

    /// The refusal behind this error, if it is one.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            TranslateError::StageRefused(r) | TranslateError::Refused { refusal: r, .. } => Some(r),
            _ => None,
        }
    }
    /// A short reason, stable enough to group by: no offsets, and register
    /// operands folded (`t3` → `t#`, `v1.xy` → `v#`), so that one blocker
    /// groups across shaders.
    pub fn reason_key(&self) -> String {
        fold_registers(&self.raw_reason_key())
    }

    fn raw_reason_key(&self) -> String {
        match self {
            TranslateError::Decode(e) => format!("decode: {}", e.kind()),
            TranslateError::StageRefused(r) => r.what.clone(),
            TranslateError::Refused { refusal, .. } => refusal.what.clone(),
            TranslateError::Unsupported { opcode, family, .. } => match family {
                Some(f) => format!("no handler for `{opcode}` (family {f})"),
                None => format!("no handler for `{opcode}`"),
            },
            TranslateError::Lower { message, .. } => message.clone(),
            TranslateError::InvalidProgram { message, .. } => {
                format!("invalid program: {message}")
            }
            TranslateError::MissingCapability { missing, .. } => missing.clone(),
            TranslateError::Registry(m) => m.clone(),
            TranslateError::Profile(m) => m.clone(),
            TranslateError::Pass { pass, message, .. } => format!("pass {pass}: {message}"),
        }
    }
}

/// ` (<site>)` after a message, or nothing.
fn site_suffix(site: &Option<Site>) -> String {
    site.map(|s| format!(" ({s})")).unwrap_or_default()
}

/// Folds register operands in a message: `t3` → `t#`, `o1.xy` → `o#`,
/// `cb12` → `cb#`, `CB0[0:0][1]` → `CB#`.
pub fn fold_registers(msg: &str) -> String {
    const PREFIXES: [&str; 16] = [
        "cb", "icb", "CB", "T", "S", "U", "r", "v", "o", "t", "s", "u", "x", "g", "l", "m",
    ];
    let mut out = String::with_capacity(msg.len());
    for (i, word) in msg.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let trimmed = word.trim_end_matches([',', ';', ')']);
        let tail = &word[trimmed.len()..];
        let folded = PREFIXES.iter().find_map(|p| {
            let rest = trimmed.strip_prefix(p)?;
            let digits = rest.bytes().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                return None;
            }
            let after = &rest[digits..];
            let ok = after.is_empty()
                || after.starts_with('.') && after[1..].bytes().all(|b| b"xyzw".contains(&b))
                || after.starts_with('[');
            ok.then(|| format!("{p}#"))
        });
        match folded {
            Some(f) => {
                out.push_str(&f);
                out.push_str(tail);
            }
            None => out.push_str(word),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fold_registers;

    #[test]
    fn registers_fold_but_words_stay() {
        assert_eq!(fold_registers("texture2dms t0"), "texture2dms t#");
        assert_eq!(
            fold_registers("SV_PrimitiveID input v2.x"),
            "SV_PrimitiveID input v#"
        );
        assert_eq!(
            fold_registers("shader model 5.1 constant buffer CB0[0:0][1], space=0"),
            "shader model 5.1 constant buffer CB#, space=0"
        );
        assert_eq!(
            fold_registers("constant buffer cb1 of 1224 vec4"),
            "constant buffer cb# of 1224 vec4"
        );
        assert_eq!(fold_registers("resinfo mip count"), "resinfo mip count");
        assert_eq!(fold_registers("sample_l"), "sample_l");
    }
}
