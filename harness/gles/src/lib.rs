//! # dxlower-gles
//!
//! A headless OpenGL ES 3.0 runner: it draws one GLSL ES program into an
//! off-screen framebuffer on Mesa's software rasterizer and reads the pixels
//! back. It knows nothing of DXBC: callers hand it vertex and fragment
//! shader text, uniform-block bytes, a render-target format and size, and a
//! vertex setup, and optionally integer data textures
//! ([`Runner::draw_with_textures`] with [`UintTexture`]s: `RGBA32UI`
//! texels bound to `usampler2D` uniforms by name).
//!
//! How the context is made:
//! - `libEGL.so.1` is loaded at run time (no `-dev` packages are needed to
//!   build), and GL entry points are resolved through `eglGetProcAddress`
//!   (falling back to `libGLESv2.so.2`).
//! - Before EGL is loaded the process environment is set so that the
//!   context is exactly what the tests mean: `EGL_PLATFORM=surfaceless`,
//!   `MESA_GLES_VERSION_OVERRIDE=3.0` (an ES 3.00 context, not 3.2),
//!   `MESA_SHADER_CACHE_DISABLE=true` and `LIBGL_ALWAYS_SOFTWARE=true`
//!   (llvmpipe on every machine, GPU or not, so results are deterministic).
//! - The display comes from `eglGetPlatformDisplay` with
//!   `EGL_PLATFORM_SURFACELESS_MESA`; the context is an ES 3 context made
//!   current without a surface (`EGL_KHR_surfaceless_context`), or with a
//!   1x1 pbuffer when that extension is missing. Rendering goes to a
//!   framebuffer object.
//!
//! A context that cannot be created is an error carrying the EGL error
//! code; nothing is skipped silently.
//!
//! ```no_run
//! use dxlower_gles::{Draw, Format, Runner, Vertices};
//! let mut runner = Runner::new()?;
//! let vs = "#version 300 es\nin vec4 p; void main() { gl_Position = p; }";
//! let fs = "#version 300 es\nout highp uvec4 o; void main() { o = uvec4(7u); }";
//! let image = runner.draw(&Draw {
//!     vs,
//!     fs,
//!     blocks: &[],
//!     format: Format::Rgba32Ui,
//!     width: 4,
//!     height: 4,
//!     vertices: &Vertices::quad_strip("p"),
//!     clear: [0; 4],
//! })?;
//! assert_eq!(image.image.uniform(), Some([7; 4]));
//! # Ok::<(), dxlower_gles::GlesError>(())
//! ```

mod timing;

pub use timing::{nir_instruction_count, OutputKind, ProgramTime};

use glow::HasContext;
use khronos_egl as egl;
use std::fmt;

/// `EGL_PLATFORM_SURFACELESS_MESA` (EGL_MESA_platform_surfaceless).
pub const EGL_PLATFORM_SURFACELESS_MESA: egl::Enum = 0x31DD;

/// The environment the runner sets before loading EGL (name, value).
pub const ENVIRONMENT: [(&str, &str); 4] = [
    ("EGL_PLATFORM", "surfaceless"),
    ("MESA_GLES_VERSION_OVERRIDE", "3.0"),
    ("MESA_SHADER_CACHE_DISABLE", "true"),
    ("LIBGL_ALWAYS_SOFTWARE", "true"),
];

/// Everything that can go wrong while making a context or drawing.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GlesError {
    /// `libEGL.so.1` (or a GL entry point) could not be loaded.
    #[error("cannot load EGL: {0}")]
    Load(String),
    /// An EGL call failed; `code` is the EGL error (`0x300x`).
    #[error("{call} failed: EGL error {code:#06x} ({name})")]
    Egl {
        /// The EGL function that failed.
        call: &'static str,
        /// The EGL error code.
        code: i32,
        /// The error's name.
        name: String,
    },
    /// A required EGL or GL extension or version is missing.
    #[error("missing {0}")]
    Missing(String),
    /// A shader did not compile; `log` is the driver's info log.
    #[error("{stage} shader does not compile:\n{log}")]
    Compile {
        /// `vertex` or `fragment`.
        stage: &'static str,
        /// The compiler's info log.
        log: String,
    },
    /// The program did not link; `log` is the driver's info log.
    #[error("program does not link:\n{0}")]
    Link(String),
    /// The framebuffer is incomplete (the GL status code).
    #[error("framebuffer incomplete: status {0:#06x}")]
    Framebuffer(u32),
    /// A GL call reported an error.
    #[error("GL error {code:#06x} after {what}")]
    Gl {
        /// What the runner was doing.
        what: &'static str,
        /// The `glGetError` code.
        code: u32,
    },
    /// A GL object could not be created.
    #[error("cannot create {what}: {message}")]
    Object {
        /// The kind of object.
        what: &'static str,
        /// The driver's message.
        message: String,
    },
    /// The draw request itself is inconsistent (empty size, attribute data
    /// not a multiple of its component count, ...).
    #[error("bad draw request: {0}")]
    Request(String),
}

fn egl_err(call: &'static str, e: egl::Error) -> GlesError {
    GlesError::Egl {
        call,
        code: e.native(),
        name: format!("{e:?}"),
    }
}

/// Pixel format of the render target (one 32-bit word per channel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `GL_RGBA32F` (needs `GL_EXT_color_buffer_float` on ES 3.0).
    Rgba32F,
    /// `GL_RGBA32UI`.
    Rgba32Ui,
    /// `GL_RGBA32I`.
    Rgba32I,
}

impl Format {
    fn internal(self) -> u32 {
        match self {
            Format::Rgba32F => glow::RGBA32F,
            Format::Rgba32Ui => glow::RGBA32UI,
            Format::Rgba32I => glow::RGBA32I,
        }
    }
    fn read_format(self) -> (u32, u32) {
        match self {
            Format::Rgba32F => (glow::RGBA, glow::FLOAT),
            Format::Rgba32Ui => (glow::RGBA_INTEGER, glow::UNSIGNED_INT),
            Format::Rgba32I => (glow::RGBA_INTEGER, glow::INT),
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Rgba32F => "RGBA32F",
            Format::Rgba32Ui => "RGBA32UI",
            Format::Rgba32I => "RGBA32I",
        })
    }
}

/// How the vertices are assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Primitive {
    /// `GL_TRIANGLES`.
    Triangles,
    /// `GL_TRIANGLE_STRIP`.
    TriangleStrip,
}

/// One float vertex attribute, found in the program by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The GLSL `in` variable's name.
    pub name: String,
    /// Components per vertex (1 to 4).
    pub components: i32,
    /// `components` floats per vertex, tightly packed.
    pub data: Vec<f32>,
}

/// The vertex setup of a draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Vertices {
    /// Primitive assembly.
    pub primitive: Primitive,
    /// Number of vertices drawn.
    pub count: i32,
    /// Float attributes (may be empty, e.g. for a `gl_VertexID` shader).
    pub attributes: Vec<Attribute>,
}

impl Vertices {
    /// A full-viewport quad as a 4-vertex triangle strip with a `vec3`
    /// position attribute called `name`: (-1,-1,0) (-1,1,0) (1,-1,0)
    /// (1,1,0), the vertices of Wine's `draw_quad`.
    pub fn quad_strip(name: &str) -> Vertices {
        Vertices {
            primitive: Primitive::TriangleStrip,
            count: 4,
            attributes: vec![Attribute {
                name: name.to_string(),
                components: 3,
                data: vec![
                    -1.0, -1.0, 0.0, //
                    -1.0, 1.0, 0.0, //
                    1.0, -1.0, 0.0, //
                    1.0, 1.0, 0.0,
                ],
            }],
        }
    }

    /// Three vertices with no attributes, drawn as one triangle: for a
    /// vertex shader that builds a covering triangle from `gl_VertexID`.
    pub fn vertex_id_triangle() -> Vertices {
        Vertices {
            primitive: Primitive::Triangles,
            count: 3,
            attributes: Vec::new(),
        }
    }
}

/// Bytes for one uniform block, bound by block name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformBlock {
    /// The block name (`ConstantBuffer0`), not the instance name.
    pub name: String,
    /// The block's bytes; zero-padded up to the block's data size.
    pub data: Vec<u8>,
}

/// An integer data texture to bind: `GL_RGBA32UI`, `NEAREST` filtering (an
/// integer texture with a linear filter is incomplete), found in the
/// program by its sampler uniform's name and bound to a texture unit with
/// `uniform1i`. Used for the data textures of buffer SRVs (`texelFetch` on
/// a `usampler2D`), and, with more than one level, to see which mip level
/// a sample reads (`NEAREST_MIPMAP_NEAREST`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UintTexture {
    /// The sampler uniform's name (`sb0`).
    pub name: String,
    /// Width in texels.
    pub width: i32,
    /// Height in texels.
    pub height: i32,
    /// Four words per texel (R, G, B, A), rows bottom-up (row 0 first):
    /// `width * height * 4` words for level 0, then, when longer, each
    /// further level of the mip chain in turn (level `l` is
    /// `max(1, width >> l)` × `max(1, height >> l)`), as many as the words
    /// fill completely.
    pub data: Vec<u32>,
}

/// The levels `len` words of RGBA32UI texels fill for a `width` × `height`
/// level 0: (level, width, height, first word) of each, or `None` unless
/// the words fill level 0 and the following levels exactly.
fn mip_chain(width: i32, height: i32, len: usize) -> Option<Vec<(i32, i32, i32, usize)>> {
    let mut levels = Vec::new();
    let (mut w, mut h, mut at) = (width, height, 0usize);
    while at < len {
        if w <= 0 || h <= 0 {
            return None;
        }
        let n = (w as usize) * (h as usize) * 4;
        if at + n > len {
            return None;
        }
        levels.push((levels.len() as i32, w, h, at));
        at += n;
        if w == 1 && h == 1 {
            break;
        }
        w = (w / 2).max(1);
        h = (h / 2).max(1);
    }
    (at == len && !levels.is_empty()).then_some(levels)
}

/// A plain (non-block, non-sampler) uniform to set before a draw, found in
/// the program by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Uniform {
    /// The uniform's name (an array's name sets it from element 0).
    pub name: String,
    /// Its value.
    pub value: UniformValue,
}

/// The value of a [`Uniform`], of the uniform's GLSL type.
#[derive(Clone, Debug, PartialEq)]
pub enum UniformValue {
    /// `uint`.
    Uint(u32),
    /// `int`.
    Int(i32),
    /// `float`.
    Float(f32),
    /// `vec4[n]`: consecutive elements from 0.
    Vec4s(Vec<[f32; 4]>),
}

/// One draw request.
#[derive(Clone, Copy, Debug)]
pub struct Draw<'a> {
    /// Vertex shader text (`#version 300 es`).
    pub vs: &'a str,
    /// Fragment shader text.
    pub fs: &'a str,
    /// Uniform blocks to bind.
    pub blocks: &'a [UniformBlock],
    /// Render-target format.
    pub format: Format,
    /// Render-target width in pixels.
    pub width: i32,
    /// Render-target height in pixels.
    pub height: i32,
    /// Vertex setup.
    pub vertices: &'a Vertices,
    /// The words the target is cleared to before the draw (float targets:
    /// the bits of each float).
    pub clear: [u32; 4],
}

/// The pixels read back from a render target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The target's format.
    pub format: Format,
    /// Width in pixels.
    pub width: i32,
    /// Height in pixels.
    pub height: i32,
    /// Four words per pixel, rows bottom-up as GL reads them.
    pub words: Vec<u32>,
}

impl Image {
    /// The four words of pixel (x, y) (y counted from the bottom).
    pub fn pixel(&self, x: i32, y: i32) -> Option<[u32; 4]> {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return None;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        let w = self.words.get(i..i + 4)?;
        Some([w[0], w[1], w[2], w[3]])
    }

    /// Every pixel as four words.
    pub fn pixels(&self) -> impl Iterator<Item = [u32; 4]> + '_ {
        self.words.chunks_exact(4).map(|w| [w[0], w[1], w[2], w[3]])
    }

    /// The value of every pixel when all pixels are equal.
    pub fn uniform(&self) -> Option<[u32; 4]> {
        let mut it = self.pixels();
        let first = it.next()?;
        it.all(|p| p == first).then_some(first)
    }
}

/// The result of a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    /// The pixels.
    pub image: Image,
    /// Uniform blocks that the linked program does not use (the compiler
    /// removed them, or the shaders never declared them).
    pub inactive_blocks: Vec<String>,
    /// Attributes that the linked program does not use.
    pub inactive_attributes: Vec<String>,
    /// Textures whose sampler uniform the linked program does not use.
    pub inactive_textures: Vec<String>,
}

/// Which stage [`Runner::time_program`] measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageKind {
    /// A vertex shader.
    Vertex,
    /// A fragment shader.
    Fragment,
}

/// CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), in
/// nanoseconds: the driver's work without time spent waiting for a core.
pub(crate) fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0;
    }
    (ts.tv_sec as u64).saturating_mul(1_000_000_000) + ts.tv_nsec as u64
}

/// What the driver is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DriverInfo {
    /// `GL_RENDERER`.
    pub renderer: String,
    /// `GL_VERSION`.
    pub version: String,
    /// `GL_SHADING_LANGUAGE_VERSION`.
    pub glsl_version: String,
    /// `GL_EXT_color_buffer_float` is exposed (float targets work).
    pub color_buffer_float: bool,
}

impl fmt::Display for DriverInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} / {} / {}{}",
            self.renderer,
            self.version,
            self.glsl_version,
            if self.color_buffer_float {
                " / EXT_color_buffer_float"
            } else {
                ""
            }
        )
    }
}

/// Linked programs kept for reuse before the cache is emptied.
const PROGRAM_CACHE: usize = 512;

type Egl = egl::DynamicInstance<egl::EGL1_5>;

/// A current ES 3.0 context on Mesa's surfaceless platform. Create one and
/// reuse it for many draws; it is released on drop. The context is current
/// on the thread that created the runner, so the runner must stay there.
pub struct Runner {
    egl: Egl,
    display: egl::Display,
    context: egl::Context,
    surface: Option<egl::Surface>,
    gl: glow::Context,
    info: DriverInfo,
    programs: std::collections::HashMap<(String, String), glow::Program>,
    // Keeps libGLESv2 loaded while `gl` may hold pointers into it.
    _gles_lib: Option<libloading::Library>,
    // Not Send/Sync: the context is current on the creating thread.
    _not_send: std::marker::PhantomData<*const ()>,
}

impl fmt::Debug for Runner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Runner").field("info", &self.info).finish()
    }
}

fn has_ext(list: &str, name: &str) -> bool {
    list.split_ascii_whitespace().any(|e| e == name)
}

impl Runner {
    /// Sets the environment ([`ENVIRONMENT`]), loads EGL, makes an ES 3.0
    /// context current on this thread and loads GL. Call it before the
    /// process starts other threads that read the environment, or export
    /// [`ENVIRONMENT`] beforehand.
    pub fn new() -> Result<Runner, GlesError> {
        // Mesa reads these when EGL is initialised. Only values that differ
        // are written, so a process that exported them (or a second runner)
        // never touches the environment.
        for (k, v) in ENVIRONMENT {
            if std::env::var_os(k).as_deref() != Some(std::ffi::OsStr::new(v)) {
                std::env::set_var(k, v);
            }
        }
        // SAFETY: the library is the system's EGL, whose symbols follow the
        // EGL ABI the bindings declare.
        let egl = unsafe { Egl::load_required_from_filename("libEGL.so.1") }.map_err(|e| {
            GlesError::Load(format!(
                "libEGL.so.1: {e} (install Debian's libegl1 and libegl-mesa0, or run scripts/test)"
            ))
        })?;
        let client_ext = egl
            .query_string(None, egl::EXTENSIONS)
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !has_ext(&client_ext, "EGL_MESA_platform_surfaceless") {
            return Err(GlesError::Missing(format!(
                "EGL_MESA_platform_surfaceless: Mesa's EGL is not installed or not chosen \
                 (install Debian's libegl-mesa0 and libgl1-mesa-dri, or run scripts/test; \
                 client extensions: {client_ext})"
            )));
        }
        // SAFETY: the surfaceless platform takes no native display.
        let display = unsafe {
            egl.get_platform_display(
                EGL_PLATFORM_SURFACELESS_MESA,
                egl::DEFAULT_DISPLAY,
                &[egl::ATTRIB_NONE],
            )
        }
        .map_err(|e| egl_err("eglGetPlatformDisplay", e))?;
        egl.initialize(display)
            .map_err(|e| egl_err("eglInitialize", e))?;
        match Self::with_display(&egl, display) {
            Ok(parts) => Ok(parts.into_runner(egl, display)),
            Err(e) => {
                let _ = egl.terminate(display);
                Err(e)
            }
        }
    }

    fn with_display(egl: &Egl, display: egl::Display) -> Result<Parts, GlesError> {
        let display_ext = egl
            .query_string(Some(display), egl::EXTENSIONS)
            .map(|s| s.to_string_lossy().into_owned())
            .map_err(|e| egl_err("eglQueryString", e))?;
        let surfaceless = has_ext(&display_ext, "EGL_KHR_surfaceless_context");
        egl.bind_api(egl::OPENGL_ES_API)
            .map_err(|e| egl_err("eglBindAPI", e))?;
        // EGL_SURFACE_TYPE defaults to EGL_WINDOW_BIT, which the
        // surfaceless platform's configs never have: ask for pbuffers.
        let attrs = [
            egl::RENDERABLE_TYPE,
            egl::OPENGL_ES3_BIT,
            egl::SURFACE_TYPE,
            egl::PBUFFER_BIT,
            egl::NONE,
        ];
        let config = egl
            .choose_first_config(display, &attrs)
            .map_err(|e| egl_err("eglChooseConfig", e))?
            .ok_or_else(|| GlesError::Missing("an EGL config with ES 3 rendering".into()))?;
        let context = egl
            .create_context(
                display,
                config,
                None,
                &[egl::CONTEXT_MAJOR_VERSION, 3, egl::NONE],
            )
            .map_err(|e| egl_err("eglCreateContext", e))?;
        let surface = if surfaceless {
            None
        } else {
            match egl.create_pbuffer_surface(
                display,
                config,
                &[egl::WIDTH, 1, egl::HEIGHT, 1, egl::NONE],
            ) {
                Ok(s) => Some(s),
                Err(e) => {
                    let _ = egl.destroy_context(display, context);
                    return Err(egl_err("eglCreatePbufferSurface", e));
                }
            }
        };
        let cleanup = |egl: &Egl| {
            let _ = egl.make_current(display, None, None, None);
            if let Some(s) = surface {
                let _ = egl.destroy_surface(display, s);
            }
            let _ = egl.destroy_context(display, context);
        };
        if let Err(e) = egl.make_current(display, surface, surface, Some(context)) {
            cleanup(egl);
            return Err(egl_err("eglMakeCurrent", e));
        }
        // Core ES entry points through eglGetProcAddress (Mesa answers for
        // core functions too); libGLESv2 as the fallback.
        // SAFETY: loading the system GLES library runs no untrusted code.
        let gles_lib = unsafe { libloading::Library::new("libGLESv2.so.2") }.ok();
        let loader = |name: &str| -> *const std::ffi::c_void {
            if let Some(p) = egl.get_proc_address(name) {
                return p as *const std::ffi::c_void;
            }
            let Some(lib) = gles_lib.as_ref() else {
                return std::ptr::null();
            };
            let mut sym = name.as_bytes().to_vec();
            sym.push(0);
            // SAFETY: the symbol is only used as an untyped address.
            match unsafe { lib.get::<*const std::ffi::c_void>(&sym) } {
                Ok(s) => *s,
                Err(_) => std::ptr::null(),
            }
        };
        // SAFETY: the context is current on this thread, so GL_VERSION is
        // readable; every pointer comes from the driver for its name.
        let gl = unsafe { glow::Context::from_loader_function(loader) };
        // SAFETY: plain queries on the current context.
        let info = unsafe {
            DriverInfo {
                renderer: gl.get_parameter_string(glow::RENDERER),
                version: gl.get_parameter_string(glow::VERSION),
                glsl_version: gl.get_parameter_string(glow::SHADING_LANGUAGE_VERSION),
                color_buffer_float: gl
                    .supported_extensions()
                    .contains("GL_EXT_color_buffer_float"),
            }
        };
        if !info.version.starts_with("OpenGL ES 3.0") {
            cleanup(egl);
            return Err(GlesError::Missing(format!(
                "an OpenGL ES 3.0 context (got `{}`)",
                info.version
            )));
        }
        Ok(Parts {
            context,
            surface,
            gl,
            info,
            gles_lib,
        })
    }

    /// What the driver is.
    pub fn info(&self) -> &DriverInfo {
        &self.info
    }

    /// Compiles both shaders and links them into a program, without
    /// drawing: `Err` carries the driver's compile or link info log. The
    /// program is kept in the cache like one a draw made.
    pub fn link(&mut self, vs: &str, fs: &str) -> Result<(), GlesError> {
        // SAFETY: the GL calls run on the thread whose context is current
        // (the runner stays on the thread that created it).
        unsafe {
            while self.gl.get_error() != glow::NO_ERROR {}
            self.program(vs, fs).map(|_| ())
        }
    }

    /// Draws once and reads the whole target back.
    pub fn draw(&mut self, d: &Draw<'_>) -> Result<Drawn, GlesError> {
        self.draw_with_textures(d, &[])
    }

    /// Draws once with integer data textures bound (texture `i` of
    /// `textures` on unit `i`) and reads the whole target back.
    pub fn draw_with_textures(
        &mut self,
        d: &Draw<'_>,
        textures: &[UintTexture],
    ) -> Result<Drawn, GlesError> {
        self.draw_with_uniforms(d, textures, &[])
    }

    /// Draws once with integer data textures bound (as
    /// [`Runner::draw_with_textures`]) and plain uniforms set, and reads
    /// the whole target back. A uniform the program does not have (or the
    /// compiler removed) is an error.
    pub fn draw_with_uniforms(
        &mut self,
        d: &Draw<'_>,
        textures: &[UintTexture],
        uniforms: &[Uniform],
    ) -> Result<Drawn, GlesError> {
        for t in textures {
            if t.width <= 0
                || t.height <= 0
                || t.width > 4096
                || t.height > 4096
                || mip_chain(t.width, t.height, t.data.len()).is_none()
            {
                return Err(GlesError::Request(format!(
                    "texture `{}`: {} words for {}x{} RGBA32UI texels",
                    t.name,
                    t.data.len(),
                    t.width,
                    t.height
                )));
            }
        }
        if textures.len() > 16 {
            return Err(GlesError::Request(format!(
                "{} textures (ES 3.0 guarantees 16 fragment texture units)",
                textures.len()
            )));
        }
        if d.width <= 0 || d.height <= 0 || d.width > 4096 || d.height > 4096 {
            return Err(GlesError::Request(format!(
                "target size {}x{}",
                d.width, d.height
            )));
        }
        if d.format == Format::Rgba32F && !self.info.color_buffer_float {
            return Err(GlesError::Missing(
                "GL_EXT_color_buffer_float (needed for an RGBA32F target)".into(),
            ));
        }
        for a in &d.vertices.attributes {
            if !(1..=4).contains(&a.components)
                || a.data.len() != a.components as usize * d.vertices.count.max(0) as usize
            {
                return Err(GlesError::Request(format!(
                    "attribute `{}`: {} floats for {} vertices of {} components",
                    a.name,
                    a.data.len(),
                    d.vertices.count,
                    a.components
                )));
            }
        }
        let mut objs = Objects::default();
        // SAFETY: every GL call runs on the thread whose context is current,
        // with objects this function creates and deletes.
        let r = unsafe { self.draw_inner(d, textures, uniforms, &mut objs) };
        // SAFETY: as above.
        unsafe { objs.delete(&self.gl) };
        r
    }

    unsafe fn check(&self, what: &'static str) -> Result<(), GlesError> {
        let code = self.gl.get_error();
        if code == glow::NO_ERROR {
            Ok(())
        } else {
            // Drain any further queued errors so the next draw starts clean.
            while self.gl.get_error() != glow::NO_ERROR {}
            Err(GlesError::Gl { what, code })
        }
    }

    pub(crate) unsafe fn compile(&self, kind: u32, src: &str) -> Result<glow::Shader, GlesError> {
        let gl = &self.gl;
        let stage = if kind == glow::VERTEX_SHADER {
            "vertex"
        } else {
            "fragment"
        };
        let sh = gl
            .create_shader(kind)
            .map_err(|message| GlesError::Object {
                what: "shader",
                message,
            })?;
        gl.shader_source(sh, src);
        gl.compile_shader(sh);
        if gl.get_shader_compile_status(sh) {
            Ok(sh)
        } else {
            let log = gl.get_shader_info_log(sh);
            gl.delete_shader(sh);
            Err(GlesError::Compile { stage, log })
        }
    }

    /// Compiles and links a program, or returns the cached one for the same
    /// texts (llvmpipe compiles shader variants on first use, so reusing
    /// programs keeps repeated draws fast).
    unsafe fn program(&mut self, vs_src: &str, fs_src: &str) -> Result<glow::Program, GlesError> {
        if let Some(p) = self.programs.get(&(vs_src.to_string(), fs_src.to_string())) {
            return Ok(*p);
        }
        let vs = self.compile(glow::VERTEX_SHADER, vs_src)?;
        let fs = match self.compile(glow::FRAGMENT_SHADER, fs_src) {
            Ok(fs) => fs,
            Err(e) => {
                self.gl.delete_shader(vs);
                return Err(e);
            }
        };
        let gl = &self.gl;
        let prog = gl.create_program().map_err(|message| GlesError::Object {
            what: "program",
            message,
        });
        let linked = prog.and_then(|prog| {
            gl.attach_shader(prog, vs);
            gl.attach_shader(prog, fs);
            gl.link_program(prog);
            if gl.get_program_link_status(prog) {
                gl.detach_shader(prog, vs);
                gl.detach_shader(prog, fs);
                Ok(prog)
            } else {
                let log = gl.get_program_info_log(prog);
                gl.delete_program(prog);
                Err(GlesError::Link(log))
            }
        });
        gl.delete_shader(vs);
        gl.delete_shader(fs);
        let prog = linked?;
        if self.programs.len() >= PROGRAM_CACHE {
            for (_, p) in self.programs.drain() {
                self.gl.delete_program(p);
            }
        }
        self.programs
            .insert((vs_src.to_string(), fs_src.to_string()), prog);
        Ok(prog)
    }

    unsafe fn draw_inner(
        &mut self,
        d: &Draw<'_>,
        textures: &[UintTexture],
        uniforms: &[Uniform],
        o: &mut Objects,
    ) -> Result<Drawn, GlesError> {
        // Start from a clean error state.
        while self.gl.get_error() != glow::NO_ERROR {}
        let prog = self.program(d.vs, d.fs)?;
        let gl = &self.gl;
        gl.use_program(Some(prog));

        // Render target.
        let rb = gl
            .create_renderbuffer()
            .map_err(|message| GlesError::Object {
                what: "renderbuffer",
                message,
            })?;
        o.renderbuffer = Some(rb);
        gl.bind_renderbuffer(glow::RENDERBUFFER, Some(rb));
        gl.renderbuffer_storage(glow::RENDERBUFFER, d.format.internal(), d.width, d.height);
        let fb = gl
            .create_framebuffer()
            .map_err(|message| GlesError::Object {
                what: "framebuffer",
                message,
            })?;
        o.framebuffer = Some(fb);
        gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fb));
        gl.framebuffer_renderbuffer(
            glow::FRAMEBUFFER,
            glow::COLOR_ATTACHMENT0,
            glow::RENDERBUFFER,
            Some(rb),
        );
        let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
        if status != glow::FRAMEBUFFER_COMPLETE {
            return Err(GlesError::Framebuffer(status));
        }
        gl.draw_buffers(&[glow::COLOR_ATTACHMENT0]);
        gl.read_buffer(glow::COLOR_ATTACHMENT0);
        gl.viewport(0, 0, d.width, d.height);
        gl.disable(glow::BLEND);
        gl.disable(glow::DEPTH_TEST);
        gl.disable(glow::STENCIL_TEST);
        gl.disable(glow::SCISSOR_TEST);
        gl.disable(glow::CULL_FACE);
        gl.disable(glow::DITHER);
        match d.format {
            Format::Rgba32F => {
                gl.clear_buffer_f32_slice(glow::COLOR, 0, &d.clear.map(f32::from_bits))
            }
            Format::Rgba32Ui => gl.clear_buffer_u32_slice(glow::COLOR, 0, &d.clear),
            Format::Rgba32I => {
                gl.clear_buffer_i32_slice(glow::COLOR, 0, &d.clear.map(|w| w as i32))
            }
        }
        self.check("render-target setup")?;
        let gl = &self.gl;

        // Uniform blocks.
        let mut inactive_blocks = Vec::new();
        for (binding, b) in d.blocks.iter().enumerate() {
            let Some(index) = gl.get_uniform_block_index(prog, &b.name) else {
                inactive_blocks.push(b.name.clone());
                continue;
            };
            let size = gl.get_active_uniform_block_parameter_i32(
                prog,
                index,
                glow::UNIFORM_BLOCK_DATA_SIZE,
            );
            let mut data = b.data.clone();
            if (size.max(0) as usize) > data.len() {
                data.resize(size as usize, 0);
            }
            let buf = gl.create_buffer().map_err(|message| GlesError::Object {
                what: "uniform buffer",
                message,
            })?;
            o.buffers.push(buf);
            gl.bind_buffer(glow::UNIFORM_BUFFER, Some(buf));
            gl.buffer_data_u8_slice(glow::UNIFORM_BUFFER, &data, glow::STATIC_DRAW);
            gl.bind_buffer_base(glow::UNIFORM_BUFFER, binding as u32, Some(buf));
            gl.uniform_block_binding(prog, index, binding as u32);
        }
        self.check("uniform-block setup")?;
        let gl = &self.gl;

        // Integer data textures, texture i on unit i.
        let mut inactive_textures = Vec::new();
        for (unit, t) in textures.iter().enumerate() {
            let Some(loc) = gl.get_uniform_location(prog, &t.name) else {
                inactive_textures.push(t.name.clone());
                continue;
            };
            let tex = gl.create_texture().map_err(|message| GlesError::Object {
                what: "texture",
                message,
            })?;
            o.textures.push(tex);
            gl.active_texture(glow::TEXTURE0 + unit as u32);
            gl.bind_texture(glow::TEXTURE_2D, Some(tex));
            let levels = mip_chain(t.width, t.height, t.data.len()).unwrap_or_default();
            let count = levels.len().max(1) as i32;
            gl.tex_storage_2d(glow::TEXTURE_2D, count, glow::RGBA32UI, t.width, t.height);
            gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 4);
            for &(level, w, h, at) in &levels {
                let n = (w * h * 4) as usize;
                let bytes: Vec<u8> = t.data[at..at + n]
                    .iter()
                    .flat_map(|w| w.to_ne_bytes())
                    .collect();
                gl.tex_sub_image_2d(
                    glow::TEXTURE_2D,
                    level,
                    0,
                    0,
                    w,
                    h,
                    glow::RGBA_INTEGER,
                    glow::UNSIGNED_INT,
                    glow::PixelUnpackData::Slice(Some(&bytes)),
                );
            }
            let min = if count > 1 {
                glow::NEAREST_MIPMAP_NEAREST
            } else {
                glow::NEAREST
            };
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, min as i32);
            gl.tex_parameter_i32(
                glow::TEXTURE_2D,
                glow::TEXTURE_MAG_FILTER,
                glow::NEAREST as i32,
            );
            gl.uniform_1_i32(Some(&loc), unit as i32);
        }
        gl.active_texture(glow::TEXTURE0);
        self.check("texture setup")?;
        let gl = &self.gl;

        // Plain uniforms.
        for u in uniforms {
            let loc = gl.get_uniform_location(prog, &u.name).ok_or_else(|| {
                GlesError::Request(format!("uniform `{}` is not active in the program", u.name))
            })?;
            match &u.value {
                UniformValue::Uint(x) => gl.uniform_1_u32(Some(&loc), *x),
                UniformValue::Int(x) => gl.uniform_1_i32(Some(&loc), *x),
                UniformValue::Float(x) => gl.uniform_1_f32(Some(&loc), *x),
                UniformValue::Vec4s(v) => {
                    let flat: Vec<f32> = v.iter().flatten().copied().collect();
                    gl.uniform_4_f32_slice(Some(&loc), &flat);
                }
            }
        }
        self.check("uniform setup")?;
        let gl = &self.gl;

        // Vertices.
        let vao = gl
            .create_vertex_array()
            .map_err(|message| GlesError::Object {
                what: "vertex array",
                message,
            })?;
        o.vertex_array = Some(vao);
        gl.bind_vertex_array(Some(vao));
        let mut inactive_attributes = Vec::new();
        for a in &d.vertices.attributes {
            let Some(loc) = gl.get_attrib_location(prog, &a.name) else {
                inactive_attributes.push(a.name.clone());
                continue;
            };
            let buf = gl.create_buffer().map_err(|message| GlesError::Object {
                what: "vertex buffer",
                message,
            })?;
            o.buffers.push(buf);
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buf));
            let bytes: Vec<u8> = a.data.iter().flat_map(|f| f.to_le_bytes()).collect();
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &bytes, glow::STATIC_DRAW);
            gl.enable_vertex_attrib_array(loc);
            gl.vertex_attrib_pointer_f32(loc, a.components, glow::FLOAT, false, 0, 0);
        }
        self.check("vertex setup")?;
        let gl = &self.gl;

        let mode = match d.vertices.primitive {
            Primitive::Triangles => glow::TRIANGLES,
            Primitive::TriangleStrip => glow::TRIANGLE_STRIP,
        };
        gl.draw_arrays(mode, 0, d.vertices.count);
        self.check("draw")?;
        let gl = &self.gl;

        let n = d.width as usize * d.height as usize * 4;
        let mut words = vec![0u32; n];
        let (format, ty) = d.format.read_format();
        gl.pixel_store_i32(glow::PACK_ALIGNMENT, 4);
        {
            // SAFETY: a byte view of the word buffer (any byte pattern is a
            // valid u32); GL writes exactly width*height*16 bytes into it.
            let bytes = std::slice::from_raw_parts_mut(words.as_mut_ptr().cast::<u8>(), n * 4);
            gl.read_pixels(
                0,
                0,
                d.width,
                d.height,
                format,
                ty,
                glow::PixelPackData::Slice(Some(bytes)),
            );
        }
        self.check("read-back")?;
        Ok(Drawn {
            image: Image {
                format: d.format,
                width: d.width,
                height: d.height,
                words,
            },
            inactive_blocks,
            inactive_attributes,
            inactive_textures,
        })
    }
}

struct Parts {
    context: egl::Context,
    surface: Option<egl::Surface>,
    gl: glow::Context,
    info: DriverInfo,
    gles_lib: Option<libloading::Library>,
}

impl Parts {
    fn into_runner(self, egl: Egl, display: egl::Display) -> Runner {
        Runner {
            egl,
            display,
            context: self.context,
            surface: self.surface,
            gl: self.gl,
            info: self.info,
            programs: std::collections::HashMap::new(),
            _gles_lib: self.gles_lib,
            _not_send: std::marker::PhantomData,
        }
    }
}

#[derive(Default)]
struct Objects {
    renderbuffer: Option<glow::Renderbuffer>,
    framebuffer: Option<glow::Framebuffer>,
    buffers: Vec<glow::Buffer>,
    textures: Vec<glow::Texture>,
    vertex_array: Option<glow::VertexArray>,
}

impl Objects {
    unsafe fn delete(&mut self, gl: &glow::Context) {
        gl.bind_vertex_array(None);
        gl.bind_framebuffer(glow::FRAMEBUFFER, None);
        gl.bind_renderbuffer(glow::RENDERBUFFER, None);
        gl.bind_buffer(glow::ARRAY_BUFFER, None);
        gl.bind_buffer(glow::UNIFORM_BUFFER, None);
        gl.use_program(None);
        if let Some(v) = self.vertex_array.take() {
            gl.delete_vertex_array(v);
        }
        for b in self.buffers.drain(..) {
            gl.delete_buffer(b);
        }
        gl.bind_texture(glow::TEXTURE_2D, None);
        for t in self.textures.drain(..) {
            gl.delete_texture(t);
        }
        if let Some(f) = self.framebuffer.take() {
            gl.delete_framebuffer(f);
        }
        if let Some(r) = self.renderbuffer.take() {
            gl.delete_renderbuffer(r);
        }
        while gl.get_error() != glow::NO_ERROR {}
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        for (_, p) in self.programs.drain() {
            // SAFETY: the context that owns the programs is still current.
            unsafe { self.gl.delete_program(p) };
        }
        let _ = self.egl.make_current(self.display, None, None, None);
        if let Some(s) = self.surface.take() {
            let _ = self.egl.destroy_surface(self.display, s);
        }
        let _ = self.egl.destroy_context(self.display, self.context);
        let _ = self.egl.terminate(self.display);
    }
}
