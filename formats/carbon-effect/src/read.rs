//! The byte reader: a bounded cursor that names every field it reads, the
//! arena, and the body parser for versions 2 to 15 (the branches of the
//! Carbon runtime's `Tr2EffectDescription::Read`).

use crate::error::{Error, ErrorKind, Result};
use crate::model::*;

/// The null arena reference.
pub const NULL_REF: u32 = u32::MAX;

/// Runtime caps (`SanityCheck` in `Tr2EffectDescription.cpp`).
pub mod caps {
    /// Passes per technique.
    pub const PASSES: u64 = 64;
    /// Stages per pass (`SHADER_TYPE_COUNT`).
    pub const STAGES: u64 = 6;
    /// Pipeline inputs per stage.
    pub const PIPELINE_INPUTS: u64 = 64;
    /// Textures, samplers, UAVs per stage.
    pub const TABLE: u64 = 64;
    /// Render states per pass.
    pub const STATES: u64 = 64;
    /// Effect parameters per body.
    pub const PARAMETERS: u64 = 256;
}

/// A bounded cursor over `data[pos..end]`; offsets in errors are absolute.
pub(crate) struct Cursor<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) end: usize,
    /// The records being read (`body 0 technique "Main" pass 1`).
    pub(crate) ctx: Vec<String>,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(data: &'a [u8], pos: usize, end: usize) -> Cursor<'a> {
        Cursor {
            data,
            pos,
            end: end.min(data.len()),
            ctx: Vec::new(),
        }
    }

    pub(crate) fn name(&self, field: &str) -> String {
        if self.ctx.is_empty() {
            field.to_string()
        } else {
            format!("{} {field}", self.ctx.join(" "))
        }
    }

    pub(crate) fn err(&self, field: &str, at: usize, kind: ErrorKind) -> Error {
        Error::new(self.name(field), at as u64, kind)
    }

    pub(crate) fn left(&self) -> usize {
        self.end.saturating_sub(self.pos)
    }

    pub(crate) fn bytes(&mut self, n: usize, field: &str) -> Result<&'a [u8]> {
        if n > self.left() {
            return Err(self.err(
                field,
                self.pos,
                ErrorKind::Truncated {
                    needed: n as u64,
                    available: self.left() as u64,
                },
            ));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    pub(crate) fn u8(&mut self, field: &str) -> Result<u8> {
        Ok(self.bytes(1, field)?[0])
    }

    pub(crate) fn u16(&mut self, field: &str) -> Result<u16> {
        let b = self.bytes(2, field)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    pub(crate) fn u32(&mut self, field: &str) -> Result<u32> {
        let b = self.bytes(4, field)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub(crate) fn f32(&mut self, field: &str) -> Result<f32> {
        Ok(f32::from_bits(self.u32(field)?))
    }

    pub(crate) fn bool(&mut self, field: &str) -> Result<bool> {
        Ok(self.u8(field)? != 0)
    }

    /// A count already read at `at`: checked against the runtime's cap and
    /// against the bytes left (each record needs at least `min` bytes).
    pub(crate) fn check_count(
        &self,
        field: &str,
        at: usize,
        count: u64,
        cap: Option<u64>,
        min: u64,
    ) -> Result<usize> {
        if let Some(limit) = cap {
            if count > limit {
                return Err(self.err(
                    field,
                    at,
                    ErrorKind::Limit {
                        value: count,
                        limit,
                    },
                ));
            }
        }
        let needed = count.saturating_mul(min);
        if needed > self.left() as u64 {
            return Err(self.err(
                field,
                at,
                ErrorKind::Count {
                    count,
                    needed,
                    available: self.left() as u64,
                },
            ));
        }
        Ok(count as usize)
    }

    pub(crate) fn count_u8(&mut self, field: &str, cap: Option<u64>, min: u64) -> Result<usize> {
        let at = self.pos;
        let n = self.u8(field)? as u64;
        self.check_count(field, at, n, cap, min)
    }

    pub(crate) fn count_u16(&mut self, field: &str, cap: Option<u64>, min: u64) -> Result<usize> {
        let at = self.pos;
        let n = self.u16(field)? as u64;
        self.check_count(field, at, n, cap, min)
    }

    pub(crate) fn count_u32(&mut self, field: &str, cap: Option<u64>, min: u64) -> Result<usize> {
        let at = self.pos;
        let n = self.u32(field)? as u64;
        self.check_count(field, at, n, cap, min)
    }
}

/// The arena (string table): NUL-terminated strings and sized blobs.
#[derive(Clone, Copy, Debug)]
pub struct Arena<'a> {
    /// The arena's bytes.
    pub bytes: &'a [u8],
    /// Its absolute offset in the file.
    pub offset: usize,
}

impl Arena<'_> {
    /// The string at `r`, read for the field at `at`.
    pub(crate) fn str(&self, cur: &Cursor<'_>, field: &str, at: usize, r: u32) -> Result<String> {
        if r == NULL_REF {
            return Err(cur.err(field, at, ErrorKind::NullRef));
        }
        let start = r as usize;
        if start >= self.bytes.len() {
            return Err(cur.err(
                field,
                at,
                ErrorKind::BadRef {
                    reference: r,
                    arena: self.bytes.len() as u32,
                },
            ));
        }
        let rest = &self.bytes[start..];
        match rest.iter().position(|&b| b == 0) {
            Some(n) => Ok(String::from_utf8_lossy(&rest[..n]).into_owned()),
            None => Err(cur.err(field, at, ErrorKind::Unterminated(r))),
        }
    }

    /// The sized entry `{size, r}`; `optional` allows the null reference
    /// when the size is 0.
    pub(crate) fn blob(
        &self,
        cur: &Cursor<'_>,
        field: &str,
        at: usize,
        size: u32,
        r: u32,
        optional: bool,
    ) -> Result<BlobRef> {
        if r == NULL_REF {
            if optional && size == 0 {
                return Ok(BlobRef::default());
            }
            return Err(cur.err(field, at, ErrorKind::NullRef));
        }
        let arena = self.bytes.len() as u64;
        if u64::from(r) + u64::from(size) > arena || (size == 0 && u64::from(r) > arena) {
            return Err(cur.err(
                field,
                at,
                ErrorKind::BadBlob {
                    reference: r,
                    size,
                    arena: arena as u32,
                },
            ));
        }
        Ok(BlobRef {
            offset: (self.offset + r as usize) as u64,
            size,
            arena_ref: Some(r),
        })
    }
}

/// Reads a string reference field.
pub(crate) fn read_str(cur: &mut Cursor<'_>, arena: &Arena<'_>, field: &str) -> Result<String> {
    let at = cur.pos;
    let r = cur.u32(field)?;
    arena.str(cur, field, at, r)
}

/// Reads a `{u32 size, ref}` pair.
fn read_blob(
    cur: &mut Cursor<'_>,
    arena: &Arena<'_>,
    field: &str,
    optional: bool,
) -> Result<BlobRef> {
    let size = cur.u32(&format!("{field} size"))?;
    let at = cur.pos;
    let r = cur.u32(&format!("{field} reference"))?;
    arena.blob(cur, field, at, size, r, optional)
}

/// Reads an inline `{u32 size, bytes}` (versions 2 to 4).
fn read_inline(cur: &mut Cursor<'_>, field: &str) -> Result<BlobRef> {
    let at = cur.pos;
    let size = cur.u32(&format!("{field} size"))?;
    if size as usize > cur.left() {
        return Err(cur.err(
            &format!("{field} size"),
            at,
            ErrorKind::Truncated {
                needed: u64::from(size),
                available: cur.left() as u64,
            },
        ));
    }
    let offset = cur.pos as u64;
    cur.bytes(size as usize, field)?;
    Ok(BlobRef {
        offset,
        size,
        arena_ref: None,
    })
}

fn annotations(cur: &mut Cursor<'_>, arena: &Arena<'_>, what: &str) -> Result<Vec<Annotation>> {
    let n = cur.count_u8(&format!("{what} count"), None, 9)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        cur.ctx.push(format!("{what} {i}"));
        let name = read_str(cur, arena, "name")?;
        let ty = cur.u8("type")?;
        let value = if ty == 3 {
            AnnotationValue::String(read_str(cur, arena, "string value")?)
        } else {
            AnnotationValue::Raw(cur.u32("value")?)
        };
        cur.ctx.pop();
        out.push(Annotation { name, ty, value });
    }
    Ok(out)
}

fn sampler_state(cur: &mut Cursor<'_>) -> Result<SamplerState> {
    Ok(SamplerState {
        comparison: cur.u8("comparison")?,
        min_filter: cur.u8("min filter")?,
        mag_filter: cur.u8("mag filter")?,
        mip_filter: cur.u8("mip filter")?,
        address_u: cur.u8("address U")?,
        address_v: cur.u8("address V")?,
        address_w: cur.u8("address W")?,
        mip_lod_bias: cur.f32("mip LOD bias")?,
        max_anisotropy: cur.u8("max anisotropy")?,
        comparison_func: cur.u8("comparison function")?,
    })
}

fn pipeline_inputs(cur: &mut Cursor<'_>, version: u32) -> Result<Vec<PipelineInput>> {
    let size = if version > 10 { 6 } else { 4 };
    let n = cur.count_u8("pipeline input count", Some(caps::PIPELINE_INPUTS), size)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        cur.ctx.push(format!("pipeline input {i}"));
        let at = cur.pos;
        let usage = cur.u8("usage")?;
        if usage as usize >= USAGE_NAMES.len() {
            return Err(cur.err("usage", at, ErrorKind::BadValue(usage.into())));
        }
        let register = cur.u8("register")?;
        let usage_index = cur.u8("usage index")?;
        let used_mask = cur.u8("used mask")?;
        let (ty, dimension) = if version > 10 {
            (cur.u8("component type")?, cur.u8("dimension")?)
        } else if usage == USAGE_BLENDINDICES {
            (constant_type::UINT, 4)
        } else {
            (constant_type::FLOAT, 4)
        };
        cur.ctx.pop();
        out.push(PipelineInput {
            usage,
            register,
            usage_index,
            used_mask,
            ty,
            dimension,
        });
    }
    Ok(out)
}

/// Register inputs and, from version 13, static samplers.
fn registers(
    cur: &mut Cursor<'_>,
    version: u32,
    stage: u8,
    data: &mut StageData<BlobRef>,
) -> Result<()> {
    let size = if version > 12 { 10 } else { 5 };
    let n = cur.count_u8("register input count", None, size)?;
    for i in 0..n {
        cur.ctx.push(format!("register input {i}"));
        let at = cur.pos;
        let raw = cur.u8("register type")?;
        let register_type = if version > 9 {
            raw
        } else {
            match raw {
                0 => register_type::CONSTANT_BUFFER,
                1 => register_type::SRV + 4,
                2 => register_type::UAV + 4,
                3 => register_type::SAMPLER,
                v => return Err(cur.err("register type", at, ErrorKind::BadValue(v.into()))),
            }
        };
        let index = cur.u32("register index")?;
        let (count, space) = if version > 12 {
            (cur.u32("register count")?, cur.u8("register space")?)
        } else {
            (1, stage)
        };
        cur.ctx.pop();
        data.registers.push(RegisterInput {
            register_type,
            index,
            count,
            space,
        });
    }
    if version > 12 {
        let n = cur.count_u8("static sampler count", None, 27)?;
        for i in 0..n {
            cur.ctx.push(format!("static sampler {i}"));
            let register = cur.u32("register")?;
            let space = cur.u8("register space")?;
            let state = sampler_state(cur)?;
            let border_color = cur.u8("border colour")?;
            let min_lod = cur.f32("min LOD")?;
            let max_lod = cur.f32("max LOD")?;
            cur.ctx.pop();
            data.static_samplers.push(StaticSampler {
                register,
                space,
                state,
                border_color,
                min_lod,
                max_lod,
            });
        }
    }
    Ok(())
}

/// A texture or UAV record: register, name, type, array count (version
/// 13 and later), sRGB (textures only), autoregister.
type Resource = (u8, String, u8, u32, bool, bool);

fn resource(
    cur: &mut Cursor<'_>,
    arena: &Arena<'_>,
    version: u32,
    texture: bool,
) -> Result<Resource> {
    let register = cur.u8("register")?;
    let name = read_str(cur, arena, "name")?;
    let ty = cur.u8("type")?;
    let count = if version >= 13 {
        cur.u32("array count")?
    } else {
        1
    };
    let srgb = texture && cur.bool("sRGB")?;
    let autoregister = cur.bool("autoregister")?;
    Ok((register, name, ty, count, srgb, autoregister))
}

/// Constants, defaults, textures, samplers, UAVs, annotations.
fn input(
    cur: &mut Cursor<'_>,
    arena: &Arena<'_>,
    version: u32,
    data: &mut StageData<BlobRef>,
) -> Result<()> {
    let n = cur.count_u32("constant count", None, 20)?;
    data.constants.reserve(n);
    for i in 0..n {
        cur.ctx.push(format!("constant {i}"));
        let name = read_str(cur, arena, "name")?;
        let offset = cur.u32("offset")?;
        let size = cur.u32("size")?;
        let raw = cur.u8("type")?;
        let ty = if version < 11 {
            match raw {
                0 => constant_type::FLOAT,
                1 => constant_type::INT,
                2 => constant_type::BOOL,
                _ => constant_type::OTHER,
            }
        } else {
            raw
        };
        let dimension = cur.u8("dimension")?;
        let elements = cur.u32("elements")?;
        let srgb = cur.bool("sRGB")?;
        let autoregister = cur.bool("autoregister")?;
        cur.ctx.pop();
        data.constants.push(Constant {
            name,
            offset,
            size,
            ty,
            dimension,
            elements,
            srgb,
            autoregister,
        });
    }
    data.defaults = if version < 5 {
        read_inline(cur, "default values")?
    } else {
        read_blob(cur, arena, "default values", true)?
    };
    let tex_size = if version >= 13 { 12 } else { 8 };
    let n = cur.count_u8("texture count", Some(caps::TABLE), tex_size)?;
    for i in 0..n {
        cur.ctx.push(format!("texture {i}"));
        let (register, name, ty, count, srgb, autoregister) = resource(cur, arena, version, true)?;
        cur.ctx.pop();
        data.textures.push(Texture {
            register,
            name,
            ty,
            count,
            srgb,
            autoregister,
        });
    }
    let smp_size =
        1 + 37 + if version >= 4 { 4 } else { 0 } + u64::from(!(4..=12).contains(&version));
    let n = cur.count_u8("sampler count", Some(caps::TABLE), smp_size)?;
    for i in 0..n {
        cur.ctx.push(format!("sampler {i}"));
        let register = cur.u8("register")?;
        let name = if version >= 4 {
            Some(read_str(cur, arena, "name")?)
        } else {
            None
        };
        let state = sampler_state(cur)?;
        let mut border_color = [0f32; 4];
        for (k, c) in border_color.iter_mut().enumerate() {
            *c = cur.f32(&format!("border colour {k}"))?;
        }
        let min_lod = cur.f32("min LOD")?;
        let max_lod = cur.f32("max LOD")?;
        let srgb_texture = if version < 4 {
            Some(cur.bool("sRGB texture")?)
        } else {
            None
        };
        let is_dynamic = if version > 12 {
            cur.bool("is dynamic")?
        } else {
            true
        };
        cur.ctx.pop();
        data.samplers.push(Sampler {
            register,
            name,
            state,
            border_color,
            min_lod,
            max_lod,
            srgb_texture,
            is_dynamic,
        });
    }
    if version >= 3 {
        let uav_size = if version >= 13 { 11 } else { 7 };
        let n = cur.count_u8("UAV count", Some(caps::TABLE), uav_size)?;
        for i in 0..n {
            cur.ctx.push(format!("UAV {i}"));
            let (register, name, ty, count, _, autoregister) =
                resource(cur, arena, version, false)?;
            cur.ctx.pop();
            data.uavs.push(Uav {
                register,
                name,
                ty,
                count,
                autoregister,
            });
        }
        if version >= 8 {
            data.annotations = annotations(cur, arena, "annotation")?;
        }
    }
    Ok(())
}

fn stage(cur: &mut Cursor<'_>, arena: &Arena<'_>, version: u32) -> Result<Stage<BlobRef>> {
    let at = cur.pos;
    let raw = cur.u8("stage type")?;
    let stage = StageType::from_u8(raw)
        .ok_or_else(|| cur.err("stage type", at, ErrorKind::BadValue(raw.into())))?;
    let mut data = StageData::<BlobRef>::default();
    let mut inputs = Vec::new();
    if version < 14 {
        inputs = pipeline_inputs(cur, version)?;
        if version > 8 {
            registers(cur, version, raw, &mut data)?;
        }
    }
    let program = if version < 5 {
        let p = read_inline(cur, "program")?;
        read_inline(cur, "shadow program")?;
        p
    } else {
        let p = read_blob(cur, arena, "program", false)?;
        if version < 12 {
            cur.u32("shadow program size")?;
            cur.u32("shadow program reference")?;
        }
        p
    };
    let mut thread_group = [0u32; 3];
    if version >= 3 {
        for (k, t) in thread_group.iter_mut().enumerate() {
            *t = cur.u32(&format!("thread-group size {k}"))?;
        }
    }
    if version >= 14 {
        inputs = pipeline_inputs(cur, version)?;
        registers(cur, version, raw, &mut data)?;
    }
    input(cur, arena, version, &mut data)?;
    Ok(Stage {
        stage,
        program,
        thread_group,
        pipeline_inputs: inputs,
        data,
    })
}

fn library(cur: &mut Cursor<'_>, arena: &Arena<'_>, version: u32) -> Result<Library<BlobRef>> {
    let payload_size = cur.u32("payload size")?;
    let program = read_blob(cur, arena, "program", false)?;
    let n = cur.count_u32("export count", None, 5)?;
    let mut exports = Vec::with_capacity(n);
    for i in 0..n {
        cur.ctx.push(format!("export {i}"));
        let kind = cur.u8("kind")?;
        let name = read_str(cur, arena, "name")?;
        cur.ctx.pop();
        exports.push(Export { kind, name });
    }
    let hit_group = read_str(cur, arena, "hit-group name")?;
    let mut global = StageData::default();
    cur.ctx.push("global inputs".into());
    registers(cur, version, 2, &mut global)?;
    input(cur, arena, version, &mut global)?;
    cur.ctx.pop();
    let mut local = StageData::default();
    cur.ctx.push("local inputs".into());
    registers(cur, version, 2, &mut local)?;
    input(cur, arena, version, &mut local)?;
    cur.ctx.pop();
    Ok(Library {
        payload_size,
        program,
        exports,
        hit_group,
        global,
        local,
    })
}

/// Parses one body of `version` that occupies `data[start..end]`; every
/// byte must be read.
pub(crate) fn body(
    data: &[u8],
    start: usize,
    end: usize,
    arena: &Arena<'_>,
    version: u32,
    label: String,
) -> Result<Body<BlobRef>> {
    let mut cur = Cursor::new(data, start, end);
    cur.ctx.push(label);
    let tech_count = if version > 6 {
        cur.count_u8("technique count", None, 5)?
    } else {
        1
    };
    let mut techniques = Vec::with_capacity(tech_count);
    for t in 0..tech_count {
        cur.ctx.push(format!("technique {t}"));
        let name = if version > 6 {
            read_str(&mut cur, arena, "name")?
        } else {
            "Main".to_string()
        };
        cur.ctx.pop();
        cur.ctx.push(format!("technique {name:?}"));
        let pass_count = cur.count_u8("pass count", Some(caps::PASSES), 2)?;
        let mut passes = Vec::with_capacity(pass_count);
        for p in 0..pass_count {
            cur.ctx.push(format!("pass {p}"));
            let n = cur.count_u8("stage count", Some(caps::STAGES), 20)?;
            let mut stages = Vec::with_capacity(n);
            for s in 0..n {
                cur.ctx.push(format!("stage {s}"));
                stages.push(stage(&mut cur, arena, version)?);
                cur.ctx.pop();
            }
            let n = cur.count_u8("render state count", Some(caps::STATES), 8)?;
            let mut states = Vec::with_capacity(n);
            for i in 0..n {
                cur.ctx.push(format!("render state {i}"));
                let state = cur.u32("state")?;
                let value = cur.u32("value")?;
                cur.ctx.pop();
                states.push(RenderState { state, value });
            }
            cur.ctx.pop();
            passes.push(Pass { stages, states });
        }
        let mut libraries = Vec::new();
        if version > 13 {
            let n = cur.count_u8("library count", None, 30)?;
            for l in 0..n {
                cur.ctx.push(format!("library {l}"));
                libraries.push(library(&mut cur, arena, version)?);
                cur.ctx.pop();
            }
        }
        cur.ctx.pop();
        techniques.push(Technique {
            name,
            passes,
            libraries,
        });
    }
    let n = cur.count_u16("parameter count", Some(caps::PARAMETERS), 5)?;
    let mut parameters = Vec::with_capacity(n);
    for i in 0..n {
        cur.ctx.push(format!("parameter {i}"));
        let name = read_str(&mut cur, arena, "name")?;
        let annotations = annotations(&mut cur, arena, "annotation")?;
        cur.ctx.pop();
        parameters.push(Parameter { name, annotations });
    }
    if cur.left() > 0 {
        return Err(cur.err("end", cur.pos, ErrorKind::Trailing(cur.left() as u64)));
    }
    Ok(Body {
        techniques,
        parameters,
    })
}
