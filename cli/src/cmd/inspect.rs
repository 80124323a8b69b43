//! `dxlower inspect`: what a DXBC file contains — chunks, checksum,
//! stage and model, signatures, RDEF, SFI0, STAT, a declarations summary and
//! an opcode histogram — as text or as one JSON object (`--json`; the shape
//! is documented in `docs/inspect-json.md`).

use dxlower_dxbc::chunks::Stat;
use dxlower_dxbc::disasm::{self, Options};
use dxlower_dxbc::error::fourcc_str;
use dxlower_dxbc::rdef::{
    CbufferType, ConstantBuffer, ResourceBinding, ShaderInputType, SrvDimension, Type,
    VariableClass,
};
use dxlower_dxbc::{Opcode, Payload, Program, ProgramType, Sfi0, Shader, Signature};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `dxlower inspect`.
#[derive(clap::Args)]
pub struct Args {
    /// The DXBC file, or a Carbon effect container (`.sm_hi`, `.sm_lo`,
    /// `.sm_depth`).
    pub file: PathBuf,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs `dxlower inspect`.
pub fn run(args: Args) -> ExitCode {
    let bytes = match super::read_file(&args.file) {
        Ok(b) => b,
        Err(code) => return code,
    };
    if super::effect::is_effect(&args.file) {
        return inspect_effect(&args, &bytes);
    }
    let shader = match dxlower_dxbc::parse(&bytes) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("dxlower: {}: {e}", args.file.display());
            return ExitCode::FAILURE;
        }
    };
    let report = report(&args.file.display().to_string(), bytes.len(), &shader);
    let text = if args.json {
        match serde_json::to_string_pretty(&report) {
            Ok(s) => s + "\n",
            Err(e) => {
                eprintln!("dxlower: {}: {e}", args.file.display());
                return ExitCode::FAILURE;
            }
        }
    } else {
        render_text(&report)
    };
    super::write_stdout(&text);
    ExitCode::SUCCESS
}

/// `inspect` of a Carbon effect container (`cmd::effect` renders it).
fn inspect_effect(args: &Args, bytes: &[u8]) -> ExitCode {
    let name = args.file.display().to_string();
    let effect = match dxlower_carbon_effect::parse(bytes) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("dxlower: {name}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let text = if args.json {
        serde_json::to_string_pretty(&super::effect::report(&name, &effect)).unwrap_or_default()
            + "\n"
    } else {
        super::effect::render(&name, &effect)
    };
    super::write_stdout(&text);
    ExitCode::SUCCESS
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn mask_str(mask: u8) -> String {
    ['x', 'y', 'z', 'w']
        .iter()
        .enumerate()
        .filter(|(i, _)| mask & (1 << i) != 0)
        .map(|(_, c)| *c)
        .collect()
}

fn stage_name(t: ProgramType) -> &'static str {
    match t {
        ProgramType::Pixel => "pixel",
        ProgramType::Vertex => "vertex",
        ProgramType::Geometry => "geometry",
        ProgramType::Hull => "hull",
        ProgramType::Domain => "domain",
        ProgramType::Compute => "compute",
        ProgramType::Unknown(_) => "unknown",
    }
}

/// Builds the whole report as a JSON value (the text output is rendered
/// from it too, so both always say the same).
fn report(file: &str, size: usize, shader: &Shader) -> Value {
    let c = &shader.container;
    let v = &shader.program.version;
    let chunks: Vec<Value> = c
        .chunks
        .iter()
        .map(|e| json!({ "fourcc": fourcc_str(&e.fourcc), "offset": e.offset, "size": e.size }))
        .collect();
    json!({
        "file": file,
        "size": size,
        "container": {
            "version": format!("{}.{}", c.version_major, c.version_minor),
            "total_size": c.total_size,
            "checksum_ok": c.checksum_ok,
            "stored_checksum": hex(&c.stored_checksum),
            "computed_checksum": hex(&c.computed_checksum),
            "chunks": chunks,
        },
        "program": {
            "stage": v.program_type.prefix(),
            "stage_name": stage_name(v.program_type),
            "model": format!("{}_{}", v.major, v.minor),
            "profile": format!("{}_{}_{}", v.program_type.prefix(), v.major, v.minor),
            "code_chunk": fourcc_str(&shader.code_chunk),
        },
        "signatures": {
            "input": signature_json(shader.input_signature.as_ref(), false),
            "output": signature_json(shader.output_signature.as_ref(), true),
            "patch_constant": signature_json(
                shader.patch_constant_signature.as_ref(),
                v.program_type == ProgramType::Hull,
            ),
        },
        "rdef": shader.rdef.as_ref().map(|r| json!({
            "creator": r.creator,
            "target": format!(
                "{}_{}_{}",
                r.target.program_type.to_program_type().map_or("xx", ProgramType::prefix),
                r.target.major,
                r.target.minor
            ),
            "flags": r.flags,
            "constant_buffers": r.constant_buffers.iter().map(cbuffer_json).collect::<Vec<_>>(),
            "bindings": r.bindings.iter().map(binding_json).collect::<Vec<_>>(),
        })),
        "sfi0": shader.sfi0.as_ref().map(sfi0_json),
        "stat": shader.stat.as_ref().map(stat_json),
        "declarations": declarations_json(&shader.program),
        "instructions": instructions_json(&shader.program),
    })
}

fn signature_json(sig: Option<&Signature>, output: bool) -> Value {
    let Some(sig) = sig else {
        return Value::Null;
    };
    let elements: Vec<Value> = sig
        .elements
        .iter()
        .map(|e| {
            let used = if output {
                e.mask & !e.rw_mask
            } else {
                e.rw_mask
            };
            json!({
                "name": e.name,
                "index": e.semantic_index,
                "register": if e.has_no_register() { Value::Null } else { json!(e.register) },
                "mask": mask_str(e.mask),
                "used": mask_str(used),
                "system_value": e.effective_system_value().listing_name(),
                "format": e.listing_format(),
                "stream": e.stream,
            })
        })
        .collect();
    json!({ "chunk": fourcc_str(&sig.fourcc), "elements": elements })
}

fn type_name(t: &Type) -> String {
    let base = t.ty.scalar_name().unwrap_or("object");
    let mut s = match t.class {
        VariableClass::Scalar => base.to_string(),
        VariableClass::Vector => format!("{base}{}", t.columns),
        VariableClass::MatrixRows => format!("row_major {base}{}x{}", t.rows, t.columns),
        VariableClass::MatrixColumns => format!("{base}{}x{}", t.rows, t.columns),
        VariableClass::Struct => match t.sm5.as_ref().and_then(|s| s.name.as_deref()) {
            Some(n) => format!("struct {n}"),
            None => "struct".to_string(),
        },
        VariableClass::InterfaceClass => "interface class".to_string(),
        VariableClass::InterfacePointer => "interface".to_string(),
        VariableClass::Object | VariableClass::Other(_) => "object".to_string(),
    };
    if t.elements > 0 {
        s.push_str(&format!("[{}]", t.elements));
    }
    s
}

fn cbuffer_json(cb: &ConstantBuffer) -> Value {
    let kind = match cb.kind {
        CbufferType::Cbuffer => "cbuffer",
        CbufferType::Tbuffer => "tbuffer",
        CbufferType::InterfacePointers => "interface_pointers",
        CbufferType::ResourceBindInfo => "resource_bind_info",
        CbufferType::Other(_) => "unknown",
    };
    let variables: Vec<Value> = cb
        .variables
        .iter()
        .map(|v| {
            json!({
                "name": v.name,
                "type": type_name(&v.ty),
                "offset": v.offset,
                "size": v.size,
                "used": v.is_used(),
            })
        })
        .collect();
    json!({
        "name": cb.name,
        "kind": kind,
        "size": cb.size,
        "flags": cb.flags,
        "variables": variables,
    })
}

fn input_type_name(t: ShaderInputType) -> &'static str {
    use ShaderInputType::*;
    match t {
        Cbuffer => "cbuffer",
        Tbuffer => "tbuffer",
        Texture => "texture",
        Sampler => "sampler",
        UavRwTyped => "uav_rwtyped",
        Structured => "structured",
        UavRwStructured => "uav_rwstructured",
        ByteAddress => "byteaddress",
        UavRwByteAddress => "uav_rwbyteaddress",
        UavAppendStructured => "uav_append_structured",
        UavConsumeStructured => "uav_consume_structured",
        UavRwStructuredWithCounter => "uav_rwstructured_with_counter",
        Other(_) => "unknown",
    }
}

fn dimension_name(d: SrvDimension) -> &'static str {
    use SrvDimension::*;
    match d {
        Unknown => "none",
        Buffer => "buffer",
        Texture1D => "texture1d",
        Texture1DArray => "texture1darray",
        Texture2D => "texture2d",
        Texture2DArray => "texture2darray",
        Texture2DMS => "texture2dms",
        Texture2DMSArray => "texture2dmsarray",
        Texture3D => "texture3d",
        TextureCube => "texturecube",
        TextureCubeArray => "texturecubearray",
        BufferEx => "bufferex",
        Other(_) => "unknown",
    }
}

fn binding_json(b: &ResourceBinding) -> Value {
    json!({
        "name": b.name,
        "type": input_type_name(b.input_type),
        "register": format!("{}{}", b.input_type.register_prefix(), b.bind_point),
        "bind_point": b.bind_point,
        "bind_count": b.bind_count,
        "space": b.space,
        "dimension": dimension_name(b.dimension),
        "return_type": b.return_type,
        "sample_count": b.sample_count,
        "flags": b.flags,
    })
}

fn sfi0_json(s: &Sfi0) -> Value {
    const NAMES: [(u64, &str); 14] = [
        (Sfi0::DOUBLES, "doubles"),
        (
            Sfi0::COMPUTE_SHADERS_PLUS_RAW_AND_STRUCTURED_BUFFERS_VIA_SHADER_4_X,
            "compute_shaders_plus_raw_and_structured_buffers_via_shader_4_x",
        ),
        (Sfi0::UAVS_AT_EVERY_STAGE, "uavs_at_every_stage"),
        (Sfi0::UAVS_64, "64_uavs"),
        (Sfi0::MINIMUM_PRECISION, "minimum_precision"),
        (Sfi0::DOUBLE_EXTENSIONS_11_1, "11_1_double_extensions"),
        (Sfi0::SHADER_EXTENSIONS_11_1, "11_1_shader_extensions"),
        (
            Sfi0::LEVEL_9_COMPARISON_FILTERING,
            "level_9_comparison_filtering",
        ),
        (Sfi0::TILED_RESOURCES, "tiled_resources"),
        (Sfi0::STENCIL_REF, "stencil_ref"),
        (Sfi0::INNER_COVERAGE, "inner_coverage"),
        (
            Sfi0::TYPED_UAV_LOAD_ADDITIONAL_FORMATS,
            "typed_uav_load_additional_formats",
        ),
        (Sfi0::ROVS, "rovs"),
        (
            Sfi0::VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER,
            "viewport_and_rt_array_index_from_any_shader_feeding_rasterizer",
        ),
    ];
    let names: Vec<&str> = NAMES
        .iter()
        .filter(|(bit, _)| s.has(*bit))
        .map(|(_, n)| *n)
        .collect();
    json!({ "flags": s.flags, "names": names })
}

fn stat_json(s: &Stat) -> Value {
    let mut m = Map::new();
    let mut put = |k: &str, v: u32| {
        m.insert(k.to_string(), json!(v));
    };
    put("instruction_count", s.instruction_count);
    put("temp_register_count", s.temp_register_count);
    put("def_count", s.def_count);
    put("dcl_count", s.dcl_count);
    put("float_instruction_count", s.float_instruction_count);
    put("int_instruction_count", s.int_instruction_count);
    put("uint_instruction_count", s.uint_instruction_count);
    put("static_flow_control_count", s.static_flow_control_count);
    put("dynamic_flow_control_count", s.dynamic_flow_control_count);
    put("macro_instruction_count", s.macro_instruction_count);
    put("temp_array_count", s.temp_array_count);
    put("array_instruction_count", s.array_instruction_count);
    put("cut_instruction_count", s.cut_instruction_count);
    put("emit_instruction_count", s.emit_instruction_count);
    put("texture_normal_instructions", s.texture_normal_instructions);
    put("texture_load_instructions", s.texture_load_instructions);
    put("texture_comp_instructions", s.texture_comp_instructions);
    put("texture_bias_instructions", s.texture_bias_instructions);
    put(
        "texture_gradient_instructions",
        s.texture_gradient_instructions,
    );
    put("mov_instruction_count", s.mov_instruction_count);
    put("movc_instruction_count", s.movc_instruction_count);
    put(
        "conversion_instruction_count",
        s.conversion_instruction_count,
    );
    put("input_primitive", s.input_primitive);
    put("gs_output_topology", s.gs_output_topology);
    put("gs_max_output_vertex_count", s.gs_max_output_vertex_count);
    put("lod_instructions", s.lod_instructions);
    if let Some(s5) = &s.sm5 {
        put("control_points", s5.control_points);
        put("hs_output_primitive", s5.hs_output_primitive);
        put("hs_partitioning", s5.hs_partitioning);
        put("tessellator_domain", s5.tessellator_domain);
        put("barrier_instructions", s5.barrier_instructions);
        put("interlocked_instructions", s5.interlocked_instructions);
        put("texture_store_instructions", s5.texture_store_instructions);
    }
    m.insert("dwords".to_string(), json!(s.raw.len()));
    Value::Object(m)
}

fn declarations_json(p: &Program) -> Value {
    use Opcode::*;
    let options = Options::default();
    let mut lines = Vec::new();
    let (mut inputs, mut outputs, mut cbs, mut resources, mut samplers, mut uavs, mut tgsm) =
        (0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32);
    let mut temps = 0u32;
    let mut indexable = Vec::new();
    let mut thread_group = Value::Null;
    let mut icb_vec4s = Value::Null;
    for inst in p.instructions.iter().filter(|i| i.opcode.is_declaration()) {
        match inst.opcode {
            DclInput | DclInputSgv | DclInputSiv | DclInputPs | DclInputPsSgv | DclInputPsSiv => {
                inputs += 1
            }
            DclOutput | DclOutputSgv | DclOutputSiv => outputs += 1,
            DclConstantBuffer => cbs += 1,
            DclResource | DclResourceRaw | DclResourceStructured => resources += 1,
            DclSampler => samplers += 1,
            DclUnorderedAccessViewTyped
            | DclUnorderedAccessViewRaw
            | DclUnorderedAccessViewStructured => uavs += 1,
            DclThreadGroupSharedMemoryRaw | DclThreadGroupSharedMemoryStructured => tgsm += 1,
            _ => {}
        }
        match &inst.payload {
            Payload::Count(n) if inst.opcode == DclTemps => temps = *n,
            Payload::IndexableTemp {
                reg,
                count,
                components,
            } => indexable.push(json!({ "reg": reg, "count": count, "components": components })),
            Payload::ThreadGroup(xyz) => thread_group = json!(xyz),
            Payload::CustomData { data, .. } if inst.opcode == Customdata => {
                icb_vec4s = json!(data.len() / 4);
            }
            _ => {}
        }
        let mut line = String::new();
        if disasm::write_instruction(&mut line, &p.version, inst, &options).is_err() {
            continue;
        }
        // The immediate constant buffer is summarised, not listed.
        if line.starts_with("dcl_immediateConstantBuffer") {
            line = format!(
                "dcl_immediateConstantBuffer ({} vec4s)",
                match &inst.payload {
                    Payload::CustomData { data, .. } => data.len() / 4,
                    _ => 0,
                }
            );
        }
        lines.push(line);
    }
    json!({
        "temps": temps,
        "indexable_temps": indexable,
        "inputs": inputs,
        "outputs": outputs,
        "constant_buffers": cbs,
        "resources": resources,
        "samplers": samplers,
        "uavs": uavs,
        "tgsm": tgsm,
        "thread_group": thread_group,
        "immediate_constant_buffer_vec4s": icb_vec4s,
        "lines": lines,
    })
}

fn instructions_json(p: &Program) -> Value {
    let mut histogram: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut count = 0u64;
    for inst in p.instructions.iter().filter(|i| !i.opcode.is_declaration()) {
        count += 1;
        *histogram.entry(inst.opcode.mnemonic()).or_default() += 1;
    }
    json!({ "count": count, "histogram": histogram })
}

/// Renders the report as readable text.
fn render_text(r: &Value) -> String {
    let mut s = String::new();
    let str_of = |v: &Value| match v {
        Value::String(x) => x.clone(),
        Value::Null => "-".to_string(),
        other => other.to_string(),
    };
    let c = &r["container"];
    s += &format!("file: {} ({} bytes)\n", str_of(&r["file"]), r["size"]);
    s += &format!(
        "container: version {}, {} bytes, checksum {}\n",
        str_of(&c["version"]),
        c["total_size"],
        if c["checksum_ok"] == json!(true) {
            "ok".to_string()
        } else {
            format!(
                "MISMATCH (stored {}, computed {})",
                str_of(&c["stored_checksum"]),
                str_of(&c["computed_checksum"])
            )
        }
    );
    s += "chunks:\n";
    for ch in c["chunks"].as_array().into_iter().flatten() {
        let offset = ch["offset"].as_u64().unwrap_or(0);
        s += &format!(
            "  {:<4}  offset {offset:#07x}  size {}\n",
            str_of(&ch["fourcc"]),
            ch["size"]
        );
    }
    let p = &r["program"];
    s += &format!(
        "program: {} ({} shader) in {}\n",
        str_of(&p["profile"]),
        str_of(&p["stage_name"]),
        str_of(&p["code_chunk"])
    );
    for (key, title) in [
        ("input", "input signature"),
        ("output", "output signature"),
        ("patch_constant", "patch-constant signature"),
    ] {
        let sig = &r["signatures"][key];
        if sig.is_null() {
            continue;
        }
        s += &format!("{title} ({}):\n", str_of(&sig["chunk"]));
        let elements = sig["elements"].as_array().map(Vec::as_slice).unwrap_or(&[]);
        if elements.is_empty() {
            s += "  (empty)\n";
        }
        for e in elements {
            let reg = match e["register"].as_u64() {
                Some(n) => n.to_string(),
                None => "-".to_string(),
            };
            s += &format!(
                "  {:<24} {:>2}  reg {:>3}  {:<4}  {:<8} {:<7} used {}{}\n",
                str_of(&e["name"]),
                e["index"],
                reg,
                str_of(&e["mask"]),
                str_of(&e["system_value"]),
                str_of(&e["format"]),
                match str_of(&e["used"]).as_str() {
                    "" => "-".to_string(),
                    u => u.to_string(),
                },
                match e["stream"].as_u64() {
                    Some(0) | None => String::new(),
                    Some(n) => format!("  stream {n}"),
                }
            );
        }
    }
    let rdef = &r["rdef"];
    if rdef.is_null() {
        s += "rdef: none\n";
    } else {
        s += &format!(
            "rdef: target {}, creator \"{}\", flags {:#x}\n",
            str_of(&rdef["target"]),
            str_of(&rdef["creator"]),
            rdef["flags"].as_u64().unwrap_or(0)
        );
        for cb in rdef["constant_buffers"].as_array().into_iter().flatten() {
            s += &format!(
                "  {} {} ({} bytes)\n",
                str_of(&cb["kind"]),
                str_of(&cb["name"]),
                cb["size"]
            );
            for v in cb["variables"].as_array().into_iter().flatten() {
                s += &format!(
                    "    {:<24} {:<20} offset {:>5} size {:>5}{}\n",
                    str_of(&v["type"]),
                    str_of(&v["name"]),
                    v["offset"],
                    v["size"],
                    if v["used"] == json!(true) {
                        ""
                    } else {
                        "  [unused]"
                    }
                );
            }
        }
        let bindings = rdef["bindings"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if !bindings.is_empty() {
            s += "  bindings:\n";
        }
        for b in bindings {
            s += &format!(
                "    {:<28} {:<22} {:<6} count {:<3} {}{}\n",
                str_of(&b["name"]),
                str_of(&b["type"]),
                str_of(&b["register"]),
                b["bind_count"],
                str_of(&b["dimension"]),
                match b["space"].as_u64() {
                    Some(sp) => format!("  space {sp}"),
                    None => String::new(),
                }
            );
        }
    }
    let sfi0 = &r["sfi0"];
    if !sfi0.is_null() {
        let names: Vec<String> = sfi0["names"]
            .as_array()
            .into_iter()
            .flatten()
            .map(str_of)
            .collect();
        s += &format!(
            "sfi0: {:#x} {}\n",
            sfi0["flags"].as_u64().unwrap_or(0),
            names.join(", ")
        );
    }
    if let Some(stat) = r["stat"].as_object() {
        let nonzero: Vec<String> = stat
            .iter()
            .filter(|(k, v)| k.as_str() != "dwords" && v.as_u64() != Some(0))
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        s += &format!("stat: {}\n", nonzero.join(" "));
    }
    let d = &r["declarations"];
    s += &format!(
        "declarations: {} temps, {} inputs, {} outputs, {} cbuffers, {} resources, {} samplers, {} uavs, {} tgsm\n",
        d["temps"], d["inputs"], d["outputs"], d["constant_buffers"], d["resources"],
        d["samplers"], d["uavs"], d["tgsm"]
    );
    for line in d["lines"].as_array().into_iter().flatten() {
        s += &format!("  {}\n", str_of(line));
    }
    let ins = &r["instructions"];
    s += &format!("instructions: {}\n", ins["count"]);
    if let Some(h) = ins["histogram"].as_object() {
        let mut rows: Vec<(&String, u64)> = h
            .iter()
            .map(|(k, v)| (k, v.as_u64().unwrap_or(0)))
            .collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (name, n) in rows {
            s += &format!("  {n:>6}  {name}\n");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus_file(rel: &str) -> Option<Vec<u8>> {
        let dir = std::env::var_os("DXLOWER_CORPUS_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/corpus"))
            });
        std::fs::read(dir.join(rel)).ok()
    }

    #[test]
    fn geometry_shader_report() {
        let rel = "angle/buffertotexture11_gs.gs.dxbc";
        let bytes = corpus_file(rel).expect("corpus file (set DXLOWER_CORPUS_DIR)");
        let shader = dxlower_dxbc::parse(&bytes).expect("parses");
        let r = report(rel, bytes.len(), &shader);
        assert_eq!(r["size"], json!(712));
        assert_eq!(r["container"]["checksum_ok"], json!(true));
        let fourccs: Vec<&str> = r["container"]["chunks"]
            .as_array()
            .expect("chunks")
            .iter()
            .filter_map(|c| c["fourcc"].as_str())
            .collect();
        assert_eq!(fourccs, ["RDEF", "ISGN", "OSGN", "SHDR", "STAT"]);
        assert_eq!(r["program"]["profile"], json!("gs_4_0"));
        assert_eq!(
            r["signatures"]["input"]["elements"][1]["name"],
            json!("TEXCOORD")
        );
        assert_eq!(
            r["signatures"]["output"]["elements"][2]["system_value"],
            json!("RTINDEX")
        );
        assert_eq!(r["signatures"]["patch_constant"], Value::Null);
        assert_eq!(r["declarations"]["inputs"], json!(3));
        assert_eq!(r["declarations"]["outputs"], json!(3));
        assert_eq!(
            r["declarations"]["lines"][0],
            json!("dcl_input_siv v[1][0].xyzw, position")
        );
        // STAT agrees with our own count of executable instructions.
        assert_eq!(r["instructions"]["count"], r["stat"]["instruction_count"]);
        assert_eq!(
            r["instructions"]["histogram"],
            json!({"emit": 1, "mov": 3, "ret": 1})
        );
        let text = render_text(&r);
        assert!(text.contains("program: gs_4_0 (geometry shader) in SHDR\n"));
        assert!(text.contains("       3  mov\n"));
    }

    #[test]
    fn rdef_bindings_and_variables() {
        let rel = "angle/clearfloat11_fl9ps.ps.dxbc";
        let bytes = corpus_file(rel).expect("corpus file (set DXLOWER_CORPUS_DIR)");
        let shader = dxlower_dxbc::parse(&bytes).expect("parses");
        let r = report(rel, bytes.len(), &shader);
        let cb = &r["rdef"]["constant_buffers"][0];
        assert_eq!(cb["name"], json!("ColorAndDepthDataFloat"));
        assert_eq!(cb["size"], json!(32));
        assert_eq!(cb["variables"][0]["type"], json!("float4"));
        assert_eq!(cb["variables"][1]["offset"], json!(16));
        assert_eq!(r["rdef"]["bindings"][0]["register"], json!("cb0"));
        assert_eq!(
            r["signatures"]["output"]["elements"][4]["register"],
            Value::Null
        );
        assert_eq!(
            r["declarations"]["lines"][0],
            json!("dcl_constantbuffer CB0[2], immediateIndexed")
        );
    }
}
