//! What a program costs the driver on first use: compile, link and first
//! draw, in CPU time of the calling thread, and the driver's own view of
//! the linked program (Mesa's NIR after linking).
//!
//! llvmpipe generates machine code for a program's shaders when a draw
//! first needs them, not at link time, so the first draw is where most of
//! a material's load cost is paid. [`Runner::time_program`] therefore
//! draws once after linking: into a 1×1 framebuffer whose colour
//! attachments match the fragment outputs' base types (so the draw is not
//! rejected and skipped), with every active uniform block backed by a
//! zero-filled buffer and every sampler type on a texture unit of its own
//! (two sampler types on one unit would make the draw an error). The
//! triangle's vertices all come from the current attribute values (no
//! arrays are enabled), so nothing is rasterised: the time is the draw's
//! validation and the shaders' code generation.
//!
//! For code generation to run on the calling thread, set
//! `LP_NUM_THREADS=0` before creating the runner (llvmpipe then
//! rasterises on that thread too).

use crate::{thread_cpu_ns, GlesError, Runner, StageKind};
use glow::HasContext;
use std::io::Read;
use std::os::fd::AsRawFd;

/// A fragment output's base type, which decides the format of its colour
/// attachment in a timed draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// `float`/`vecN`: `RGBA8`.
    Float,
    /// `int`/`ivecN`: `RGBA32I`.
    Int,
    /// `uint`/`uvecN`: `RGBA32UI`.
    Uint,
}

impl OutputKind {
    fn internal_format(self) -> u32 {
        match self {
            OutputKind::Float => glow::RGBA8,
            OutputKind::Int => glow::RGBA32I,
            OutputKind::Uint => glow::RGBA32UI,
        }
    }
}

/// The driver's CPU time for one program's first use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgramTime {
    /// `glCompileShader` of the measured stage, nanoseconds.
    pub compile_ns: u64,
    /// `glLinkProgram` (with the status query), nanoseconds.
    pub link_ns: u64,
    /// The first `glDrawArrays` and the `glFinish` after it, nanoseconds:
    /// llvmpipe's code generation for both stages.
    pub draw_ns: u64,
}

impl ProgramTime {
    /// Compile, link and first draw together.
    pub fn total_ns(&self) -> u64 {
        self.compile_ns + self.link_ns + self.draw_ns
    }
}

/// GL objects of one timed program, deleted together.
#[derive(Default)]
struct TimedObjects {
    shaders: Vec<glow::Shader>,
    program: Option<glow::Program>,
    framebuffer: Option<glow::Framebuffer>,
    renderbuffers: Vec<glow::Renderbuffer>,
    buffers: Vec<glow::Buffer>,
}

impl TimedObjects {
    unsafe fn delete(self, gl: &glow::Context) {
        gl.use_program(None);
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.bind_renderbuffer(glow::RENDERBUFFER, None);
        gl.bind_buffer(glow::UNIFORM_BUFFER, None);
        for b in self.buffers {
            gl.delete_buffer(b);
        }
        for r in self.renderbuffers {
            gl.delete_renderbuffer(r);
        }
        if let Some(f) = self.framebuffer {
            gl.delete_framebuffer(f);
        }
        if let Some(p) = self.program {
            gl.delete_program(p);
        }
        for s in self.shaders {
            gl.delete_shader(s);
        }
    }
}

/// Whether `ty` (a `glGetActiveUniform` type) is a sampler type.
fn is_sampler(ty: u32) -> bool {
    matches!(
        ty,
        glow::SAMPLER_2D
            | glow::SAMPLER_3D
            | glow::SAMPLER_CUBE
            | glow::SAMPLER_2D_SHADOW
            | glow::SAMPLER_2D_ARRAY
            | glow::SAMPLER_2D_ARRAY_SHADOW
            | glow::SAMPLER_CUBE_SHADOW
            | glow::INT_SAMPLER_2D
            | glow::INT_SAMPLER_3D
            | glow::INT_SAMPLER_CUBE
            | glow::INT_SAMPLER_2D_ARRAY
            | glow::UNSIGNED_INT_SAMPLER_2D
            | glow::UNSIGNED_INT_SAMPLER_3D
            | glow::UNSIGNED_INT_SAMPLER_CUBE
            | glow::UNSIGNED_INT_SAMPLER_2D_ARRAY
    )
}

impl Runner {
    /// Compiles `src` (the measured stage) and `partner` (the other stage,
    /// compiled untimed), links them, draws once (see the module docs) and
    /// deletes everything again: the driver's CPU time on this thread for
    /// each step. `outputs` lists the fragment shader's outputs (location,
    /// base type); an empty list draws into one `RGBA8` attachment.
    /// Nothing is cached, so a second call with the same texts does the
    /// same work again (with Mesa's shader cache off, as
    /// [`crate::ENVIRONMENT`] sets it). A draw the driver rejects is an
    /// error: its time would not include code generation.
    pub fn time_program(
        &mut self,
        stage: StageKind,
        src: &str,
        partner: &str,
        outputs: &[(u32, OutputKind)],
    ) -> Result<ProgramTime, GlesError> {
        let mut o = TimedObjects::default();
        // SAFETY: the GL calls run on the thread whose context is current
        // (the runner stays on the thread that created it).
        unsafe {
            let r = self.time_inner(stage, src, partner, outputs, &mut o);
            o.delete(&self.gl);
            r
        }
    }

    unsafe fn time_inner(
        &mut self,
        stage: StageKind,
        src: &str,
        partner: &str,
        outputs: &[(u32, OutputKind)],
        o: &mut TimedObjects,
    ) -> Result<ProgramTime, GlesError> {
        let (kind, other) = kinds(stage);
        while self.gl.get_error() != glow::NO_ERROR {}
        o.shaders.push(self.compile(other, partner)?);
        let t0 = thread_cpu_ns();
        let sh = self.compile(kind, src)?;
        let t1 = thread_cpu_ns();
        o.shaders.push(sh);
        let gl = &self.gl;
        let prog = gl.create_program().map_err(|message| GlesError::Object {
            what: "program",
            message,
        })?;
        o.program = Some(prog);
        for s in &o.shaders {
            gl.attach_shader(prog, *s);
        }
        gl.link_program(prog);
        let linked = gl.get_program_link_status(prog);
        let t2 = thread_cpu_ns();
        if !linked {
            return Err(GlesError::Link(gl.get_program_info_log(prog)));
        }
        self.draw_setup(prog, outputs, o)?;
        let gl = &self.gl;
        let t3 = thread_cpu_ns();
        gl.draw_arrays(glow::TRIANGLES, 0, 3);
        gl.finish();
        let t4 = thread_cpu_ns();
        self.check("first draw")?;
        Ok(ProgramTime {
            compile_ns: t1.saturating_sub(t0),
            link_ns: t2.saturating_sub(t1),
            draw_ns: t4.saturating_sub(t3),
        })
    }

    /// Everything a draw of `prog` needs, untimed: the framebuffer, the
    /// uniform buffers and the sampler units.
    unsafe fn draw_setup(
        &mut self,
        prog: glow::Program,
        outputs: &[(u32, OutputKind)],
        o: &mut TimedObjects,
    ) -> Result<(), GlesError> {
        let gl = &self.gl;
        gl.use_program(Some(prog));
        let fb = gl
            .create_framebuffer()
            .map_err(|message| GlesError::Object {
                what: "framebuffer",
                message,
            })?;
        o.framebuffer = Some(fb);
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fb));
        let fallback = [(0, OutputKind::Float)];
        let outputs = if outputs.is_empty() {
            &fallback[..]
        } else {
            outputs
        };
        let slots = outputs.iter().map(|(l, _)| *l + 1).max().unwrap_or(1) as usize;
        let mut draw_buffers = vec![glow::NONE; slots];
        for &(location, kind) in outputs {
            let rb = gl
                .create_renderbuffer()
                .map_err(|message| GlesError::Object {
                    what: "renderbuffer",
                    message,
                })?;
            o.renderbuffers.push(rb);
            gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb));
            gl.renderbuffer_storage(glow::RENDERBUFFER, kind.internal_format(), 1, 1);
            let attachment = glow::COLOR_ATTACHMENT0 + location;
            gl.framebuffer_renderbuffer(
                glow::FRAMEBUFFER,
                attachment,
                glow::RENDERBUFFER,
                Some(rb),
            );
            if let Some(slot) = draw_buffers.get_mut(location as usize) {
                *slot = attachment;
            }
        }
        let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
        if status != glow::FRAMEBUFFER_COMPLETE {
            return Err(GlesError::Framebuffer(status));
        }
        gl.draw_buffers(&draw_buffers);
        gl.viewport(0, 0, 1, 1);
        let blocks = gl.get_program_parameter_i32(prog, glow::ACTIVE_UNIFORM_BLOCKS);
        for index in 0..blocks.max(0) as u32 {
            let size = gl.get_active_uniform_block_parameter_i32(
                prog,
                index,
                glow::UNIFORM_BLOCK_DATA_SIZE,
            );
            let buf = gl.create_buffer().map_err(|message| GlesError::Object {
                what: "uniform buffer",
                message,
            })?;
            o.buffers.push(buf);
            gl.bind_buffer(glow::UNIFORM_BUFFER, Some(buf));
            gl.buffer_data_u8_slice(
                glow::UNIFORM_BUFFER,
                &vec![0; size.max(16) as usize],
                glow::STATIC_DRAW,
            );
            gl.bind_buffer_base(glow::UNIFORM_BUFFER, index, Some(buf));
            gl.uniform_block_binding(prog, index, index);
        }
        // One texture unit per sampler type: samplers of one type may
        // share a unit, samplers of two types may not.
        let mut units: Vec<u32> = Vec::new();
        let uniforms = gl.get_program_parameter_i32(prog, glow::ACTIVE_UNIFORMS);
        for index in 0..uniforms.max(0) as u32 {
            let Some(u) = gl.get_active_uniform(prog, index) else {
                continue;
            };
            if !is_sampler(u.utype) {
                continue;
            }
            let unit = match units.iter().position(|t| *t == u.utype) {
                Some(i) => i,
                None => {
                    units.push(u.utype);
                    units.len() - 1
                }
            } as i32;
            if let Some(loc) = gl.get_uniform_location(prog, &u.name) {
                gl.uniform_1_i32_slice(Some(&loc), &vec![unit; u.size.max(1) as usize]);
            }
        }
        self.check("draw setup")
    }

    /// Compiles and links `src` with `partner` (untimed) while the
    /// process's standard error goes to a file, and returns what the
    /// driver wrote there. With `MESA_GLSL=dump` and `MESA_DEBUG=1` set
    /// before the runner was created, that is Mesa's IR of both shaders
    /// and of the linked program ([`nir_instruction_count`] reads it).
    pub fn link_log(
        &mut self,
        stage: StageKind,
        src: &str,
        partner: &str,
    ) -> Result<String, GlesError> {
        let path = std::env::temp_dir().join(format!("dxlower-gles-log-{}", std::process::id()));
        let mut file = std::fs::File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(|e| GlesError::Request(format!("{}: {e}", path.display())))?;
        let mut o = TimedObjects::default();
        // SAFETY: fd 2 is saved with dup and restored with dup2 before
        // returning; the GL calls run on the thread whose context is
        // current.
        let result = unsafe {
            libc::fflush(std::ptr::null_mut());
            let saved = libc::dup(2);
            if saved < 0 {
                return Err(GlesError::Request("cannot duplicate standard error".into()));
            }
            libc::dup2(file.as_raw_fd(), 2);
            let (kind, other) = kinds(stage);
            let r = (|| {
                while self.gl.get_error() != glow::NO_ERROR {}
                o.shaders.push(self.compile(other, partner)?);
                o.shaders.push(self.compile(kind, src)?);
                let gl = &self.gl;
                let prog = gl.create_program().map_err(|message| GlesError::Object {
                    what: "program",
                    message,
                })?;
                o.program = Some(prog);
                for s in &o.shaders {
                    gl.attach_shader(prog, *s);
                }
                gl.link_program(prog);
                if gl.get_program_link_status(prog) {
                    Ok(())
                } else {
                    Err(GlesError::Link(gl.get_program_info_log(prog)))
                }
            })();
            libc::fflush(std::ptr::null_mut());
            libc::dup2(saved, 2);
            libc::close(saved);
            std::mem::take(&mut o).delete(&self.gl);
            r
        };
        let mut text = String::new();
        let read = std::io::Seek::rewind(&mut file).and_then(|_| file.read_to_string(&mut text));
        let _ = std::fs::remove_file(&path);
        result?;
        read.map_err(|e| GlesError::Request(format!("{}: {e}", path.display())))?;
        Ok(text)
    }
}

fn kinds(stage: StageKind) -> (u32, u32) {
    match stage {
        StageKind::Vertex => (glow::VERTEX_SHADER, glow::FRAGMENT_SHADER),
        StageKind::Fragment => (glow::FRAGMENT_SHADER, glow::VERTEX_SHADER),
    }
}

/// The number of instructions in Mesa's NIR of the linked program's
/// `stage`, read from a [`Runner::link_log`] text (the section `NIR IR for
/// linked vertex|fragment program N:`; Mesa prints it with
/// `MESA_GLSL=dump` and `MESA_DEBUG=1`). Counted: ALU, texture, intrinsic
/// and phi instructions; constants (`load_const`), variable derefs and
/// undefined values are not instructions of the shader's work. `None`
/// when the text has no such section.
pub fn nir_instruction_count(log: &str, stage: StageKind) -> Option<usize> {
    let header = match stage {
        StageKind::Vertex => "NIR IR for linked vertex program",
        StageKind::Fragment => "NIR IR for linked fragment program",
    };
    let start = log.find(header)?;
    let mut count = 0;
    for line in log[start..].lines().skip(1) {
        if line.starts_with("NIR IR for ") || line.starts_with("GLSL IR for ") {
            break;
        }
        let t = line.trim_start();
        let is_instruction = match t.split_once(" = ") {
            Some((lhs, _)) => lhs.contains("ssa_"),
            None => t.starts_with("intrinsic "),
        };
        if !is_instruction {
            continue;
        }
        let name = rhs_op_name(t);
        if matches!(name, "load_const" | "undefined") || name.starts_with("deref_") {
            continue;
        }
        count += 1;
    }
    Some(count)
}

/// The operation of one NIR line: `fmul` in `vec1 32 ssa_3 = fmul ssa_1,
/// ssa_2`, `tex` in `… = (float32)tex …`, `load_ubo` in `… = intrinsic
/// load_ubo (…)`, `store_deref` in `intrinsic store_deref (…)`.
fn rhs_op_name(line: &str) -> &str {
    let rhs = line.split_once(" = ").map_or(line, |(_, r)| r);
    let rhs = rhs.strip_prefix("intrinsic ").unwrap_or(rhs);
    // A type prefix such as `(float32)`.
    let rhs = match rhs.strip_prefix('(') {
        Some(r) => r.split_once(')').map_or(r, |(_, rest)| rest),
        None => rhs,
    };
    rhs.split(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_linked_stage_only() {
        let log = "\
NIR IR for linked vertex program 3:
impl main {
\tvec1 32 ssa_0 = load_const (0x00000000)
\tvec4 32 ssa_1 = fadd ssa_0, ssa_0
}
NIR IR for linked fragment program 3:
impl main {
\tblock block_0:
\tvec1 32 ssa_0 = load_const (0x437f0000 = 255.000000)
\tvec1 32 ssa_1 = deref_var &SV_Target0 (shader_out uvec4)
\tvec4 32 ssa_2 = (float32)tex ssa_0 (coord), 0 (texture), 0 (sampler)
\tvec1 32 ssa_3 = fmul ssa_2.w, ssa_0
\tvec1 32 ssa_4 = intrinsic load_ubo (ssa_0, ssa_0) ()
\tvec1 32 ssa_5 = undefined
\tvec1 32 ssa_6 = phi block_1: ssa_3, block_2: ssa_4
\tintrinsic store_deref (ssa_1, ssa_3) (wrmask=x /*1*/, access=0)
}
";
        assert_eq!(nir_instruction_count(log, StageKind::Fragment), Some(5));
        assert_eq!(nir_instruction_count(log, StageKind::Vertex), Some(1));
        assert_eq!(nir_instruction_count("nothing", StageKind::Vertex), None);
    }
}
