//! Unit-level checks of the reader against the writer: every version
//! round-trips, aliases are stored once, selection is mixed radix.

use dxlower_carbon_effect::write::{owned_body, write, EffectFile};
use dxlower_carbon_effect::*;

fn stage(kind: StageType, program: &[u8]) -> Stage<Vec<u8>> {
    Stage {
        stage: kind,
        program: program.to_vec(),
        thread_group: [0; 3],
        pipeline_inputs: vec![PipelineInput {
            usage: 0,
            register: 0,
            usage_index: 0,
            used_mask: 7,
            ty: constant_type::FLOAT,
            dimension: 3,
        }],
        data: StageData {
            registers: vec![RegisterInput {
                register_type: register_type::CONSTANT_BUFFER,
                index: 0,
                count: 1,
                space: 0,
            }],
            constants: vec![Constant {
                name: "Color".into(),
                offset: 0,
                size: 16,
                ty: constant_type::FLOAT,
                dimension: 4,
                elements: 0,
                srgb: false,
                autoregister: false,
            }],
            defaults: vec![0; 16],
            textures: vec![Texture {
                register: 0,
                name: "DiffuseMap".into(),
                ty: 2,
                count: 1,
                srgb: true,
                autoregister: false,
            }],
            samplers: vec![Sampler::linear_wrap(0, "DiffuseSampler")],
            ..Default::default()
        },
    }
}

fn body(tag: u8) -> Body<Vec<u8>> {
    Body {
        techniques: vec![Technique {
            name: "Main".into(),
            passes: vec![Pass {
                stages: vec![
                    stage(StageType::Vertex, &[b'D', b'X', b'B', b'C', tag, 1]),
                    stage(StageType::Pixel, &[b'D', b'X', b'B', b'C', tag, 2]),
                ],
                states: vec![RenderState { state: 7, value: 1 }],
            }],
            libraries: vec![],
        }],
        parameters: vec![Parameter {
            name: "DiffuseMap".into(),
            annotations: vec![Annotation {
                name: "SasUiVisible".into(),
                ty: 0,
                value: AnnotationValue::Raw(1),
            }],
        }],
    }
}

fn axis(name: &str, n: usize) -> Axis {
    Axis {
        name: name.into(),
        default_option: 0,
        description: String::new(),
        ty: 0,
        options: (0..n).map(|i| format!("{name}_{i}")).collect(),
    }
}

#[test]
fn v15_round_trips_with_aliases() {
    let file = EffectFile::v15(
        vec![axis("A", 2), axis("B", 3)],
        vec![body(0), body(1), body(0)],
        vec![0, 1, 0, 1, 2, 2],
    );
    let bytes = write(&file);
    let e = parse(&bytes).expect("parses");
    assert_eq!(e.version, 15);
    assert_eq!(e.compiler_version, Some([1, 2, 6, 0]));
    assert_eq!(e.rows.len(), 6);
    // bodies 0 and 2 are byte-identical: stored once.
    assert_eq!(e.bodies.len(), 2);
    assert_eq!(e.row_body, vec![0, 1, 0, 1, 0, 0]);
    assert_eq!(owned_body(&e, &e.bodies[0].body), body(0));
    assert_eq!(owned_body(&e, &e.bodies[1].body), body(1));
    assert_eq!(e.select(&[("B", "B_2")]).unwrap(), 4);
    assert_eq!(e.select(&[("A", "A_1"), ("B", "B_1")]).unwrap(), 3);
    assert_eq!(e.options_of(5), vec![1, 2]);
    assert!(e.select(&[("C", "x")]).is_err());
    assert_eq!(e.programs().len(), 4);
}

#[test]
fn every_version_round_trips() {
    for version in 2..=15u32 {
        let mut b = body(7);
        if version < 13 {
            for s in &mut b.techniques[0].passes[0].stages {
                s.data.samplers[0].is_dynamic = true;
            }
        }
        if version < 4 {
            for s in &mut b.techniques[0].passes[0].stages {
                s.data.samplers[0].name = None;
                s.data.samplers[0].srgb_texture = Some(false);
            }
        }
        if version <= 10 {
            for s in &mut b.techniques[0].passes[0].stages {
                s.pipeline_inputs[0].dimension = 4;
            }
        }
        if version <= 12 {
            for s in &mut b.techniques[0].passes[0].stages {
                let st = s.stage.to_u8();
                for r in &mut s.data.registers {
                    r.space = st;
                }
            }
        }
        if version <= 8 {
            for s in &mut b.techniques[0].passes[0].stages {
                s.data.registers.clear();
            }
        }
        let (axes, rows) = if version >= 5 {
            (vec![axis("A", 2)], vec![0, 0])
        } else {
            (vec![], vec![0])
        };
        let mut file = EffectFile::v15(axes, vec![b.clone()], rows);
        file.version = version;
        let bytes = write(&file);
        let e = parse(&bytes).unwrap_or_else(|err| panic!("version {version}: {err}"));
        assert_eq!(e.version, version);
        assert_eq!(owned_body(&e, &e.bodies[0].body), b, "version {version}");
    }
}

#[test]
fn damaged_files_name_the_field() {
    let file = EffectFile::v15(vec![axis("A", 2)], vec![body(0), body(1)], vec![0, 1]);
    let bytes = write(&file);
    let e = parse(&bytes).unwrap();
    // Truncated arena.
    let cut = &bytes[..e.arena.offset + 3];
    let err = parse(cut).unwrap_err();
    assert_eq!(err.field, "arena", "{err}");
    // Every prefix fails with a named error, never a panic.
    for n in 0..bytes.len() {
        assert!(parse(&bytes[..n]).is_err(), "prefix {n}");
    }
    // Version out of range.
    let mut v = bytes.clone();
    v[0] = 16;
    assert_eq!(parse(&v).unwrap_err().kind, ErrorKind::Version(16));
}
