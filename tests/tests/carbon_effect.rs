//! The Carbon effect reader on containers the test helpers build from
//! corpus blobs and listings: a v15 effect with three axes and aliased
//! rows, the skinned VS + 14-texture PS effect, damaged containers (each a
//! named error), and a deterministic mutation run (no panics).

use dxlower_carbon_effect::{parse, ErrorKind, StageType};
use dxlower_lowerings as _;
use dxlower_tests::effects;

use effects::listing;

#[test]
fn listings_assemble_and_reflect() {
    let vs = effects::from_listing(&listing("skinned_bitangent.vs.asm"));
    assert_eq!(vs.stage, StageType::Vertex);
    assert_eq!(vs.pipeline_inputs.len(), 4);
    assert_eq!(
        vs.pipeline_inputs[1].usage, 4,
        "BINORMAL is usage BITANGENT"
    );
    assert_eq!(vs.pipeline_inputs[3].ty, 2, "BLENDINDICES is uint");
    assert_eq!(vs.data.textures[0].name, "BoneTransforms");
    assert_eq!(vs.data.textures[0].ty, 7);
    let ps = effects::from_listing(&listing("fourteen_textures.ps.asm"));
    assert_eq!(ps.data.textures.len(), 14);
    assert_eq!(ps.data.samplers.len(), 1);
    let shader = dxlower_dxbc::parse(&ps.program).expect("a valid, checksummed blob");
    assert!(shader.rdef.is_none(), "stripped");
}

fn three_axis() -> Vec<u8> {
    let p = dxlower_targets::load("ccpwgl").unwrap();
    effects::three_axis_effect(&effects::corpus_passes(&p, 4))
}

#[test]
fn three_axis_effect_reads_back() {
    let bytes = three_axis();
    let e = parse(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(e.version, 15);
    assert_eq!(e.axes.len(), 3);
    assert_eq!(e.permutation_count(), 12);
    assert_eq!(e.rows.len(), 12);
    assert_eq!(e.bodies.len(), 4, "12 rows over 4 distinct bodies");
    let aliased: usize = e.bodies.iter().map(|b| b.rows.len() - 1).sum();
    assert_eq!(aliased, 8);
    // Mixed radix, axis 0 fastest: FOG_1 QUALITY_0 CLIP_1 = 1 + 0·2 + 1·6.
    let row = e
        .select(&[
            ("FOG", "FOG_1"),
            ("QUALITY", "QUALITY_0"),
            ("CLIP", "CLIP_1"),
        ])
        .unwrap();
    assert_eq!(row, 7);
    assert_eq!(e.options_of(7), vec![1, 0, 1]);
    // Unset axes take their default (QUALITY defaults to option 1).
    assert_eq!(e.select(&[]).unwrap(), 2);
    // Bodies tile the bytes after the header.
    let mut at = e.bodies_start;
    for b in &e.bodies {
        assert_eq!(u64::from(b.offset), at);
        at += u64::from(b.size);
    }
    assert_eq!(at, bytes.len() as u64);
    // Every program is a DXBC blob without RDEF.
    let programs = e.programs();
    assert!(programs.len() >= 4);
    for p in &programs {
        let s = dxlower_dxbc::parse(e.bytes(&p.blob)).expect("DXBC");
        assert!(s.rdef.is_none());
    }
}

#[test]
fn skinned_effect_reads_back() {
    let bytes = effects::skinned_effect();
    let e = parse(&bytes).unwrap();
    assert_eq!(e.bodies.len(), 1);
    assert_eq!(e.row_body, vec![0, 0]);
    let b = &e.bodies[0].body;
    assert_eq!(b.techniques.len(), 2);
    assert_eq!(b.techniques[1].name, "Depth");
    let ps = &b.techniques[0].passes[0].stages[1];
    assert_eq!(ps.data.textures.len(), 14);
    assert_eq!(ps.data.constants.len(), 2);
    assert_eq!(e.bytes(&ps.data.defaults).len(), 32);
    assert_eq!(e.programs().len(), 2, "the Depth pass reuses both programs");
}

/// Little-endian u32 at `at`.
fn put(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn damaged_containers_end_in_named_errors() {
    let good = effects::skinned_effect();
    let e = parse(&good).unwrap();
    let arena_at = e.arena.offset;
    let table_at = e.bodies_start as usize - 12 * e.rows.len();
    let body_at = e.bodies[0].offset as usize;
    let mut cases: Vec<(&str, Vec<u8>, &str)> = Vec::new();
    // A truncated arena.
    cases.push(("truncated arena", good[..arena_at + 10].to_vec(), "arena"));
    // An arena size past the end of the file.
    let mut v = good.clone();
    put(&mut v, arena_at - 4, good.len() as u32);
    cases.push(("arena size", v, "arena"));
    // Wrong counts: a row count the axes do not give.
    let mut v = good.clone();
    put(&mut v, table_at - 4, 1);
    cases.push(("row count", v, "row count"));
    // A stage count over the runtime's cap (technique count 2, ref, pass
    // count 1, then the stage count).
    let mut v = good.clone();
    v[body_at + 1 + 4 + 1] = 7;
    cases.push(("stage count", v, "stage count"));
    // A constant count whose records cannot fit.
    let stage_at = body_at + 1 + 4 + 1 + 1;
    let mut v = good.clone();
    // stage: type 1, program 8, thread group 12, pipeline inputs 1 + 4·6,
    // register inputs 1 + 4·10, static samplers 1: then the constant count.
    let n_regs = e.bodies[0].body.techniques[0].passes[0].stages[0]
        .data
        .registers
        .len();
    let constants_at = stage_at + 1 + 8 + 12 + 1 + 4 * 6 + 1 + n_regs * 10 + 1;
    put(&mut v, constants_at, 0x0fff_ffff);
    cases.push(("constant count", v, "constant count"));
    // A bad string reference (the technique name).
    let mut v = good.clone();
    put(&mut v, body_at + 1, 0x00ff_ffff);
    cases.push(("bad ref", v, "technique 0 name"));
    // A bad program blob reference.
    let mut v = good.clone();
    put(&mut v, stage_at + 1 + 4, (e.arena.bytes.len() - 2) as u32);
    cases.push(("bad blob", v, "program"));
    // A row table that does not tile: the body starts one byte late.
    let mut v = good.clone();
    put(&mut v, table_at + 4, body_at as u32 + 1);
    cases.push(("tiling", v, "row 0 offset"));
    // A row whose index is not its position.
    let mut v = good.clone();
    put(&mut v, table_at + 12, 0);
    cases.push(("row index", v, "row 1 index"));
    // A truncated body (the file ends inside it).
    cases.push((
        "truncated body",
        good[..good.len() - 3].to_vec(),
        "row 0 size",
    ));
    // A body with bytes nothing reads (its row claims 3 more bytes).
    let mut v = good.clone();
    v.extend_from_slice(&[0, 0, 0]);
    let size = e.bodies[0].size + 3;
    put(&mut v, table_at + 8, size);
    put(&mut v, table_at + 20, size);
    cases.push(("trailing body bytes", v, "end"));
    // A version the runtime refuses.
    let mut v = good.clone();
    put(&mut v, 0, 1);
    cases.push(("version", v, "version"));
    for (what, bytes, field) in cases {
        let err = parse(&bytes)
            .err()
            .unwrap_or_else(|| panic!("{what}: parsed"));
        assert!(
            err.field.ends_with(field),
            "{what}: error names `{}`, expected `{field}`: {err}",
            err.field
        );
        assert!(err.to_string().contains(" at byte "), "{what}: {err}");
    }
    // The stage count error carries the cap.
    let mut v = good.clone();
    v[body_at + 1 + 4 + 1] = 7;
    assert_eq!(
        parse(&v).unwrap_err().kind,
        ErrorKind::Limit { value: 7, limit: 6 }
    );
}

/// A deterministic mutation run: byte flips, overwrites with boundary
/// values, truncations and insertions of the two test effects. The reader
/// must answer every one with a value or a named error, never a panic;
/// an accepted mutant's programs and bodies must be walkable.
#[test]
fn mutations_never_panic() {
    let seeds = [effects::skinned_effect(), three_axis()];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut accepted = 0;
    let mut rejected = 0;
    for i in 0..3000 {
        let mut v = seeds[i % 2].clone();
        let n = 1 + (next() % 4) as usize;
        for _ in 0..n {
            let at = (next() % v.len() as u64) as usize;
            match next() % 5 {
                0 => v[at] ^= 1 << (next() % 8),
                1 => v[at] = [0, 0xff, 0x7f, 0x80, 64, 65][(next() % 6) as usize],
                2 => {
                    let w = [0u32, u32::MAX, 0x8000_0000, v.len() as u32][(next() % 4) as usize];
                    let at = at.min(v.len().saturating_sub(4));
                    v[at..at + 4].copy_from_slice(&w.to_le_bytes());
                }
                3 => v.truncate(at),
                _ => v.insert(at, (next() & 0xff) as u8),
            }
            if v.is_empty() {
                break;
            }
        }
        match parse(&v) {
            Ok(e) => {
                accepted += 1;
                for p in e.programs() {
                    let _ = e.bytes(&p.blob);
                }
                let _ = e.select(&[]);
            }
            Err(err) => {
                rejected += 1;
                assert!(!err.field.is_empty());
            }
        }
    }
    assert!(rejected > 1000, "{accepted} accepted, {rejected} rejected");
}

/// Real effect files, when a local directory of them is given
/// (`DXLOWER_CARBON_EFFECT_DIR`; they are game files and never
/// committed): every `.sm_hi`/`.sm_lo`/`.sm_depth` below it parses, rows
/// tiling and bodies read to their last byte; those whose programs are
/// DXBC also package under `ccpwgl` without a Carbon/DXBC disagreement.
/// Without the variable the test checks nothing and says so.
#[test]
fn real_effect_files_when_given() {
    let Some(dir) = std::env::var_os("DXLOWER_CARBON_EFFECT_DIR") else {
        println!("DXLOWER_CARBON_EFFECT_DIR not set: no real effect files checked");
        return;
    };
    fn walk(d: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| ["sm_hi", "sm_lo", "sm_depth"].contains(&x))
            {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(std::path::Path::new(&dir), &mut files);
    let profile = dxlower_targets::load("ccpwgl").unwrap();
    let mut versions = std::collections::BTreeMap::<u32, usize>::new();
    let mut packaged = 0;
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let e = parse(&bytes).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        *versions.entry(e.version).or_default() += 1;
        let dxbc = e
            .programs()
            .iter()
            .all(|p| e.bytes(&p.blob).starts_with(b"DXBC"));
        if dxbc && !e.bodies.is_empty() {
            let opts = dxlower_cewg::Options {
                profile: profile.clone(),
                source_path: f.display().to_string(),
                generated_at: String::new(),
                rows: None,
                translator: "dxlower (tests)".into(),
            };
            dxlower_cewg::build(&e, &opts, &mut |_, _| {})
                .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            packaged += 1;
        }
    }
    println!(
        "{} effect files read (by version: {versions:?}), {packaged} packaged",
        files.len()
    );
}
