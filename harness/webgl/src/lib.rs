//! # dxlower-webgl
//!
//! WebGL2 in a real browser as the judge of GLSL ES 3.00: headless
//! Chromium, whose WebGL2 implementation is ANGLE (here on SwiftShader, a
//! CPU Vulkan device). ANGLE enforces rules a grammar check lets through:
//! a uniform-block member declared with different precisions in the two
//! stages, a fragment input no vertex output feeds, `flat` on one side
//! only, WebGL's reserved identifiers and limits.
//!
//! The crate knows nothing of DXBC: a [`Batch`] holds GLSL stages to
//! compile, vertex/fragment pairs to link, programs to draw and programs to
//! time; [`Browser::run`] answers with the compile logs, link logs,
//! rendered texels and times (see [`Timed`] for what a time covers).
//!
//! How it runs:
//! - One page is generated per batch: the jobs as JSON in a
//!   `<script type="application/json">`, and a script that runs them all in
//!   one WebGL2 context, synchronously, and writes the results as JSON into
//!   a `<pre>`. Chromium loads it with `--dump-dom` and prints the DOM once
//!   the page has loaded; the results are read back from standard output.
//!   Start-up costs about 1.5 s, a stage a few milliseconds, so callers
//!   should put everything they have into one batch.
//! - Chromium runs headless as root with `--no-sandbox`,
//!   `--use-angle=swiftshader --enable-unsafe-swiftshader` (WebGL on the
//!   CPU), no background networking, component updates, sync, first-run
//!   tasks or QUIC, no pipeline warm-up at link time, no GPU program or
//!   shader cache (see [`CHROMIUM_FLAGS`]), and a fresh `--user-data-dir`
//!   in a temporary directory removed afterwards. Nothing is downloaded.
//! - Every extension the context offers is enabled before the jobs run.
//! - If the WebGL context is lost in the middle of a batch, the job that was
//!   running is reported with the loss and the rest run in a new page.
//! - A browser that is missing, does not start, times out or prints no
//!   result is an [`Error`] carrying its standard error; nothing is skipped.
//!
//! The executable is `$DXLOWER_CHROMIUM` when set, else the first of
//! `chromium` and `chromium-browser` on `PATH` (Debian's `chromium`
//! package installs `/usr/bin/chromium`).
//!
//! ```no_run
//! use dxlower_webgl::{Batch, Browser, Stage};
//! let browser = Browser::locate()?;
//! let mut batch = Batch::default();
//! batch.compile(Stage::Fragment, "#version 300 es\nout highp vec4 o;\nvoid main() { o = vec4(1.0); }\n");
//! let report = browser.run(&batch)?;
//! assert!(report.compiles[0].ok);
//! # Ok::<(), dxlower_webgl::Error>(())
//! ```

use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The page script (see `page.js`).
const PAGE_SCRIPT: &str = include_str!("page.js");

/// The id of the `<pre>` the page writes its results into.
const RESULT_ID: &str = "dxlower-result";

/// The flags Chromium always runs with (the page URL, `--dump-dom` and the
/// profile directory are added per run).
///
/// `--disable-angle-features=warmUpPipelineCacheAtLink` stops ANGLE's
/// Vulkan back end from building graphics pipelines for every program as it
/// links (a cache warm-up for the first draw): on SwiftShader that costs
/// about 90 ms per program, ten times the link itself. Link status and
/// logs come from ANGLE's front end before the warm-up, and a draw still
/// builds its pipeline, so what is checked is unchanged (measured: the same
/// 1662 of 1692 corpus programs link either way, in 16.6 s instead of
/// 162 s).
///
/// `--disable-gpu-program-cache --disable-gpu-shader-disk-cache` keep
/// Chromium from handing a program it has linked before back from its
/// cache: the same text occurs in more than one job of a batch (the same
/// pass-through vertex shader, two profiles that write the same GLSL), and
/// a [`Timed`] job must pay the full compile and link every time.
pub const CHROMIUM_FLAGS: [&str; 12] = [
    "--headless",
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-angle-features=warmUpPipelineCacheAtLink",
    "--disable-gpu-program-cache",
    "--disable-gpu-shader-disk-cache",
];

/// What can go wrong running the browser. Each variant that involves a run
/// carries the tail of Chromium's standard error.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No Chromium executable was found.
    #[error(
        "no Chromium found (looked for $DXLOWER_CHROMIUM, `chromium` and `chromium-browser` on PATH); \
         install Debian's `chromium` package"
    )]
    NotFound,
    /// The page or the profile directory could not be written.
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Chromium did not start.
    #[error("cannot start {exe}: {source}")]
    Spawn {
        /// The executable.
        exe: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Chromium ran longer than the time limit and was killed.
    #[error(
        "{exe} ran longer than {seconds} s and was killed; its standard error ends:\n{stderr}"
    )]
    Timeout {
        /// The executable.
        exe: String,
        /// The limit.
        seconds: u64,
        /// The tail of its standard error.
        stderr: String,
    },
    /// Chromium exited without printing the page's results.
    #[error("{exe} printed no result ({status}); its standard error ends:\n{stderr}")]
    NoResult {
        /// The executable.
        exe: String,
        /// How it exited.
        status: String,
        /// The tail of its standard error.
        stderr: String,
    },
    /// The page ran but could not do its work (no WebGL2 context, a script
    /// error).
    #[error("the WebGL2 page failed: {message}; Chromium's standard error ends:\n{stderr}")]
    Page {
        /// The page's message.
        message: String,
        /// The tail of Chromium's standard error.
        stderr: String,
    },
    /// The page's results did not parse.
    #[error("the WebGL2 page's results do not parse: {0}")]
    Parse(String),
}

/// A shader stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Stage {
    /// A vertex shader.
    Vertex,
    /// A fragment shader.
    Fragment,
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stage::Vertex => "vertex",
            Stage::Fragment => "fragment",
        })
    }
}

/// Render-target format of a draw (one 32-bit word per channel).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// `RGBA32F` (renderable through `EXT_color_buffer_float`, which the
    /// page enables).
    Rgba32f,
    /// `RGBA32UI` (core WebGL2).
    Rgba32ui,
    /// `RGBA32I` (core WebGL2).
    Rgba32i,
}

/// How a draw's vertices are assembled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Primitive {
    /// `TRIANGLES`.
    Triangles,
    /// `TRIANGLE_STRIP`.
    TriangleStrip,
}

/// One float vertex attribute, found in the program by name.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// The GLSL `in` variable.
    pub name: String,
    /// Components per vertex (1 to 4).
    pub components: u8,
    /// `components` floats per vertex, tightly packed.
    pub data: Vec<f32>,
}

/// Bytes for one uniform block, bound by block name (zero-padded up to the
/// block's data size).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformBlock {
    /// The block name (not the instance name).
    pub name: String,
    /// The bytes.
    pub data: Vec<u8>,
}

/// One draw: a program, its inputs and an off-screen target read back
/// after the draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Draw {
    /// Vertex shader text.
    pub vs: String,
    /// Fragment shader text.
    pub fs: String,
    /// Uniform blocks; block `i` of the list is bound to binding point `i`.
    pub blocks: Vec<UniformBlock>,
    /// Float vertex attributes.
    pub attributes: Vec<Attribute>,
    /// Primitive assembly.
    pub primitive: Primitive,
    /// Vertices drawn.
    pub count: u32,
    /// Render-target format.
    pub format: Format,
    /// Target width in texels.
    pub width: u32,
    /// Target height in texels.
    pub height: u32,
    /// The words the target is cleared to before the draw.
    pub clear: [u32; 4],
}

impl Draw {
    /// A draw of a full-target quad (a 4-vertex triangle strip with the
    /// `vec3` attribute `position`: (-1,-1,0) (-1,1,0) (1,-1,0) (1,1,0)),
    /// with no uniform blocks, into a `width`×`height` target of `format`
    /// cleared to zeros.
    pub fn quad(
        vs: &str,
        fs: &str,
        position: &str,
        format: Format,
        width: u32,
        height: u32,
    ) -> Draw {
        Draw {
            vs: vs.to_string(),
            fs: fs.to_string(),
            blocks: Vec::new(),
            attributes: vec![Attribute {
                name: position.to_string(),
                components: 3,
                data: vec![
                    -1.0, -1.0, 0.0, //
                    -1.0, 1.0, 0.0, //
                    1.0, -1.0, 0.0, //
                    1.0, 1.0, 0.0,
                ],
            }],
            primitive: Primitive::TriangleStrip,
            count: 4,
            format,
            width,
            height,
            clear: [0; 4],
        }
    }
}

/// The component type of a fragment output, which decides the format of
/// the colour attachment a [`Timed`] draw gives its location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OutputType {
    /// `float`/`vecN`: an `RGBA8` attachment.
    Float,
    /// `int`/`ivecN`: an `RGBA32I` attachment.
    Int,
    /// `uint`/`uvecN`: an `RGBA32UI` attachment.
    Uint,
}

/// A program whose driver cost is timed in the page, [`Timed::reps`]
/// times, each repetition with objects of its own and with
/// `// rep J.R` (job and repetition) inserted after the `#version` line of
/// both stages, so that no cache can hand one repetition's or one job's
/// work to another. Every time is wall time in the page, taken with
/// `performance.now()` (Chromium gives a page that is not cross-origin
/// isolated 0.1 ms steps with jitter); a command that only queues is
/// followed by a query that waits for the GPU process, and the command
/// queue is drained (`getError`) before each clock starts:
/// - `compile`: `compileShader` of the measured stage and
///   `getShaderParameter(COMPILE_STATUS)` (the partner stage is compiled
///   before, untimed);
/// - `link`: `linkProgram` and `getProgramParameter(LINK_STATUS)`;
/// - `draw`: the first draw with the program, into a 4×4 framebuffer made
///   (and cleared and read back, so that it exists) before the clock
///   starts: `useProgram`, a zero-filled buffer bound to every active
///   uniform block (sized by `UNIFORM_BLOCK_DATA_SIZE`), a texture unit of
///   its own for every active sampler (no texture bound: it reads as
///   incomplete), a triangle covering the target in every float vertex
///   attribute (zero for integer ones), `drawArrays(TRIANGLES, 0, 3)` and a
///   1-pixel `readPixels` that waits for the draw. Under ANGLE's Vulkan
///   back end the draw is where the pipeline is built (see
///   [`CHROMIUM_FLAGS`]).
///
/// The colour attachments follow [`Timed::outputs`]: one at each location
/// an output uses, `RGBA32I`/`RGBA32UI` for integer outputs, `RGBA8`
/// otherwise, and draw buffer `NONE` at the locations between (WebGL
/// rejects a draw with a draw buffer no output writes); with no outputs,
/// an `RGBA8` attachment at 0 that is only read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timed {
    /// The stage whose compile is timed.
    pub measured: Stage,
    /// Vertex shader text.
    pub vs: String,
    /// Fragment shader text.
    pub fs: String,
    /// Repetitions (at least one runs); [`Timing`] holds the fastest of
    /// each figure.
    pub reps: u32,
    /// The fragment outputs by location.
    pub outputs: Vec<(u32, OutputType)>,
}

/// Everything one page load does: stages compiled alone, programs linked,
/// programs drawn, programs timed. Results come back in the same order,
/// list by list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Batch {
    /// Stages compiled on their own.
    pub compiles: Vec<(Stage, String)>,
    /// Vertex/fragment pairs compiled and linked.
    pub links: Vec<(String, String)>,
    /// Programs drawn.
    pub draws: Vec<Draw>,
    /// Programs timed.
    pub times: Vec<Timed>,
}

impl Batch {
    /// Adds a stage to compile; returns its index in [`Report::compiles`].
    pub fn compile(&mut self, stage: Stage, source: &str) -> usize {
        self.compiles.push((stage, source.to_string()));
        self.compiles.len() - 1
    }

    /// Adds a program to link; returns its index in [`Report::links`].
    pub fn link(&mut self, vs: &str, fs: &str) -> usize {
        self.links.push((vs.to_string(), fs.to_string()));
        self.links.len() - 1
    }

    /// Adds a draw; returns its index in [`Report::draws`].
    pub fn draw(&mut self, draw: Draw) -> usize {
        self.draws.push(draw);
        self.draws.len() - 1
    }

    /// Adds a program to time (see [`Timed`]): the compile of `measured`,
    /// the link and the first draw, `reps` times, into colour attachments
    /// at the fragment `outputs`' locations; returns its index in
    /// [`Report::times`].
    pub fn time(
        &mut self,
        measured: Stage,
        vs: &str,
        fs: &str,
        reps: u32,
        outputs: &[(u32, OutputType)],
    ) -> usize {
        self.times.push(Timed {
            measured,
            vs: vs.to_string(),
            fs: fs.to_string(),
            reps,
            outputs: outputs.to_vec(),
        });
        self.times.len() - 1
    }

    /// The number of jobs.
    pub fn len(&self) -> usize {
        self.compiles.len() + self.links.len() + self.draws.len() + self.times.len()
    }

    /// Whether the batch has no jobs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The outcome of compiling one stage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct CompileLog {
    /// `COMPILE_STATUS`.
    pub ok: bool,
    /// `getShaderInfoLog` (may hold warnings when `ok`).
    pub log: String,
}

/// The outcome of linking one program.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct LinkLog {
    /// The vertex shader's compile.
    pub vs: CompileLog,
    /// The fragment shader's compile.
    pub fs: CompileLog,
    /// `LINK_STATUS`.
    pub linked: bool,
    /// `getProgramInfoLog`.
    pub log: String,
}

impl LinkLog {
    /// Whether both stages compiled and the program linked.
    pub fn ok(&self) -> bool {
        self.vs.ok && self.fs.ok && self.linked
    }

    /// The logs of whatever failed, each headed by what it is (empty when
    /// [`LinkLog::ok`]).
    pub fn failure(&self) -> String {
        let mut out = String::new();
        for (what, c) in [("vertex shader", &self.vs), ("fragment shader", &self.fs)] {
            if !c.ok {
                out.push_str(&format!("{what} did not compile:\n{}\n", c.log.trim_end()));
            }
        }
        if !self.linked {
            out.push_str(&format!("program did not link:\n{}\n", self.log.trim_end()));
        }
        out
    }
}

/// One distinct texel value of a drawn image.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct Texels {
    /// The four words.
    pub value: [u32; 4],
    /// How many texels hold it.
    pub count: u64,
    /// The first texel holding it (x, y from the bottom-left).
    pub first: [u32; 2],
}

/// The outcome of one draw.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct Drawn {
    /// Compiling and linking the program.
    pub program: LinkLog,
    /// What stopped the draw or the read-back (an unlinked program, an
    /// incomplete framebuffer, a GL error); `None` when the texels are
    /// valid.
    pub error: Option<String>,
    /// Attributes of the draw the program does not use.
    pub inactive_attributes: Vec<String>,
    /// Uniform blocks of the draw the program does not use.
    pub inactive_blocks: Vec<String>,
    /// The distinct texel values, in order of first appearance (at most 16).
    pub texels: Vec<Texels>,
    /// Whether more than 16 distinct values occurred (the others are not
    /// counted).
    pub distinct_truncated: bool,
    /// Target width.
    pub width: u32,
    /// Target height.
    pub height: u32,
}

impl Drawn {
    /// The value every texel holds, if the image is uniform.
    pub fn uniform(&self) -> Option<[u32; 4]> {
        match self.texels.as_slice() {
            [one] if !self.distinct_truncated => Some(one.value),
            _ => None,
        }
    }
}

/// The outcome of timing one program: the fastest of the repetitions for
/// each figure on its own, in milliseconds of wall time in the page (see
/// [`Timed`]).
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct Timing {
    /// Compiling and linking the program (the first repetition's logs).
    pub program: LinkLog,
    /// What went wrong in any repetition (a stage that did not compile, a
    /// program that did not link, a GL error of the draw, too many
    /// outputs); `None` when every figure is valid.
    pub error: Option<String>,
    /// `compileShader` of the measured stage with its status query.
    pub compile_ms: f64,
    /// `linkProgram` with its status query.
    pub link_ms: f64,
    /// The first draw and its 1-pixel read-back.
    pub draw_ms: f64,
    /// Repetitions run.
    pub reps: u32,
}

impl Timing {
    /// Compile, link and first draw together.
    pub fn total_ms(&self) -> f64 {
        self.compile_ms + self.link_ms + self.draw_ms
    }
}

/// The context the batch ran in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct ContextInfo {
    /// `VERSION` (`WebGL 2.0 (OpenGL ES 3.0 Chromium)`).
    pub version: String,
    /// `SHADING_LANGUAGE_VERSION`.
    pub shading_language: String,
    /// The unmasked renderer (`ANGLE (Google, Vulkan 1.3.0 (SwiftShader ...`).
    pub renderer: String,
    /// The extensions enabled.
    pub extensions: Vec<String>,
}

/// What a batch produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// The context (of the first page load).
    pub info: ContextInfo,
    /// One per [`Batch::compiles`].
    pub compiles: Vec<CompileLog>,
    /// One per [`Batch::links`].
    pub links: Vec<LinkLog>,
    /// One per [`Batch::draws`].
    pub draws: Vec<Drawn>,
    /// One per [`Batch::times`].
    pub times: Vec<Timing>,
    /// Page loads used (more than one only after a lost context).
    pub page_loads: usize,
    /// Time spent in the browser.
    pub elapsed: Duration,
}

/// A located Chromium.
#[derive(Clone, Debug)]
pub struct Browser {
    exe: PathBuf,
    timeout_base: Duration,
    timeout_per_job: Duration,
}

/// One job of the page, as the script reads it.
#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum Job<'a> {
    Compile {
        stage: Stage,
        source: &'a str,
    },
    Link {
        vs: &'a str,
        fs: &'a str,
    },
    Draw {
        vs: &'a str,
        fs: &'a str,
        blocks: Vec<BlockJson<'a>>,
        attributes: Vec<AttributeJson<'a>>,
        primitive: Primitive,
        count: u32,
        format: Format,
        width: u32,
        height: u32,
        clear: [u32; 4],
    },
    Time {
        measured: Stage,
        vs: &'a str,
        fs: &'a str,
        reps: u32,
        outputs: &'a [(u32, OutputType)],
    },
}

impl Job<'_> {
    /// How many plain jobs this one weighs for the time limit of a page: a
    /// timed program is a compile, a link and a draw per repetition, and
    /// the first draw of a large corpus shader on SwiftShader can take
    /// seconds on a loaded machine (a page of 100 corpus programs at 3
    /// repetitions once took more than 6 minutes).
    fn weight(&self) -> usize {
        match self {
            Job::Time { reps, .. } => 25 * (*reps).max(1) as usize,
            _ => 1,
        }
    }
}

#[derive(Serialize)]
struct BlockJson<'a> {
    name: &'a str,
    bytes: &'a [u8],
}

#[derive(Serialize)]
struct AttributeJson<'a> {
    name: &'a str,
    components: u8,
    /// The floats' bits (JSON has no NaN).
    bits: Vec<u32>,
}

/// One job's answer.
#[derive(Deserialize)]
#[serde(untagged)]
enum Answer {
    Timing(Box<Timing>),
    Drawn(Box<Drawn>),
    Link(LinkLog),
    Compile(CompileLog),
}

/// The page's output.
#[derive(Deserialize)]
struct PageOutput {
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    info: ContextInfo,
    #[serde(default)]
    results: Vec<Answer>,
    #[serde(default)]
    lost_at: Option<usize>,
}

impl Job<'_> {
    fn of_draw(d: &Draw) -> Job<'_> {
        Job::Draw {
            vs: &d.vs,
            fs: &d.fs,
            blocks: d
                .blocks
                .iter()
                .map(|b| BlockJson {
                    name: &b.name,
                    bytes: &b.data,
                })
                .collect(),
            attributes: d
                .attributes
                .iter()
                .map(|a| AttributeJson {
                    name: &a.name,
                    components: a.components,
                    bits: a.data.iter().map(|f| f.to_bits()).collect(),
                })
                .collect(),
            primitive: d.primitive,
            count: d.count,
            format: d.format,
            width: d.width,
            height: d.height,
            clear: d.clear,
        }
    }
}

/// A temporary directory removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<TempDir, Error> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let dir = std::env::temp_dir().join(format!(
            "dxlower-webgl-{}-{}-{nanos}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).map_err(|source| Error::Io {
            what: format!("creating {}", dir.display()),
            source,
        })?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The first `ERROR:` line of an ANGLE info log with its `0:LINE:` position
/// removed, for grouping failures by cause; the first non-empty line when
/// no line says `ERROR:`.
pub fn log_key(log: &str) -> String {
    let line = log
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("ERROR:"))
        .or_else(|| log.lines().map(str::trim).find(|l| !l.is_empty()))
        .unwrap_or("");
    let Some(rest) = line.strip_prefix("ERROR:") else {
        return line.to_string();
    };
    let rest = rest.trim_start();
    // `0:12: 'x' : ...` -> `'x' : ...`
    let mut parts = rest.splitn(3, ':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(a), Some(b), Some(tail))
            if a.trim().chars().all(|c| c.is_ascii_digit())
                && b.trim().chars().all(|c| c.is_ascii_digit()) =>
        {
            format!("ERROR: {}", tail.trim_start())
        }
        _ => format!("ERROR: {rest}"),
    }
}

/// The page for a list of jobs.
fn page(jobs: &[Job<'_>]) -> Result<String, Error> {
    let json = serde_json::to_string(&serde_json::json!({ "jobs": jobs }))
        .map_err(|e| Error::Parse(format!("encoding the jobs: {e}")))?;
    // `<` only occurs inside JSON strings, where `\u003c` means the same;
    // this keeps `</script>` in a shader from closing the element.
    let json = json.replace('<', "\\u003c");
    Ok(format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>dxlower-webgl</title></head><body>\n\
         <pre id=\"{RESULT_ID}\">pending</pre>\n\
         <script type=\"application/json\" id=\"dxlower-jobs\">{json}</script>\n\
         <script>\n{PAGE_SCRIPT}</script>\n</body></html>\n"
    ))
}

/// Undoes the DOM serializer's escapes in text content.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&")
}

/// The text of `<pre id="dxlower-result">` in a dumped DOM.
fn result_text(dom: &str) -> Option<String> {
    let open = format!("<pre id=\"{RESULT_ID}\">");
    let start = dom.find(&open)? + open.len();
    let len = dom.get(start..)?.find("</pre>")?;
    Some(unescape(dom.get(start..start + len)?))
}

/// The last `max` bytes of a text, cut at a character boundary.
fn tail(s: &str, max: usize) -> String {
    let mut start = s.len().saturating_sub(max);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    s.get(start..).unwrap_or_default().to_string()
}

/// A file path as a `file://` URL.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

impl Browser {
    /// Finds Chromium: `$DXLOWER_CHROMIUM`, else `chromium` or
    /// `chromium-browser` on `PATH`.
    pub fn locate() -> Result<Browser, Error> {
        let exe = match std::env::var_os("DXLOWER_CHROMIUM") {
            Some(p) if !p.is_empty() => PathBuf::from(p),
            _ => find_on_path("chromium")
                .or_else(|| find_on_path("chromium-browser"))
                .ok_or(Error::NotFound)?,
        };
        Ok(Browser::with_executable(exe))
    }

    /// A browser at a given path.
    pub fn with_executable(exe: impl Into<PathBuf>) -> Browser {
        Browser {
            exe: exe.into(),
            timeout_base: Duration::from_secs(60),
            timeout_per_job: Duration::from_millis(200),
        }
    }

    /// The executable.
    pub fn executable(&self) -> &Path {
        &self.exe
    }

    /// Sets the time limit of one page load: `base` plus `per_job` for each
    /// job (default 60 s + 200 ms).
    pub fn with_timeout(mut self, base: Duration, per_job: Duration) -> Browser {
        self.timeout_base = base;
        self.timeout_per_job = per_job;
        self
    }

    /// Checks that Chromium starts and gives a WebGL2 context (one page
    /// load with no jobs).
    pub fn check(&self) -> Result<ContextInfo, Error> {
        self.run(&Batch::default()).map(|r| r.info)
    }

    /// Runs a batch: one page load, or more if the WebGL context is lost.
    pub fn run(&self, batch: &Batch) -> Result<Report, Error> {
        let started = Instant::now();
        let jobs: Vec<Job<'_>> = batch
            .compiles
            .iter()
            .map(|(stage, source)| Job::Compile {
                stage: *stage,
                source,
            })
            .chain(batch.links.iter().map(|(vs, fs)| Job::Link { vs, fs }))
            .chain(batch.draws.iter().map(Job::of_draw))
            .chain(batch.times.iter().map(|t| Job::Time {
                measured: t.measured,
                vs: &t.vs,
                fs: &t.fs,
                reps: t.reps,
                outputs: &t.outputs,
            }))
            .collect();
        let mut answers: Vec<Answer> = Vec::with_capacity(jobs.len());
        let mut info = None;
        let mut page_loads = 0;
        loop {
            let rest = jobs.get(answers.len()..).unwrap_or_default();
            let out = self.load(rest)?;
            page_loads += 1;
            info.get_or_insert(out.info);
            let got = out.results.len();
            answers.extend(out.results);
            if answers.len() >= jobs.len() {
                break;
            }
            // The page stops after a lost context, having reported the job
            // that lost it; anything else short is a broken page.
            if out.lost_at.is_none() || got == 0 {
                return Err(Error::Parse(format!(
                    "{} results for {} jobs",
                    answers.len(),
                    jobs.len()
                )));
            }
        }
        let mut report = Report {
            info: info.unwrap_or_default(),
            page_loads,
            ..Report::default()
        };
        let nc = batch.compiles.len();
        let nl = nc + batch.links.len();
        let nd = nl + batch.draws.len();
        for (i, a) in answers.into_iter().enumerate() {
            match (i < nc, i < nl, i < nd, a) {
                (true, _, _, Answer::Compile(c)) => report.compiles.push(c),
                (false, true, _, Answer::Link(l)) => report.links.push(l),
                (false, false, true, Answer::Drawn(d)) => report.draws.push(*d),
                (false, false, false, Answer::Timing(t)) => report.times.push(*t),
                _ => return Err(Error::Parse(format!("result {i} has the wrong shape"))),
            }
        }
        report.elapsed = started.elapsed();
        Ok(report)
    }

    /// Runs a page of the caller's own: `script` (JavaScript) runs in a
    /// page whose `<script type="application/json" id="dxlower-data">`
    /// holds `data`, and must write its result as text into
    /// `document.getElementById("dxlower-result")` (a `<pre>` that starts
    /// as `pending`). Returns that text. One page load, no WebGL context
    /// made for the caller (the script makes its own); `jobs` scales the
    /// time limit as for a batch of that many jobs.
    pub fn run_script(
        &self,
        script: &str,
        data: &serde_json::Value,
        jobs: usize,
    ) -> Result<String, Error> {
        let json = serde_json::to_string(data)
            .map_err(|e| Error::Parse(format!("encoding the data: {e}")))?
            .replace('<', "\\u003c");
        let html = format!(
            "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>dxlower-webgl</title></head><body>\n\
             <pre id=\"{RESULT_ID}\">pending</pre>\n\
             <script type=\"application/json\" id=\"dxlower-data\">{json}</script>\n\
             <script>\n{script}</script>\n</body></html>\n"
        );
        let (text, err_text) = self.dump(html, jobs)?;
        if text == "pending" {
            return Err(Error::Page {
                message: "the page script did not finish".into(),
                stderr: err_text,
            });
        }
        Ok(text)
    }

    /// One page load.
    fn load(&self, jobs: &[Job<'_>]) -> Result<PageOutput, Error> {
        let weight = jobs.iter().map(Job::weight).sum();
        let (text, err_text) = self.dump(page(jobs)?, weight)?;
        if text == "pending" {
            return Err(Error::Page {
                message: "the page script did not run".into(),
                stderr: err_text,
            });
        }
        let out: PageOutput = serde_json::from_str(&text)
            .map_err(|e| Error::Parse(format!("{e}: {}", tail(&text, 300))))?;
        if let Some(message) = out.error {
            return Err(Error::Page {
                message,
                stderr: err_text,
            });
        }
        Ok(out)
    }

    /// Loads a page in Chromium and returns the text of its result `<pre>`
    /// and the tail of the browser's standard error.
    fn dump(&self, html: String, jobs: usize) -> Result<(String, String), Error> {
        let dir = TempDir::new()?;
        let page_path = dir.0.join("page.html");
        std::fs::write(&page_path, html).map_err(|source| Error::Io {
            what: format!("writing {}", page_path.display()),
            source,
        })?;
        let exe = self.exe.display().to_string();
        let mut child = Command::new(&self.exe)
            .args(CHROMIUM_FLAGS)
            .arg(format!(
                "--user-data-dir={}",
                dir.0.join("profile").display()
            ))
            .arg("--dump-dom")
            .arg(file_url(&page_path))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|source| Error::Spawn {
                exe: exe.clone(),
                source,
            })?;
        let read = |pipe: Option<Box<dyn Read + Send>>| {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                if let Some(mut p) = pipe {
                    let _ = p.read_to_end(&mut buf);
                }
                String::from_utf8_lossy(&buf).into_owned()
            })
        };
        let stdout = read(
            child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        );
        let stderr = read(
            child
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        );
        let limit = self.timeout_base + self.timeout_per_job * jobs as u32;
        let started = Instant::now();
        let status = loop {
            match child.try_wait() {
                Ok(Some(s)) => break Ok(s),
                Ok(None) if started.elapsed() > limit => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break Err(());
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(20)),
                Err(source) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(Error::Io {
                        what: format!("waiting for {exe}"),
                        source,
                    });
                }
            }
        };
        let dom = stdout.join().unwrap_or_default();
        let err_text = tail(&stderr.join().unwrap_or_default(), 4000);
        let status = match status {
            Ok(s) => s,
            Err(()) => {
                return Err(Error::Timeout {
                    exe,
                    seconds: limit.as_secs(),
                    stderr: err_text,
                })
            }
        };
        let Some(text) = result_text(&dom) else {
            return Err(Error::NoResult {
                exe,
                status: status.to_string(),
                stderr: err_text,
            });
        };
        Ok((text, err_text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_key_drops_positions() {
        let log = "WARNING: 0:3: 'x' : unused\nERROR: 0:12: 'foo' : undeclared identifier\nERROR: 0:13: x\n";
        assert_eq!(log_key(log), "ERROR: 'foo' : undeclared identifier");
        assert_eq!(
            log_key("ERROR: Linking failed: oops"),
            "ERROR: Linking failed: oops"
        );
        assert_eq!(
            log_key("\n  Varying `x` mismatch\n"),
            "Varying `x` mismatch"
        );
        assert_eq!(log_key(""), "");
    }

    #[test]
    fn page_escapes_script_end() {
        let jobs = [Job::Compile {
            stage: Stage::Vertex,
            source: "// </script><b>",
        }];
        let p = page(&jobs).unwrap();
        assert_eq!(p.matches("</script>").count(), 2, "{p}");
        assert!(p.contains("\\u003c/script>\\u003cb>"));
    }

    #[test]
    fn result_text_unescapes() {
        let dom = "<html><body><pre id=\"dxlower-result\">{\"a\":\"x &lt; y &amp;&amp; z &gt; w\"}</pre></body></html>";
        assert_eq!(
            result_text(dom).as_deref(),
            Some("{\"a\":\"x < y && z > w\"}")
        );
        assert_eq!(result_text("<html></html>"), None);
    }

    #[test]
    fn urls_are_percent_encoded() {
        assert_eq!(
            file_url(Path::new("/tmp/a b/p%.html")),
            "file:///tmp/a%20b/p%25.html"
        );
    }

    #[test]
    fn answers_parse_by_shape() {
        let v: Vec<Answer> = serde_json::from_str(
            r#"[{"ok":true,"log":""},
                {"vs":{"ok":true,"log":""},"fs":{"ok":false,"log":"e"},"linked":false,"log":"l"},
                {"program":{"vs":{"ok":true,"log":""},"fs":{"ok":true,"log":""},"linked":true,"log":""},
                 "error":null,"inactive_attributes":[],"inactive_blocks":[],
                 "texels":[{"value":[1,2,3,4],"count":4,"first":[0,0]}],
                 "distinct_truncated":false,"width":2,"height":2},
                {"program":{"vs":{"ok":true,"log":""},"fs":{"ok":true,"log":""},"linked":true,"log":""},
                 "error":null,"compile_ms":0.5,"link_ms":0.25,"draw_ms":4,"reps":3}]"#,
        )
        .unwrap();
        assert!(matches!(&v[3], Answer::Timing(t) if t.total_ms() == 4.75 && t.reps == 3));
        assert!(matches!(&v[0], Answer::Compile(c) if c.ok));
        assert!(
            matches!(&v[1], Answer::Link(l) if !l.ok() && l.failure().contains("fragment shader did not compile:\ne"))
        );
        assert!(matches!(&v[2], Answer::Drawn(d) if d.uniform() == Some([1, 2, 3, 4])));
    }
}
