//! The Carbon effect reader on containers the test helpers build from
//! corpus blobs and listings: a v15 effect with three axes and aliased
//! rows, the skinned VS + 14-texture PS effect, damaged containers (each a
//! named error), and a deterministic mutation run (no panics).

use dxlower_carbon_effect::{parse, ErrorKind, StageType};
use dxlower_tests::effects::{self, axis, body, effect};

fn listing(name: &str) -> String {
    let p = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/effects")).join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn listings_assemble_and_reflect() {
    let vs = effects::from_listing(&listing("skinned_bitangent.vs.asm"));
    assert_eq!(vs.stage, StageType::Vertex);
    assert_eq!(vs.pipeline_inputs.len(), 4);
    assert_eq!(vs.pipeline_inputs[1].usage, 4, "BINORMAL is usage BITANGENT");
    assert_eq!(vs.pipeline_inputs[3].ty, 2, "BLENDINDICES is uint");
    assert_eq!(vs.data.textures[0].name, "BoneTransforms");
    assert_eq!(vs.data.textures[0].ty, 7);
    let ps = effects::from_listing(&listing("fourteen_textures.ps.asm"));
    assert_eq!(ps.data.textures.len(), 14);
    assert_eq!(ps.data.samplers.len(), 1);
    let shader = dxlower_dxbc::parse(&ps.program).expect("a valid, checksummed blob");
    assert!(shader.rdef.is_none(), "stripped");
}
