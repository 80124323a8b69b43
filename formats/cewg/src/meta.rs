//! The META chunk: the Carbon reflection of the container, in the shapes
//! the public loader reads (docs/cewg-package.md).

use crate::json::J;
use crate::obj;
use dxlower_carbon_effect::{
    register_type, Annotation, AnnotationValue, Axis, BlobRef, Effect, Parameter, PipelineInput,
    Sampler, SamplerState, Stage, StaticSampler, Technique,
};

/// `body_<offset>_<size>`.
pub fn body_key(offset: u32, size: u32) -> String {
    format!("body_{offset}_{size}")
}

/// `<technique>.pass<i>.<stage>`.
pub fn local_key(technique: &str, pass: usize, stage: &str) -> String {
    format!("{technique}.pass{pass}.{stage}")
}

/// The arena offset of a blob (its absolute offset for an inline program).
pub fn table_offset(b: &BlobRef) -> u64 {
    b.arena_ref.map_or(b.offset, u64::from)
}

/// One permutation axis.
pub fn axis(a: &Axis) -> J {
    obj! {
        "name" => &a.name,
        "description" => &a.description,
        "type" => a.ty,
        "defaultOption" => a.default_option,
        "options" => a.options.clone(),
    }
}

fn annotation(a: &Annotation) -> J {
    let (raw, string) = match &a.value {
        AnnotationValue::Raw(r) => (*r, String::new()),
        AnnotationValue::String(s) => (0, s.clone()),
    };
    obj! {
        "name" => &a.name,
        "type" => a.ty,
        "boolValue" => raw != 0,
        "intValue" => raw as i32,
        "floatValue" => f32::from_bits(raw),
        "stringValue" => string,
        "rawValue" => raw,
    }
}

fn state(s: &SamplerState) -> Vec<(String, J)> {
    vec![
        ("comparison".into(), J::Bool(s.comparison != 0)),
        ("minFilter".into(), s.min_filter.into()),
        ("magFilter".into(), s.mag_filter.into()),
        ("mipFilter".into(), s.mip_filter.into()),
        ("addressU".into(), s.address_u.into()),
        ("addressV".into(), s.address_v.into()),
        ("addressW".into(), s.address_w.into()),
        ("mipLODBias".into(), s.mip_lod_bias.into()),
        ("maxAnisotropy".into(), s.max_anisotropy.into()),
        ("comparisonFunc".into(), s.comparison_func.into()),
    ]
}

fn sampler(s: &Sampler) -> J {
    let mut v = state(&s.state);
    v.push((
        "borderColor".into(),
        J::Arr(s.border_color.iter().map(|&c| c.into()).collect()),
    ));
    v.push(("minLOD".into(), s.min_lod.into()));
    v.push(("maxLOD".into(), s.max_lod.into()));
    v.push(("isDynamic".into(), s.is_dynamic.into()));
    J::Obj(v)
}

fn static_sampler(s: &StaticSampler) -> J {
    let mut v = state(&s.state);
    let border = match s.border_color {
        1 => [0.0, 0.0, 0.0, 1.0],
        2 => [1.0, 1.0, 1.0, 1.0],
        _ => [0.0f32; 4],
    };
    v.push((
        "borderColor".into(),
        J::Arr(border.iter().map(|&c| c.into()).collect()),
    ));
    v.push(("minLOD".into(), s.min_lod.into()));
    v.push(("maxLOD".into(), s.max_lod.into()));
    v.push(("isDynamic".into(), false.into()));
    v.push(("staticBorderColor".into(), s.border_color.into()));
    J::Obj(v)
}

/// One pipeline input.
pub fn pipeline_input(p: &PipelineInput) -> J {
    obj! {
        "usage" => p.usage,
        "usageName" => p.usage_name().unwrap_or(""),
        "registerIndex" => p.register,
        "usageIndex" => p.usage_index,
        "usedMask" => p.used_mask,
        "type" => p.ty,
        "dimension" => p.dimension,
    }
}

fn annotations_of(params: &[Parameter], name: Option<&str>) -> J {
    let list = name
        .and_then(|n| params.iter().find(|p| p.name == n))
        .map(|p| p.annotations.iter().map(annotation).collect())
        .unwrap_or_default();
    J::Arr(list)
}

#[allow(clippy::too_many_arguments)]
fn binding(
    kind: &str,
    symbol: String,
    index: u32,
    rtype: u8,
    space: u8,
    count: u32,
    array: u32,
    name: Option<String>,
    carbon: J,
    params: &[Parameter],
) -> J {
    let annotations = annotations_of(params, name.as_deref());
    obj! {
        "kind" => kind,
        "generatedSymbol" => symbol,
        "registerIndex" => index,
        "registerType" => rtype,
        "registerSpace" => space,
        "registerCount" => count,
        "arrayCount" => array,
        "dynamic" => true,
        "metadataName" => name,
        "carbon" => carbon,
        "annotations" => annotations,
        "heapView" => false,
        "sourceTruth" => "carbon-stage-register",
    }
}

/// The bindings of a stage: one per register input, joined with its
/// constants, texture or sampler record; then whatever the tables hold
/// that no register input lists (static samplers, and every table entry
/// of a container older than version 9, which has no register inputs), so
/// that every constant, texture and sampler the container declares is
/// named.
pub fn bindings(effect: &Effect<'_>, st: &Stage<BlobRef>, params: &[Parameter]) -> J {
    let d = &st.data;
    let mut out = Vec::new();
    let mut cb0 = false;
    let mut textures_done: Vec<u8> = Vec::new();
    let mut samplers_done: Vec<u8> = Vec::new();
    let local = |out: &mut Vec<J>, space: u8, count: u32, rtype: u8| {
        let has = !d.constants.is_empty() || d.defaults.size > 0;
        let defaults = effect.bytes(&d.defaults);
        let constants: Vec<J> = d
            .constants
            .iter()
            .map(|c| {
                let mut o = obj! {
                    "name" => &c.name,
                    "offset" => c.offset,
                    "size" => c.size,
                    "type" => c.ty,
                    "dimension" => c.dimension,
                    "elements" => c.elements,
                    "isSRGB" => c.srgb,
                    "isAutoregister" => c.autoregister,
                };
                let (start, end) = (c.offset as usize, c.offset as usize + c.size as usize);
                if let (Some(bytes), J::Obj(v)) = (defaults.get(start..end), &mut o) {
                    let value = bytes
                        .chunks_exact(4)
                        .map(|w| J::from(f32::from_le_bytes([w[0], w[1], w[2], w[3]])))
                        .collect();
                    v.push(("value".into(), J::Arr(value)));
                }
                o
            })
            .collect();
        out.push(binding(
            "constantBuffer",
            "cb0".into(),
            0,
            rtype,
            space,
            count,
            1,
            has.then(|| "$LocalConstants".to_string()),
            obj! {
                "hasLocalConstants" => has,
                "constantValueSize" => d.defaults.size,
                "constants" => J::Arr(constants),
            },
            params,
        ));
    };
    for r in &d.registers {
        match r.register_type {
            register_type::CONSTANT_BUFFER if r.index == 0 => {
                cb0 = true;
                local(&mut out, r.space, r.count, r.register_type);
            }
            register_type::CONSTANT_BUFFER => out.push(binding(
                "constantBuffer",
                format!("cb{}", r.index),
                r.index,
                r.register_type,
                r.space,
                r.count,
                1,
                None,
                obj! {
                    "hasLocalConstants" => false,
                    "constantValueSize" => 0u32,
                    "constants" => J::Arr(vec![]),
                },
                params,
            )),
            register_type::SAMPLER => {
                let s = d.samplers.iter().find(|s| u32::from(s.register) == r.index);
                if let Some(s) = s {
                    samplers_done.push(s.register);
                }
                let name = s.filter(|s| s.is_dynamic).and_then(|s| s.name.clone());
                out.push(binding(
                    "sampler",
                    format!("s{}", r.index),
                    r.index,
                    r.register_type,
                    r.space,
                    r.count,
                    r.count,
                    name.clone(),
                    obj! {
                        "name" => name,
                        "sampler" => s.map(sampler),
                    },
                    params,
                ));
            }
            t => {
                let uav = t >= register_type::UAV;
                let (name, carbon, array) = if uav {
                    let u = d.uavs.iter().find(|u| u32::from(u.register) == r.index);
                    (
                        u.map(|u| u.name.clone()),
                        obj! {
                            "name" => u.map(|u| u.name.clone()),
                            "type" => u.map(|u| u.ty),
                            "arrayElements" => u.map(|u| u.count),
                            "isAutoregister" => u.map(|u| u.autoregister),
                        },
                        u.map_or(r.count, |u| u.count),
                    )
                } else {
                    let x = d.textures.iter().find(|x| u32::from(x.register) == r.index);
                    if let Some(x) = x {
                        textures_done.push(x.register);
                    }
                    (
                        x.map(|x| x.name.clone()),
                        obj! {
                            "name" => x.map(|x| x.name.clone()),
                            "type" => x.map(|x| x.ty),
                            "arrayElements" => x.map(|x| x.count),
                            "isSRGB" => x.map(|x| x.srgb),
                            "isAutoregister" => x.map(|x| x.autoregister),
                        },
                        x.map_or(r.count, |x| x.count),
                    )
                };
                out.push(binding(
                    if uav { "uav" } else { "resource" },
                    format!("{}{}", if uav { "u" } else { "t" }, r.index),
                    r.index,
                    t,
                    r.space,
                    r.count,
                    array,
                    name,
                    carbon,
                    params,
                ));
            }
        }
    }
    if !cb0 && (!d.constants.is_empty() || d.defaults.size > 0) {
        local(&mut out, 0, 1, register_type::CONSTANT_BUFFER);
    }
    for x in d
        .textures
        .iter()
        .filter(|x| !textures_done.contains(&x.register))
    {
        out.push(binding(
            "resource",
            format!("t{}", x.register),
            x.register.into(),
            register_type::SRV + 4,
            0,
            x.count,
            x.count,
            Some(x.name.clone()),
            obj! {
                "name" => &x.name,
                "type" => x.ty,
                "arrayElements" => x.count,
                "isSRGB" => x.srgb,
                "isAutoregister" => x.autoregister,
            },
            params,
        ));
    }
    for s in d
        .samplers
        .iter()
        .filter(|s| !samplers_done.contains(&s.register))
    {
        let name = s.name.clone().filter(|_| s.is_dynamic);
        out.push(binding(
            "sampler",
            format!("s{}", s.register),
            s.register.into(),
            register_type::SAMPLER,
            0,
            1,
            1,
            name.clone(),
            obj! { "name" => name, "sampler" => sampler(s) },
            params,
        ));
    }
    for s in &d.static_samplers {
        out.push(binding(
            "sampler",
            format!("s{}", s.register),
            s.register,
            register_type::SAMPLER,
            s.space,
            1,
            1,
            None,
            obj! { "name" => J::Null, "static" => true, "sampler" => static_sampler(s) },
            params,
        ));
    }
    J::Arr(out)
}

/// The passes and stages of a body's manifest.
pub fn manifest(
    effect: &Effect<'_>,
    techniques: &[Technique<BlobRef>],
    params: &[Parameter],
    effect_name: &str,
) -> J {
    let mut passes = Vec::new();
    let mut stages = Vec::new();
    let mut handle = 0u32;
    let mut running = 0u32;
    for t in techniques {
        for (p, pass) in t.passes.iter().enumerate() {
            running += 1;
            passes.push(obj! {
                "techniqueName" => &t.name,
                "passIndex" => p,
                "renderStates" => running,
                "states" => J::Arr(pass.states.iter().map(|s| obj! {"state" => s.state, "value" => s.value}).collect()),
            });
            for st in &pass.stages {
                handle += 1;
                stages.push(obj! {
                    "techniqueName" => &t.name,
                    "passIndex" => p,
                    "stageType" => st.stage.to_u8(),
                    "stageName" => st.stage.name(),
                    "shaderHandle" => handle,
                    "shaderBytecode" => obj! {
                        "stageType" => st.stage.to_u8(),
                        "stageName" => st.stage.name(),
                        "shaderSize" => st.program.size,
                        "stringTableOffset" => table_offset(&st.program),
                        "effectName" => effect_name,
                    },
                    "pipelineInputs" => J::Arr(st.pipeline_inputs.iter().map(pipeline_input).collect()),
                    "threadGroupSize" => obj! {
                        "x" => st.thread_group[0],
                        "y" => st.thread_group[1],
                        "z" => st.thread_group[2],
                    },
                    "bindings" => bindings(effect, st, params),
                });
            }
        }
    }
    obj! {
        "effectName" => effect_name,
        "version" => effect.version,
        "passes" => J::Arr(passes),
        "stages" => J::Arr(stages),
    }
}
