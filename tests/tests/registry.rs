//! The handler registry against the opcode table: every opcode of the
//! table is handled by exactly one registered handler of its family, or is
//! decoded-only (with the stages that explain why) or reserved; and the
//! registry rejects, naming the handler's file and line, a handler outside
//! its table family, a handler for a decoded-only or reserved opcode, and
//! two handlers for one opcode.

use dxlower_core::registry::{HandlerEntry, Lower, Registry};
use dxlower_core::{Ctx, LowerError};
use dxlower_dxbc::{Coverage, Instruction, Opcode, ProgramType};

// Force-link every family.
use dxlower_lowerings as _;

#[test]
fn every_opcode_is_handled_by_its_family_or_decoded_only_or_reserved() {
    let reg = Registry::global().expect("registry builds");
    let mut handled = 0;
    for &op in Opcode::ALL {
        let cov = op
            .coverage()
            .unwrap_or_else(|| panic!("`{op}` has no coverage"));
        // Handlers that list the opcode (the registry keeps one per opcode;
        // count the registrations themselves).
        let registrations: Vec<&&HandlerEntry> = reg
            .handlers()
            .iter()
            .filter(|h| h.opcodes.contains(&op))
            .collect();
        match cov {
            Coverage::Handled { family } => {
                handled += 1;
                assert_eq!(
                    registrations.len(),
                    1,
                    "`{op}` (family {family}) must have exactly one handler"
                );
                let h = reg.get(op).expect("handled opcode has a handler");
                assert_eq!(h.family, family, "`{op}` at {}", h.location());
                assert_eq!(
                    h.krate,
                    format!("dxlower-{family}"),
                    "`{op}` handler at {} is outside its family crate",
                    h.location()
                );
                assert!(h.file.ends_with(".rs") && h.line > 0, "{}", h.location());
                assert!(!h.spec.is_empty(), "`{op}` handler cites no spec");
                assert_eq!(reg.family_of(op), Some(family));
            }
            Coverage::DecodedOnly { stages } => {
                assert!(registrations.is_empty(), "`{op}` is decoded-only");
                assert!(!stages.is_empty(), "`{op}`: decoded-only names no stage");
                assert!(
                    stages
                        .iter()
                        .all(|s| !matches!(s, ProgramType::Vertex | ProgramType::Pixel)),
                    "`{op}` is decoded-only but legal in a VS or PS"
                );
                assert_eq!(reg.family_of(op), None);
            }
            Coverage::Reserved => {
                assert!(registrations.is_empty(), "`{op}` is reserved");
                assert!(op.mnemonic().starts_with("reserved_"), "{op}");
                assert_eq!(reg.family_of(op), None);
            }
        }
    }
    assert_eq!(reg.unhandled().count(), 0);
    assert_eq!(
        reg.by_opcode().count(),
        handled,
        "the registry's handled opcodes are the table's handled rows"
    );
}

#[test]
fn families_are_the_table_family_column() {
    let reg = Registry::global().expect("registry builds");
    let names: Vec<&str> = reg.families().iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "cmp-controlflow",
            "decl-io",
            "float-alu",
            "integer-conv",
            "memory-structured",
            "texture-sample"
        ]
    );
    for fam in reg.families() {
        assert!(!fam.opcodes.is_empty(), "{}", fam.name);
        for &op in fam.opcodes {
            assert_eq!(op.family(), Some(fam.name));
        }
    }
    let total: usize = reg.families().iter().map(|f| f.opcodes.len()).sum();
    assert_eq!(total, reg.by_opcode().count());
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

/// A handler entry for the conflict tests.
const fn entry(
    opcodes: &'static [Opcode],
    family: &'static str,
    file: &'static str,
    line: u32,
) -> HandlerEntry {
    HandlerEntry {
        opcodes,
        family,
        krate: "dxlower-test",
        file,
        line,
        spec: "test",
        lower: Lower::Inst(nothing),
    }
}

static MOV: HandlerEntry = entry(&[Opcode::Mov], "float-alu", "lowerings/a/src/mov.rs", 10);
static MOV_ADD: HandlerEntry = entry(
    &[Opcode::Mov, Opcode::Add],
    "float-alu",
    "lowerings/b/src/mov.rs",
    20,
);
static WRONG_FAMILY: HandlerEntry =
    entry(&[Opcode::Iadd], "float-alu", "lowerings/c/src/iadd.rs", 30);
static DECODED_ONLY: HandlerEntry = entry(
    &[Opcode::Emit],
    "cmp-controlflow",
    "lowerings/d/src/emit.rs",
    40,
);
static RESERVED: HandlerEntry = entry(
    &[Opcode::Reserved11],
    "cmp-controlflow",
    "lowerings/e/src/reserved.rs",
    50,
);

fn conflict(handlers: Vec<&'static HandlerEntry>) -> String {
    Registry::build(handlers)
        .err()
        .expect("conflict detected")
        .to_string()
}

#[test]
fn duplicate_handlers_are_an_error_naming_both_files() {
    let msg = conflict(vec![&MOV, &MOV_ADD]);
    assert!(msg.contains("`mov`"), "{msg}");
    assert!(msg.contains("lowerings/a/src/mov.rs:10"), "{msg}");
    assert!(msg.contains("lowerings/b/src/mov.rs:20"), "{msg}");
    // Without the duplicate the same entries build.
    let ok = Registry::build(vec![&MOV_ADD]).expect("no conflict");
    assert!(ok.get(Opcode::Add).is_some());
    assert!(ok.get(Opcode::Mul).is_none());
    assert_eq!(ok.family_of(Opcode::Mul), Some("float-alu"));
    assert!(ok.unhandled().any(|op| op == Opcode::Mul));
}

#[test]
fn a_handler_outside_the_table_family_is_an_error_naming_it() {
    let msg = conflict(vec![&MOV, &WRONG_FAMILY]);
    assert_eq!(
        msg,
        "registry conflict: handler at lowerings/c/src/iadd.rs:30 registers `iadd` for \
         family float-alu, but the opcode table gives `iadd` to family integer-conv"
    );
}

#[test]
fn a_handler_for_a_decoded_only_or_reserved_opcode_is_an_error_naming_it() {
    let msg = conflict(vec![&DECODED_ONLY, &RESERVED]);
    assert_eq!(
        msg,
        "registry conflict: handler at lowerings/d/src/emit.rs:40 registers `emit`, which \
         the opcode table marks decoded-only: gs only; handler at \
         lowerings/e/src/reserved.rs:50 registers `reserved_11`, which the opcode table \
         marks reserved"
    );
}
