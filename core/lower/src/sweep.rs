//! Sweeping many files: the per-file outcome and the summary counts shared
//! by `dxlower sweep` and the corpus tests.

use crate::error::Status;
use crate::profile::Profile;
use crate::translate::StageGlsl;
use crate::TranslateError;
use std::path::{Path, PathBuf};

/// A validation function: `Err` carries the validator's log.
pub type Validator<'v> = &'v (dyn Fn(&StageGlsl) -> Result<(), String> + Sync);

/// Finds every `.dxbc` under `dir`, sorted by path.
pub fn find_dxbc(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
    entries.sort_by_cached_key(|e| e.path());
    for e in entries {
        let p = e.path();
        let ft = e.file_type()?;
        if ft.is_dir() {
            find_dxbc(&p, out)?;
        } else if p
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("dxbc"))
        {
            out.push(p);
        }
    }
    Ok(())
}

/// The outcome of one file.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FileResult {
    /// Path relative to the swept directory.
    pub file: String,
    /// `vs`, `ps`, ... (empty when the file did not decode).
    pub stage: String,
    /// The outcome (`decode_failed`, `refused`, `unsupported`, `invalid`,
    /// `failed`, `translated` or `validated` in JSON).
    pub status: Status,
    /// Why (empty on success).
    pub reason: String,
    /// Grouping key of the reason (no offsets).
    #[serde(skip)]
    pub reason_key: String,
    /// Whether GLSL was produced (also true when validation then failed).
    #[serde(skip)]
    pub produced_glsl: bool,
}

std::thread_local! {
    /// Where the last panic of this thread happened, recorded by the hook
    /// [`quiet_panics`] installs.
    static PANIC_AT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the default panic hook (which prints `thread … panicked at …`
/// and, with `RUST_BACKTRACE`, a backtrace) with one that prints nothing and
/// records the location for [`catch_panic`], so that a tool reports a panic
/// as one clean line of its own. Installed once by the CLI.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()));
        PANIC_AT.with(|p| *p.borrow_mut() = at);
    }));
}

/// Runs `f`; a panic inside it becomes `Err` with its message (and, under
/// [`quiet_panics`], where it happened): an internal error of dxlower, which
/// a tool reports for the one file and goes on.
pub fn catch_panic<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    PANIC_AT.with(|p| p.borrow_mut().take());
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        match PANIC_AT.with(|p| p.borrow_mut().take()) {
            Some(at) => format!("internal error (a bug of dxlower): panic at {at}: {msg}"),
            None => format!("internal error (a bug of dxlower): panic: {msg}"),
        }
    })
}

/// Translates (and optionally validates) one file. A panic inside (a bug
/// of dxlower) makes the file `failed` with the message; it never stops
/// the caller.
pub fn sweep_one(
    path: &Path,
    rel: String,
    profile: &Profile,
    validate: Option<Validator<'_>>,
) -> FileResult {
    let file = rel.clone();
    catch_panic(|| sweep_one_inner(path, rel, profile, validate)).unwrap_or_else(|msg| FileResult {
        file,
        stage: String::new(),
        status: Status::Failed,
        reason_key: "internal error: panic".to_string(),
        reason: msg,
        produced_glsl: false,
    })
}

fn sweep_one_inner(
    path: &Path,
    rel: String,
    profile: &Profile,
    validate: Option<Validator<'_>>,
) -> FileResult {
    let mut r = FileResult {
        file: rel,
        stage: String::new(),
        status: Status::DecodeFailed,
        reason: String::new(),
        reason_key: String::new(),
        produced_glsl: false,
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            r.reason = format!("cannot read: {e}");
            r.reason_key = "cannot read".into();
            return r;
        }
    };
    // The checksum status is not reported: skip computing it.
    let shader = match dxlower_dxbc::parse_with(&bytes, dxlower_dxbc::ParseOptions::unchecked()) {
        Ok(s) => s,
        Err(e) => {
            let e = TranslateError::from(e);
            r.reason = e.to_string();
            r.reason_key = e.reason_key();
            return r;
        }
    };
    r.stage = shader.stage().prefix().to_string();
    match crate::translate_shader(&shader, profile) {
        Err(e) => {
            r.status = e.status();
            r.reason = e.to_string();
            r.reason_key = e.reason_key();
        }
        Ok(stage) => {
            r.status = Status::Translated;
            r.produced_glsl = true;
            if let Some(v) = validate {
                match v(&stage) {
                    Ok(()) => r.status = Status::Validated,
                    Err(e) => {
                        r.status = Status::Failed;
                        r.reason_key = e
                            .lines()
                            .nth(1)
                            .unwrap_or("validation failed")
                            .trim()
                            .to_string();
                        r.reason = e;
                    }
                }
            }
        }
    }
    r
}

/// The summary counts of a sweep: one count per [`Status`], so every file
/// is counted exactly once and the counts add up to [`Counts::total`].
#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Files seen.
    pub total: usize,
    /// GLSL produced and accepted by the validator.
    pub validated: usize,
    /// GLSL produced, no validation asked.
    pub translated: usize,
    /// Refused: a named blocker of the target, or a stage dxlower does
    /// not lower.
    pub refused: usize,
    /// An opcode no handler lowers yet.
    pub unsupported: usize,
    /// Decoded, but invalid input (it breaks the bytecode format or a rule
    /// the D3D runtime validates).
    pub invalid: usize,
    /// A fault of dxlower: GLSL the validator rejects, an internal error,
    /// a panic.
    pub failed: usize,
    /// Not a DXBC program.
    pub decode_failed: usize,
}

impl Counts {
    /// Files that decoded (every status but `decode_failed`).
    pub fn decoded(&self) -> usize {
        self.total - self.decode_failed
    }

    /// The per-status counts, in the order the summary prints them.
    pub fn by_status(&self) -> [(Status, usize); 7] {
        [
            (Status::Validated, self.validated),
            (Status::Translated, self.translated),
            (Status::Refused, self.refused),
            (Status::Unsupported, self.unsupported),
            (Status::Invalid, self.invalid),
            (Status::Failed, self.failed),
            (Status::DecodeFailed, self.decode_failed),
        ]
    }
}

impl std::fmt::Display for Counts {
    /// The summary line, every status once: `N files: V validated, T
    /// translated, R refused, U unsupported, I invalid, F failed, D
    /// decode_failed`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} files:", self.total)?;
        for (k, (status, n)) in self.by_status().iter().enumerate() {
            let sep = if k == 0 { " " } else { ", " };
            write!(f, "{sep}{n} {status}")?;
        }
        Ok(())
    }
}

/// Counts the results.
pub fn count(results: &[FileResult]) -> Counts {
    let mut c = Counts {
        total: results.len(),
        ..Default::default()
    };
    for r in results {
        let slot = match r.status {
            Status::Validated => &mut c.validated,
            Status::Translated => &mut c.translated,
            Status::Refused => &mut c.refused,
            Status::Unsupported => &mut c.unsupported,
            Status::Invalid => &mut c.invalid,
            Status::Failed => &mut c.failed,
            Status::DecodeFailed => &mut c.decode_failed,
        };
        *slot += 1;
    }
    c
}
