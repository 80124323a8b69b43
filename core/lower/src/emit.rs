//! The stage's output text, kept in sections and assembled once.
//!
//! Order of the final text (families.md §1 preamble, seed "Emission order"):
//! `#version` line, `#extension` lines, the PS default-precision block,
//! declarations in bytecode order, helper functions (each once, dependencies
//! first), subroutine definitions, then `void main()` with the early-main
//! statements before the translated body.

use std::fmt::{self, Write};

/// A GLSL helper function, emitted once per stage however often it is used.
#[derive(Debug)]
pub struct Helper {
    /// Unique name (also the function name, by convention).
    pub name: &'static str,
    /// The GLSL text (one or more function definitions, ending in a newline).
    pub text: &'static str,
    /// Helpers this one calls.
    pub deps: &'static [&'static Helper],
}

/// A sampler uniform the stage declares, for the program manifest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SamplerUniform {
    /// The GLSL name (`t0`, `t0TEX_with_SMPs1`, `hlslcc_zcmpt0TEX_with_SMPs1`).
    pub name: String,
    /// The GLSL type (`sampler2D`, `usampler3D`, `sampler2DShadow`).
    pub glsl_type: String,
    /// The texture register `t#`.
    pub texture: u32,
    /// The sampler register `s#`, for combined samplers.
    pub sampler: Option<u32>,
    /// True for the shadow-compare twin.
    pub shadow: bool,
    /// What the texture holds when it is a data texture standing in for a
    /// buffer SRV (profiles.md §4.6); `None` for ordinary textures.
    pub data: Option<DataTexture>,
}

/// A buffer SRV the stage reads from a data texture (profiles.md §4.6):
/// the host uploads the buffer's bytes unchanged into an RGBA32UI 2D
/// texture, 16 bytes per texel, texels in row-major order, any width,
/// unused texels zero.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DataTexture {
    /// `structured` (`StructuredBuffer`, `dcl_resource_structured`) or
    /// `raw` (`ByteAddressBuffer`, `dcl_resource_raw`).
    pub kind: &'static str,
    /// The element stride in bytes of a structured buffer; `None` for a
    /// raw buffer.
    pub stride: Option<u32>,
    /// The texel format the host uploads (`RGBA32UI`).
    pub format: &'static str,
    /// The buffer's RDEF binding name, when the stage has one.
    pub binding: Option<String>,
}

/// The sections of one stage's GLSL.
#[derive(Default, Debug)]
pub struct Output {
    /// `#extension` lines (without the newline), deduplicated, in request
    /// order.
    pub extensions: Vec<String>,
    /// Global declarations in bytecode order.
    pub decls: String,
    /// Requested helpers, in first-request order (dependencies first).
    helpers: Vec<&'static Helper>,
    /// Statements at the start of `main`, before the body.
    pub early_main: String,
    /// The translated body.
    pub body: String,
    /// Subroutine definitions (DXBC `label` bodies, prototypes first),
    /// placed after the helpers and before `main`.
    pub functions: String,
    /// While true, [`Output::line`] writes into `functions` instead of the
    /// body of `main` (the `label` handler sets it: every instruction after
    /// the first `label` belongs to a subroutine).
    pub in_function: bool,
    /// Statements run before every return (the stage epilogue).
    pub epilogue: String,
    /// Current body indentation depth (1 = inside `main`).
    pub indent: usize,
    /// Notes for the user (dropped qualifiers and similar quality changes).
    pub notes: Vec<String>,
    /// Counter for unique local names.
    pub temp_counter: u32,
    /// Sampler uniforms declared (for the program manifest).
    pub samplers: Vec<SamplerUniform>,
}

impl Output {
    /// A fresh output with the body indented inside `main`.
    pub fn new() -> Self {
        Output {
            indent: 1,
            ..Default::default()
        }
    }

    /// Requests an `#extension` line (given without the newline).
    pub fn extension(&mut self, line: &str) {
        if !self.extensions.iter().any(|e| e == line) {
            self.extensions.push(line.to_string());
        }
    }

    /// Requests a helper (and its dependencies) once.
    pub fn helper(&mut self, h: &'static Helper) {
        if self.helpers.iter().any(|x| std::ptr::eq(*x, h)) {
            return;
        }
        for d in h.deps {
            self.helper(d);
        }
        self.helpers.push(h);
    }

    /// Helpers requested so far.
    pub fn helpers(&self) -> &[&'static Helper] {
        &self.helpers
    }

    /// Writes one indented body line.
    pub fn line(&mut self, args: fmt::Arguments<'_>) {
        let buf = if self.in_function {
            &mut self.functions
        } else {
            &mut self.body
        };
        push_indent(buf, self.indent);
        let _ = buf.write_fmt(args);
        buf.push('\n');
    }

    /// Writes one indented body line through `f`, straight into the
    /// current section (the same text as [`Output::line`] with the
    /// arguments `f` writes, without building them elsewhere first).
    pub fn line_with(&mut self, f: impl FnOnce(&mut String)) {
        let buf = if self.in_function {
            &mut self.functions
        } else {
            &mut self.body
        };
        push_indent(buf, self.indent);
        f(buf);
        buf.push('\n');
    }

    /// Writes one declaration line.
    pub fn decl(&mut self, args: fmt::Arguments<'_>) {
        let _ = self.decls.write_fmt(args);
        self.decls.push('\n');
    }

    /// Writes one early-main line.
    pub fn early(&mut self, args: fmt::Arguments<'_>) {
        self.early_main.push_str("    ");
        let _ = self.early_main.write_fmt(args);
        self.early_main.push('\n');
    }

    /// A fresh local name with the given prefix (`hlslcc_tmp3`).
    pub fn fresh(&mut self, prefix: &str) -> String {
        let n = self.temp_counter;
        self.temp_counter += 1;
        format!("{prefix}{n}")
    }

    /// Assembles the final text.
    pub fn assemble(&self, version: &str, pixel: bool) -> String {
        let mut s = String::with_capacity(
            128 + self.extensions.iter().map(|e| e.len() + 1).sum::<usize>()
                + self.decls.len()
                + self.helpers.iter().map(|h| h.text.len()).sum::<usize>()
                + self.functions.len()
                + self.early_main.len()
                + self.body.len(),
        );
        let _ = writeln!(s, "#version {version}");
        for e in &self.extensions {
            s.push_str(e);
            s.push('\n');
        }
        if pixel {
            s.push_str("precision highp float;\nprecision highp int;\n");
        }
        s.push_str(&self.decls);
        for h in &self.helpers {
            s.push_str(h.text);
        }
        s.push_str(&self.functions);
        s.push_str("void main()\n{\n");
        s.push_str(&self.early_main);
        s.push_str(&self.body);
        self.epilogue_at_natural_end(&mut s);
        s.push_str("}\n");
        s
    }

    /// The stage epilogue once more where `main` ends without a final
    /// top-level `return;` (a program whose last instruction is not `ret`):
    /// the returns paste it themselves, so only the fall-off end needs it.
    /// Lines are re-indented to the body of `main`.
    fn epilogue_at_natural_end(&self, s: &mut String) {
        let lines = self.epilogue_statements();
        if lines.is_empty()
            || self.body.ends_with("\n    return;\n")
            || self.body == "    return;\n"
        {
            return;
        }
        for l in lines {
            s.push_str("    ");
            s.push_str(l);
            s.push('\n');
        }
    }

    /// The statements of the stage epilogue ([`Output::epilogue`]) without
    /// blank lines and without their common indentation, ready to be
    /// written at any nesting level.
    pub fn epilogue_statements(&self) -> Vec<&str> {
        let lines: Vec<&str> = self
            .epilogue
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect();
        let strip = lines
            .iter()
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0);
        lines
            .into_iter()
            .map(|l| l.get(strip..).unwrap_or(l.trim_start()))
            .collect()
    }
}

/// Pushes `depth` levels of four-space indentation.
pub fn push_indent(s: &mut String, depth: usize) {
    for _ in 0..depth {
        s.push_str("    ");
    }
}
