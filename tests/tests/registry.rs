//! The handler registry: every family registers exactly the opcodes its
//! documentation lists, no opcode has two handlers, and duplicates are
//! reported with both locations.

use dxlower_core::registry::{HandlerEntry, Lower, Registry};
use dxlower_core::{Ctx, LowerError};
use dxlower_dxbc::{Instruction, Opcode};
use std::collections::BTreeSet;

// Force-link every family.
use dxlower_lowerings as _;

#[test]
fn families_register_exactly_their_documented_opcodes() {
    let reg = Registry::global().expect("registry builds");
    assert!(!reg.families().is_empty(), "no family linked");
    for fam in reg.families() {
        let documented: BTreeSet<u16> = fam.opcodes.iter().map(|o| o.number()).collect();
        let registered: BTreeSet<u16> = reg
            .by_opcode()
            .filter(|(_, h)| h.family == fam.name)
            .map(|(o, _)| o.number())
            .collect();
        let missing: Vec<_> = documented
            .difference(&registered)
            .map(|n| Opcode::from_u16(*n).mnemonic())
            .collect();
        let extra: Vec<_> = registered
            .difference(&documented)
            .map(|n| Opcode::from_u16(*n).mnemonic())
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "family {}: documented but not registered {missing:?}; registered but not documented {extra:?}",
            fam.name
        );
        assert_eq!(
            fam.krate,
            format!("dxlower-{}", fam.name),
            "family crate name"
        );
    }
    // Every handler belongs to a family that claims its opcodes.
    for (op, h) in reg.by_opcode() {
        assert_eq!(
            reg.family_of(op),
            Some(h.family),
            "`{op}` is lowered by family {} at {} but claimed by {:?}",
            h.family,
            h.location(),
            reg.family_of(op)
        );
        assert!(h.file.ends_with(".rs") && h.line > 0);
        assert!(!h.spec.is_empty(), "`{op}` handler cites no spec");
    }
}

#[test]
fn declarations_use_decl_handlers_and_instructions_inst_handlers() {
    let reg = Registry::global().expect("registry builds");
    for (op, h) in reg.by_opcode() {
        match h.lower {
            Lower::Decl(_) => assert!(op.is_declaration(), "`{op}` is not a declaration"),
            Lower::Inst(_) => assert!(!op.is_declaration(), "`{op}` is a declaration"),
        }
    }
}

fn nothing<'a>(_: &'a Instruction, _: &mut Ctx<'a>) -> Result<(), LowerError> {
    Ok(())
}

static A: HandlerEntry = HandlerEntry {
    opcodes: &[Opcode::Mov],
    family: "test",
    krate: "dxlower-test",
    file: "lowerings/a/src/mov.rs",
    line: 10,
    spec: "test",
    lower: Lower::Inst(nothing),
};
static B: HandlerEntry = HandlerEntry {
    opcodes: &[Opcode::Mov, Opcode::Add],
    family: "test",
    krate: "dxlower-test",
    file: "lowerings/b/src/mov.rs",
    line: 20,
    spec: "test",
    lower: Lower::Inst(nothing),
};

#[test]
fn duplicate_handlers_are_an_error_naming_both_files() {
    let err = Registry::build(vec![&A, &B], vec![])
        .err()
        .expect("duplicate detected");
    let msg = err.to_string();
    assert!(msg.contains("`mov`"), "{msg}");
    assert!(msg.contains("lowerings/a/src/mov.rs:10"), "{msg}");
    assert!(msg.contains("lowerings/b/src/mov.rs:20"), "{msg}");
    // Without the duplicate the same entries build.
    let ok = Registry::build(vec![&B], vec![]).expect("no conflict");
    assert!(ok.get(Opcode::Add).is_some());
    assert!(ok.get(Opcode::Mul).is_none());
}
