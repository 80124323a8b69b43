//! The container writer (feature `write`): an owned effect model to bytes,
//! laid out the way the Carbon compiler lays it out — the arena
//! deduplicated and sorted bytewise, one row per permutation, each
//! distinct body stored once and aliased rows pointing at it. Versions 2
//! to 15 are written field for field as [`crate::read`] reads them, so
//! tests can build effects of any version from hand-made reflection.

use crate::model::*;
use crate::read::NULL_REF;
use std::collections::{BTreeSet, HashMap};

/// An effect to write.
#[derive(Clone, Debug, PartialEq)]
pub struct EffectFile {
    /// Container version (2..=15).
    pub version: u32,
    /// Compiler version bytes (version 15).
    pub compiler_version: [u8; 4],
    /// Source hash, 32 ASCII bytes (version 15; padded or cut to 32).
    pub source_hash: String,
    /// Permutation axes (must be empty before version 5).
    pub axes: Vec<Axis>,
    /// The bodies.
    pub bodies: Vec<Body<Vec<u8>>>,
    /// For each permutation (row), the body it selects; rows that select
    /// the same body are aliases. Must have Π option counts entries.
    pub rows: Vec<usize>,
}

impl EffectFile {
    /// A version-15 effect with the shipped compiler version (1.2.6.0).
    pub fn v15(axes: Vec<Axis>, bodies: Vec<Body<Vec<u8>>>, rows: Vec<usize>) -> Self {
        EffectFile {
            version: 15,
            compiler_version: [1, 2, 6, 0],
            source_hash: "0123456789abcdef0123456789abcdef".into(),
            axes,
            bodies,
            rows,
        }
    }
}

/// Entries of the arena: strings are stored with their NUL.
#[derive(Default)]
struct ArenaBuilder {
    entries: BTreeSet<Vec<u8>>,
    offsets: HashMap<Vec<u8>, u32>,
    bytes: Vec<u8>,
}

impl ArenaBuilder {
    fn string(&mut self, s: &str) {
        let mut v = s.as_bytes().to_vec();
        v.push(0);
        self.entries.insert(v);
    }
    fn blob(&mut self, b: &[u8]) {
        if !b.is_empty() {
            self.entries.insert(b.to_vec());
        }
    }
    /// Sorts bytewise (a shorter entry first on a common prefix) and lays
    /// the entries out.
    fn finish(&mut self) {
        for e in std::mem::take(&mut self.entries) {
            self.offsets.insert(e.clone(), self.bytes.len() as u32);
            self.bytes.extend_from_slice(&e);
        }
    }
    fn str_ref(&self, s: &str) -> u32 {
        let mut v = s.as_bytes().to_vec();
        v.push(0);
        self.offsets[&v]
    }
    fn blob_ref(&self, b: &[u8]) -> u32 {
        if b.is_empty() {
            NULL_REF
        } else {
            self.offsets[b]
        }
    }
}

fn collect_data(a: &mut ArenaBuilder, d: &StageData<Vec<u8>>, version: u32) {
    for c in &d.constants {
        a.string(&c.name);
    }
    if version >= 5 {
        a.blob(&d.defaults);
    }
    for t in &d.textures {
        a.string(&t.name);
    }
    for s in &d.samplers {
        if let Some(n) = &s.name {
            a.string(n);
        }
    }
    for u in &d.uavs {
        a.string(&u.name);
    }
    collect_annotations(a, &d.annotations);
}

fn collect_annotations(a: &mut ArenaBuilder, list: &[Annotation]) {
    for x in list {
        a.string(&x.name);
        if let AnnotationValue::String(s) = &x.value {
            a.string(s);
        }
    }
}

fn collect(a: &mut ArenaBuilder, body: &Body<Vec<u8>>, version: u32) {
    for t in &body.techniques {
        if version > 6 {
            a.string(&t.name);
        }
        for p in &t.passes {
            for s in &p.stages {
                if version >= 5 {
                    a.blob(&s.program);
                }
                collect_data(a, &s.data, version);
            }
        }
        for l in &t.libraries {
            a.blob(&l.program);
            for e in &l.exports {
                a.string(&e.name);
            }
            a.string(&l.hit_group);
            collect_data(a, &l.global, version);
            collect_data(a, &l.local, version);
        }
    }
    for p in &body.parameters {
        a.string(&p.name);
        collect_annotations(a, &p.annotations);
    }
}

struct Out<'a> {
    v: Vec<u8>,
    arena: &'a ArenaBuilder,
    version: u32,
}

impl Out<'_> {
    fn u8(&mut self, x: u8) {
        self.v.push(x);
    }
    fn u16(&mut self, x: u16) {
        self.v.extend_from_slice(&x.to_le_bytes());
    }
    fn u32(&mut self, x: u32) {
        self.v.extend_from_slice(&x.to_le_bytes());
    }
    fn f32(&mut self, x: f32) {
        self.u32(x.to_bits());
    }
    fn str(&mut self, s: &str) {
        let r = self.arena.str_ref(s);
        self.u32(r);
    }
    fn blob(&mut self, b: &[u8]) {
        self.u32(b.len() as u32);
        let r = self.arena.blob_ref(b);
        self.u32(r);
    }
    fn inline(&mut self, b: &[u8]) {
        self.u32(b.len() as u32);
        self.v.extend_from_slice(b);
    }
    fn annotations(&mut self, list: &[Annotation]) {
        self.u8(list.len() as u8);
        for a in list {
            self.str(&a.name);
            self.u8(a.ty);
            match &a.value {
                AnnotationValue::String(s) => self.str(s),
                AnnotationValue::Raw(r) => self.u32(*r),
            }
        }
    }
    fn state(&mut self, s: &SamplerState) {
        for b in [
            s.comparison,
            s.min_filter,
            s.mag_filter,
            s.mip_filter,
            s.address_u,
            s.address_v,
            s.address_w,
        ] {
            self.u8(b);
        }
        self.f32(s.mip_lod_bias);
        self.u8(s.max_anisotropy);
        self.u8(s.comparison_func);
    }
    fn pipeline_inputs(&mut self, list: &[PipelineInput]) {
        self.u8(list.len() as u8);
        for p in list {
            for b in [p.usage, p.register, p.usage_index, p.used_mask] {
                self.u8(b);
            }
            if self.version > 10 {
                self.u8(p.ty);
                self.u8(p.dimension);
            }
        }
    }
    fn registers(&mut self, d: &StageData<Vec<u8>>) {
        self.u8(d.registers.len() as u8);
        for r in &d.registers {
            let t = if self.version > 9 {
                r.register_type
            } else {
                match r.register_type {
                    register_type::CONSTANT_BUFFER => 0,
                    register_type::SAMPLER => 3,
                    t if t >= register_type::UAV => 2,
                    _ => 1,
                }
            };
            self.u8(t);
            self.u32(r.index);
            if self.version > 12 {
                self.u32(r.count);
                self.u8(r.space);
            }
        }
        if self.version > 12 {
            self.u8(d.static_samplers.len() as u8);
            for s in &d.static_samplers {
                self.u32(s.register);
                self.u8(s.space);
                self.state(&s.state);
                self.u8(s.border_color);
                self.f32(s.min_lod);
                self.f32(s.max_lod);
            }
        }
    }
    /// A texture (with its sRGB byte) or UAV record.
    fn resource(
        &mut self,
        register: u8,
        name: &str,
        ty: u8,
        count: u32,
        srgb: Option<bool>,
        auto: bool,
    ) {
        self.u8(register);
        self.str(name);
        self.u8(ty);
        if self.version >= 13 {
            self.u32(count);
        }
        if let Some(srgb) = srgb {
            self.u8(srgb.into());
        }
        self.u8(auto.into());
    }

    fn input(&mut self, d: &StageData<Vec<u8>>) {
        let version = self.version;
        self.u32(d.constants.len() as u32);
        for c in &d.constants {
            self.str(&c.name);
            self.u32(c.offset);
            self.u32(c.size);
            let ty = if version < 11 {
                match c.ty {
                    constant_type::FLOAT => 0,
                    constant_type::INT => 1,
                    constant_type::BOOL => 2,
                    _ => 3,
                }
            } else {
                c.ty
            };
            self.u8(ty);
            self.u8(c.dimension);
            self.u32(c.elements);
            self.u8(c.srgb.into());
            self.u8(c.autoregister.into());
        }
        if version < 5 {
            self.inline(&d.defaults);
        } else {
            self.blob(&d.defaults);
        }
        self.u8(d.textures.len() as u8);
        for t in &d.textures {
            self.resource(
                t.register,
                &t.name,
                t.ty,
                t.count,
                Some(t.srgb),
                t.autoregister,
            );
        }
        self.u8(d.samplers.len() as u8);
        for s in &d.samplers {
            self.u8(s.register);
            if version >= 4 {
                self.str(s.name.as_deref().unwrap_or(""));
            }
            self.state(&s.state);
            for c in s.border_color {
                self.f32(c);
            }
            self.f32(s.min_lod);
            self.f32(s.max_lod);
            if version < 4 {
                self.u8(s.srgb_texture.unwrap_or(false).into());
            }
            if version > 12 {
                self.u8(s.is_dynamic.into());
            }
        }
        if version >= 3 {
            self.u8(d.uavs.len() as u8);
            for u in &d.uavs {
                self.resource(u.register, &u.name, u.ty, u.count, None, u.autoregister);
            }
            if version >= 8 {
                self.annotations(&d.annotations);
            }
        }
    }
    fn stage(&mut self, s: &Stage<Vec<u8>>) {
        let version = self.version;
        self.u8(s.stage.to_u8());
        if version < 14 {
            self.pipeline_inputs(&s.pipeline_inputs);
            if version > 8 {
                self.registers(&s.data);
            }
        }
        if version < 5 {
            self.inline(&s.program);
            self.inline(&[]);
        } else {
            self.blob(&s.program);
            if version < 12 {
                self.u32(0);
                self.u32(0);
            }
        }
        if version >= 3 {
            for t in s.thread_group {
                self.u32(t);
            }
        }
        if version >= 14 {
            self.pipeline_inputs(&s.pipeline_inputs);
            self.registers(&s.data);
        }
        self.input(&s.data);
    }
    fn body(&mut self, b: &Body<Vec<u8>>) {
        let version = self.version;
        if version > 6 {
            self.u8(b.techniques.len() as u8);
        }
        for t in &b.techniques {
            if version > 6 {
                self.str(&t.name);
            }
            self.u8(t.passes.len() as u8);
            for p in &t.passes {
                self.u8(p.stages.len() as u8);
                for s in &p.stages {
                    self.stage(s);
                }
                self.u8(p.states.len() as u8);
                for st in &p.states {
                    self.u32(st.state);
                    self.u32(st.value);
                }
            }
            if version > 13 {
                self.u8(t.libraries.len() as u8);
                for l in &t.libraries {
                    self.u32(l.payload_size);
                    self.blob(&l.program);
                    self.u32(l.exports.len() as u32);
                    for e in &l.exports {
                        self.u8(e.kind);
                        self.str(&e.name);
                    }
                    self.str(&l.hit_group);
                    self.registers(&l.global);
                    self.input(&l.global);
                    self.registers(&l.local);
                    self.input(&l.local);
                }
            }
        }
        self.u16(b.parameters.len() as u16);
        for p in &b.parameters {
            self.str(&p.name);
            self.annotations(&p.annotations);
        }
    }
}

/// Writes an effect file.
pub fn write(e: &EffectFile) -> Vec<u8> {
    let version = e.version;
    let mut arena = ArenaBuilder::default();
    for a in &e.axes {
        arena.string(&a.name);
        arena.string(&a.description);
        for o in &a.options {
            arena.string(o);
        }
    }
    for b in &e.bodies {
        collect(&mut arena, b, version);
    }
    arena.finish();
    // Bodies, packed; byte-identical bodies are stored once (aliases).
    let packed: Vec<Vec<u8>> = e
        .bodies
        .iter()
        .map(|b| {
            let mut o = Out {
                v: Vec::new(),
                arena: &arena,
                version,
            };
            o.body(b);
            o.v
        })
        .collect();
    let mut header = Out {
        v: Vec::new(),
        arena: &arena,
        version,
    };
    if version >= 5 {
        header.u8(e.axes.len() as u8);
        for a in &e.axes {
            header.str(&a.name);
            header.u8(a.default_option);
            header.str(&a.description);
            if version > 5 {
                header.u8(a.ty);
            }
            header.u8(a.options.len() as u8);
            for o in &a.options {
                header.str(o);
            }
        }
    }
    let prefix = 4 + if version >= 15 { 36 } else { 0 };
    let table = 4 + 12 * e.rows.len();
    let mut start = prefix + 4 + arena.bytes.len() + header.v.len() + table;
    // Distinct packed bodies in order of first use.
    let mut placed: Vec<(usize, usize)> = Vec::new(); // (packed index, offset)
    let mut order: Vec<usize> = Vec::new();
    let mut row_entries = Vec::with_capacity(e.rows.len());
    for (i, &b) in e.rows.iter().enumerate() {
        let bytes = &packed[b];
        let found = placed.iter().find(|(p, _)| packed[*p] == *bytes);
        let offset = match found {
            Some(&(_, off)) => off,
            None => {
                let off = start;
                placed.push((b, off));
                order.push(b);
                start += bytes.len();
                off
            }
        };
        row_entries.push((i as u32, offset as u32, bytes.len() as u32));
    }
    let mut out = Vec::with_capacity(start);
    out.extend_from_slice(&version.to_le_bytes());
    let mut rows_bytes = Vec::with_capacity(table);
    rows_bytes.extend_from_slice(&(e.rows.len() as u32).to_le_bytes());
    for (i, o, s) in row_entries {
        for x in [i, o, s] {
            rows_bytes.extend_from_slice(&x.to_le_bytes());
        }
    }
    if version < 5 {
        out.extend_from_slice(&rows_bytes);
        out.extend_from_slice(&(arena.bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&arena.bytes);
    } else {
        if version >= 15 {
            out.extend_from_slice(&e.compiler_version);
            let mut h = e.source_hash.as_bytes().to_vec();
            h.resize(32, b'0');
            out.extend_from_slice(&h);
        }
        out.extend_from_slice(&(arena.bytes.len() as u32).to_le_bytes());
        out.extend_from_slice(&arena.bytes);
        out.extend_from_slice(&header.v);
        out.extend_from_slice(&rows_bytes);
    }
    for b in order {
        out.extend_from_slice(&packed[b]);
    }
    out
}

/// An owned copy of a parsed body (blobs copied out of the file): what
/// the writer takes, for round trips.
pub fn owned_body(effect: &crate::Effect<'_>, body: &Body<BlobRef>) -> Body<Vec<u8>> {
    let data = |d: &StageData<BlobRef>| StageData {
        registers: d.registers.clone(),
        static_samplers: d.static_samplers.clone(),
        constants: d.constants.clone(),
        defaults: effect.bytes(&d.defaults).to_vec(),
        textures: d.textures.clone(),
        samplers: d.samplers.clone(),
        uavs: d.uavs.clone(),
        annotations: d.annotations.clone(),
    };
    Body {
        techniques: body
            .techniques
            .iter()
            .map(|t| Technique {
                name: t.name.clone(),
                passes: t
                    .passes
                    .iter()
                    .map(|p| Pass {
                        stages: p
                            .stages
                            .iter()
                            .map(|s| Stage {
                                stage: s.stage,
                                program: effect.bytes(&s.program).to_vec(),
                                thread_group: s.thread_group,
                                pipeline_inputs: s.pipeline_inputs.clone(),
                                data: data(&s.data),
                            })
                            .collect(),
                        states: p.states.clone(),
                    })
                    .collect(),
                libraries: t
                    .libraries
                    .iter()
                    .map(|l| Library {
                        payload_size: l.payload_size,
                        program: effect.bytes(&l.program).to_vec(),
                        exports: l.exports.clone(),
                        hit_group: l.hit_group.clone(),
                        global: data(&l.global),
                        local: data(&l.local),
                    })
                    .collect(),
            })
            .collect(),
        parameters: body.parameters.clone(),
    }
}
