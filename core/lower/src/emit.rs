//! The emitter: one stage's output, kept in sections and records and
//! assembled once.
//!
//! Order of the final text (`lowerings/decl-io/docs/decl-io.md#declaration-order`):
//! `#version` line, `#extension` lines (and the comment lines passes add
//! there), the PS default-precision block, declarations in bytecode order,
//! helper functions (each once, dependencies first), subroutine
//! definitions, then `void main()` with the early-main statements before
//! the translated body.
//!
//! Declarations are of two kinds. The interface of the stage — inputs and
//! outputs, uniform blocks, sampler uniforms, plain uniforms, extensions —
//! is kept as typed records ([`crate::record`]) and rendered at assembly at
//! the place in the declarations where it was declared; a pass that later
//! enlarges a block or a link step that agrees a size changes the record,
//! never the text. Everything else (temps, indexable temps, the immediate
//! constant buffer, global flags) is plain text. Statement text is written
//! through a small block-structured API ([`Output::line`],
//! [`Output::open_block`], ...) that keeps the indentation and knows
//! whether `main` ends in a `return`.

use crate::error::LowerError;
use crate::record::{
    Direction, Extension, InterfaceVar, PlainUniform, SamplerKey, SamplerUniform, Stage,
    StageRecord, UniformBlock,
};
use std::collections::BTreeSet;
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

/// A typed declaration, rendered from the record at assembly.
#[derive(Clone, Copy, Debug)]
enum Item {
    Input(usize),
    Output(usize),
    Block(usize),
    Sampler(usize),
    Uniform(usize),
}

/// A line of the preamble (after `#version`).
#[derive(Clone, Debug)]
enum Preamble {
    /// `#extension <record.extensions[i]> : require`.
    Extension(usize),
    /// A comment line.
    Comment(String),
}

/// Where statements go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Section {
    Main,
    Functions,
}

/// The sections and records of one stage.
#[derive(Debug)]
pub struct Output {
    preamble: Vec<Preamble>,
    /// Plain-text declarations.
    decls: String,
    /// Typed declarations with their byte position in `decls`.
    items: Vec<(usize, Item)>,
    helpers: Vec<&'static Helper>,
    early_main: String,
    body: String,
    functions: String,
    section: Section,
    epilogue: Vec<String>,
    depth: usize,
    /// True while the last statement of `main` is its top-level `return;`.
    returned: bool,
    temp_counter: u32,
    globals: BTreeSet<String>,
    pub(crate) record: StageRecord,
}

impl Output {
    /// A fresh output with the body indented inside `main`.
    pub fn new(stage: Stage) -> Self {
        Output {
            preamble: Vec::new(),
            decls: String::new(),
            items: Vec::new(),
            helpers: Vec::new(),
            early_main: String::new(),
            body: String::new(),
            functions: String::new(),
            section: Section::Main,
            epilogue: Vec::new(),
            depth: 1,
            returned: false,
            temp_counter: 0,
            globals: BTreeSet::new(),
            record: StageRecord::new(stage),
        }
    }

    /// The record built so far.
    pub fn record(&self) -> &StageRecord {
        &self.record
    }

    /// The statements of `main` written so far.
    pub fn body(&self) -> &str {
        &self.body
    }

    /// Sets the indentation depth of the next statements (1 = the body of
    /// `main`).
    pub(crate) fn set_depth(&mut self, depth: usize) {
        self.depth = depth;
    }

    /// Reserves room for about `decls` and `body` bytes of text.
    pub(crate) fn reserve(&mut self, decls: usize, body: usize) {
        self.decls.reserve(decls);
        self.body.reserve(body);
    }

    // -- preamble ---------------------------------------------------------

    /// Requires an extension (`GL_NV_shader_noperspective_interpolation`),
    /// once; `webgl` is the WebGL extension that enables it, if any.
    pub fn require_extension(&mut self, directive: &str, webgl: Option<&'static str>) {
        if self
            .record
            .extensions
            .iter()
            .any(|e| e.directive == directive)
        {
            return;
        }
        self.record.extensions.push(Extension {
            directive: directive.to_string(),
            webgl,
        });
        self.preamble
            .push(Preamble::Extension(self.record.extensions.len() - 1));
    }

    /// Adds a comment line to the preamble (once).
    pub fn preamble_comment(&mut self, text: &str) {
        let dup = self
            .preamble
            .iter()
            .any(|p| matches!(p, Preamble::Comment(c) if c == text));
        if !dup {
            self.preamble.push(Preamble::Comment(text.to_string()));
        }
    }

    // -- declarations -----------------------------------------------------

    /// Writes one plain-text declaration line.
    pub fn decl(&mut self, args: fmt::Arguments<'_>) {
        let _ = self.decls.write_fmt(args);
        self.decls.push('\n');
    }

    /// Declares a global (a flag, a table) once by name: the first call
    /// writes `text`, later calls with the same name do nothing. Returns
    /// true when it wrote.
    pub fn global_once(&mut self, name: &str, text: fmt::Arguments<'_>) -> bool {
        if self.globals.contains(name) {
            return false;
        }
        self.globals.insert(name.to_string());
        self.decl(text);
        true
    }

    fn item(&mut self, item: Item) {
        self.items.push((self.decls.len(), item));
    }

    /// Declares an interface variable; built-ins are recorded only.
    pub fn interface(&mut self, var: InterfaceVar) {
        let builtin = var.builtin;
        let (list, make): (&mut Vec<InterfaceVar>, fn(usize) -> Item) = match var.direction {
            Direction::In => (&mut self.record.inputs, Item::Input),
            Direction::Out => (&mut self.record.outputs, Item::Output),
        };
        list.push(var);
        let i = list.len() - 1;
        if !builtin {
            self.item(make(i));
        }
    }

    /// Declares a uniform block; returns its index in the record.
    pub fn block(&mut self, block: UniformBlock) -> usize {
        self.record.uniform_blocks.push(block);
        let i = self.record.uniform_blocks.len() - 1;
        self.item(Item::Block(i));
        i
    }

    /// The uniform block of this block name, to change its size.
    pub fn block_mut(&mut self, block: &str) -> Option<&mut UniformBlock> {
        self.record
            .uniform_blocks
            .iter_mut()
            .find(|b| b.block == block)
    }

    /// Declares a sampler uniform.
    pub fn sampler(&mut self, s: SamplerUniform) {
        self.record.samplers.push(s);
        let i = self.record.samplers.len() - 1;
        self.item(Item::Sampler(i));
    }

    /// The name of the sampler uniform standing for `key`, marked as used.
    pub fn use_sampler(&mut self, key: SamplerKey) -> Option<&str> {
        let s = self.record.samplers.iter_mut().find(|s| s.key() == key)?;
        s.used = true;
        Some(s.name.as_str())
    }

    /// Declares a plain uniform once by name; a second declaration of the
    /// name must be the same uniform.
    pub fn uniform(&mut self, u: PlainUniform) -> Result<(), LowerError> {
        if let Some(old) = self.record.uniforms.iter().find(|x| x.name == u.name) {
            if *old == u {
                return Ok(());
            }
            return Err(LowerError::invalid(format!(
                "uniform `{}` is declared twice with different types",
                u.name
            )));
        }
        self.record.uniforms.push(u);
        let i = self.record.uniforms.len() - 1;
        self.item(Item::Uniform(i));
        Ok(())
    }

    /// True when the stage declares a global of this name: an interface
    /// variable, a uniform block (block or instance name), a sampler or
    /// plain uniform, or a global declared with [`Output::global_once`].
    pub fn declares(&self, name: &str) -> bool {
        let r = &self.record;
        self.globals.contains(name)
            || r.inputs.iter().chain(&r.outputs).any(|v| v.name == name)
            || r.uniform_blocks
                .iter()
                .any(|b| b.block == name || b.instance == name)
            || r.samplers.iter().any(|s| s.name == name)
            || r.uniforms.iter().any(|u| u.name == name)
    }

    /// Adds a quality note (once).
    pub fn note(&mut self, msg: String) {
        if !self.record.notes.contains(&msg) {
            self.record.notes.push(msg);
        }
    }

    /// Adds a host contract (once).
    pub fn contract(&mut self, source: &str, requirement: String) {
        let c = crate::record::HostContract {
            source: source.to_string(),
            requirement,
        };
        if !self.record.contracts.contains(&c) {
            self.record.contracts.push(c);
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

    // -- statements -------------------------------------------------------

    /// Writes one early-main line (before the body of `main`).
    pub fn early(&mut self, args: fmt::Arguments<'_>) {
        self.early_main.push_str("    ");
        let _ = self.early_main.write_fmt(args);
        self.early_main.push('\n');
    }

    /// Adds statements to the stage epilogue, run before every return of
    /// `main` and at its end. `text` may hold several lines (a block);
    /// their common indentation is dropped and each is written at the depth
    /// of the return, keeping its indentation relative to the others.
    pub fn epilogue(&mut self, text: &str) {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let strip = lines
            .iter()
            .map(|l| l.len() - l.trim_start().len())
            .min()
            .unwrap_or(0);
        for l in lines {
            self.epilogue
                .push(l.get(strip..).unwrap_or(l.trim_start()).to_string());
        }
    }

    /// The section statements go to now and its length in bytes: the
    /// position of the next statement ([`Output::rewrite`]).
    pub(crate) fn position(&self) -> (Section, usize) {
        let len = match self.section {
            Section::Main => self.body.len(),
            Section::Functions => self.functions.len(),
        };
        (self.section, len)
    }

    /// The text of a statement section so far.
    pub(crate) fn section_text(&self, section: Section) -> &str {
        match section {
            Section::Main => &self.body,
            Section::Functions => &self.functions,
        }
    }

    /// The indentation depth of the next statement.
    pub(crate) fn depth(&self) -> usize {
        self.depth
    }

    /// Replaces byte ranges of a statement section, each `(start, end,
    /// text)` with `start..end` a range [`Output::position`] gave for
    /// whole lines. The ranges are sorted and do not overlap.
    pub(crate) fn rewrite(&mut self, section: Section, edits: &[(usize, usize, String)]) {
        if edits.is_empty() {
            return;
        }
        let buf = match section {
            Section::Main => &mut self.body,
            Section::Functions => &mut self.functions,
        };
        let mut out = String::with_capacity(buf.len());
        let mut at = 0;
        for (start, end, text) in edits {
            let (Some(keep), true) = (buf.get(at..*start), *end >= *start) else {
                // Not a range of this text: leave the section as it is.
                return;
            };
            out.push_str(keep);
            out.push_str(text);
            at = *end;
        }
        out.push_str(buf.get(at..).unwrap_or(""));
        *buf = out;
    }

    fn buf(&mut self) -> &mut String {
        match self.section {
            Section::Main => {
                self.returned = false;
                &mut self.body
            }
            Section::Functions => &mut self.functions,
        }
    }

    /// Writes one statement line at the current depth.
    pub fn line(&mut self, args: fmt::Arguments<'_>) {
        let depth = self.depth;
        let buf = self.buf();
        push_indent(buf, depth);
        let _ = buf.write_fmt(args);
        buf.push('\n');
    }

    /// Writes one statement line through `f`, straight into the current
    /// section (the same text as [`Output::line`] without building the
    /// arguments elsewhere first).
    pub fn line_with(&mut self, f: impl FnOnce(&mut String)) {
        let depth = self.depth;
        let buf = self.buf();
        push_indent(buf, depth);
        f(buf);
        buf.push('\n');
    }

    /// `<head> {` and one level deeper.
    pub fn open_block(&mut self, head: fmt::Arguments<'_>) {
        self.line_with(|b| {
            let _ = b.write_fmt(head);
            b.push_str(" {");
        });
        self.depth += 1;
    }

    /// A bare `{` and one level deeper (a scope for locals).
    pub fn open_scope(&mut self) {
        self.line(format_args!("{{"));
        self.depth += 1;
    }

    fn dedent(&mut self, by: usize) -> Result<(), LowerError> {
        self.depth = self
            .depth
            .checked_sub(by)
            .filter(|&d| d >= 1)
            .ok_or_else(|| LowerError::invalid("block closed below the function's top level"))?;
        Ok(())
    }

    /// `} <head> {` at the level of the block's head (`} else {`).
    pub fn else_block(&mut self, head: fmt::Arguments<'_>) -> Result<(), LowerError> {
        self.dedent(1)?;
        self.line_with(|b| {
            b.push_str("} ");
            let _ = b.write_fmt(head);
            b.push_str(" {");
        });
        self.depth += 1;
        Ok(())
    }

    /// `}` one level up.
    pub fn close_block(&mut self) -> Result<(), LowerError> {
        self.dedent(1)?;
        self.line(format_args!("}}"));
        Ok(())
    }

    /// `switch (<selector>) {`, its labels one level in and their
    /// statements two.
    pub fn open_switch(&mut self, selector: fmt::Arguments<'_>) {
        self.line_with(|b| {
            b.push_str("switch (");
            let _ = b.write_fmt(selector);
            b.push_str(") {");
        });
        self.depth += 2;
    }

    /// A `case N:` / `default:` label of the innermost switch.
    pub fn case_label(&mut self, label: fmt::Arguments<'_>) -> Result<(), LowerError> {
        self.dedent(1)?;
        self.line(label);
        self.depth += 1;
        Ok(())
    }

    /// The `}` of a switch.
    pub fn close_switch(&mut self) -> Result<(), LowerError> {
        self.dedent(2)?;
        self.line(format_args!("}}"));
        Ok(())
    }

    /// Starts a function body in the functions section (placed before
    /// `main`). The first call writes `prototypes` first, so that calls in
    /// any direction compile.
    pub fn begin_function<I, S>(&mut self, prototypes: I, signature: fmt::Arguments<'_>)
    where
        I: IntoIterator<Item = S>,
        S: fmt::Display,
    {
        self.depth = 0;
        if self.section != Section::Functions {
            self.section = Section::Functions;
            for p in prototypes {
                self.line(format_args!("{p}"));
            }
        }
        self.line(signature);
        self.line(format_args!("{{"));
        self.depth = 1;
    }

    /// Closes the current function body.
    pub fn end_function(&mut self) {
        self.depth = 0;
        self.line(format_args!("}}"));
    }

    /// True while statements go into a subroutine rather than `main`.
    pub fn in_function(&self) -> bool {
        self.section == Section::Functions
    }

    /// A return: in `main` the stage epilogue then `return;`; in a
    /// subroutine `return;`.
    pub fn write_return(&mut self) {
        if self.section == Section::Main {
            for i in 0..self.epilogue.len() {
                let depth = self.depth;
                let buf = &mut self.body;
                push_indent(buf, depth);
                buf.push_str(&self.epilogue[i]);
                buf.push('\n');
            }
        }
        self.line(format_args!("return;"));
        self.returned = self.section == Section::Main && self.depth == 1;
    }

    /// A fresh local name with the given prefix (`hlslcc_tmp3`).
    pub fn fresh(&mut self, prefix: &str) -> String {
        let n = self.temp_counter;
        self.temp_counter += 1;
        format!("{prefix}{n}")
    }

    // -- assembly ---------------------------------------------------------

    fn write_item(&self, s: &mut String, item: Item) {
        let r = &self.record;
        match item {
            Item::Input(i) => r.inputs[i].write_decl(s),
            Item::Output(i) => r.outputs[i].write_decl(s),
            Item::Block(i) => r.uniform_blocks[i].write_decl(s),
            Item::Sampler(i) => r.samplers[i].write_decl(s),
            Item::Uniform(i) => r.uniforms[i].write_decl(s),
        }
        s.push('\n');
    }

    /// Assembles the final text.
    pub fn assemble(&self, version: &str) -> String {
        let mut s = String::with_capacity(
            256 + self.decls.len()
                + self.items.len() * 48
                + self.helpers.iter().map(|h| h.text.len()).sum::<usize>()
                + self.functions.len()
                + self.early_main.len()
                + self.body.len(),
        );
        let _ = writeln!(s, "#version {version}");
        for p in &self.preamble {
            match p {
                Preamble::Extension(i) => {
                    let _ = writeln!(
                        s,
                        "#extension {} : require",
                        self.record.extensions[*i].directive
                    );
                }
                Preamble::Comment(c) => {
                    s.push_str(c);
                    s.push('\n');
                }
            }
        }
        if self.record.stage == Stage::Pixel {
            s.push_str("precision highp float;\nprecision highp int;\n");
        }
        let mut at = 0;
        for &(pos, item) in &self.items {
            s.push_str(&self.decls[at..pos]);
            at = pos;
            self.write_item(&mut s, item);
        }
        s.push_str(&self.decls[at..]);
        for h in &self.helpers {
            s.push_str(h.text);
        }
        s.push_str(&self.functions);
        s.push_str("void main()\n{\n");
        s.push_str(&self.early_main);
        s.push_str(&self.body);
        if !self.returned {
            for l in &self.epilogue {
                s.push_str("    ");
                s.push_str(l);
                s.push('\n');
            }
        }
        s.push_str("}\n");
        s
    }
}

/// The deepest indentation written, in levels of four spaces: statements
/// nested deeper are written at this level (still valid GLSL; the braces
/// carry the structure). Every line then costs at most 64 bytes of
/// indentation, so the output stays linear in the input however deep a
/// hostile program nests (README "Untrusted input"). No corpus shader
/// nests deeper than 10 levels.
pub const MAX_INDENT: usize = 16;

/// Pushes `depth` levels of four-space indentation, at most
/// [`MAX_INDENT`].
pub fn push_indent(s: &mut String, depth: usize) {
    const SPACES: &str = "                                                                ";
    let n = depth.min(MAX_INDENT) * 4;
    s.push_str(&SPACES[..n]);
}
