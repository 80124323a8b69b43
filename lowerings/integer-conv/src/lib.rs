//! # dxlower-integer-conv
//!
//! The integer-conv family: integer arithmetic, shifts, bit-field and bit
//! counting operations, and conversions between float, integer and half
//! (rules: `lowerings/integer-conv/docs/integer-conv.md`; conventions:
//! `docs/conventions.md`).
//!
//! Every handler reads operands through the register model as `int`,
//! `uint` or `float` and writes results by type; it never spells a bitcast.
//! D3D11 semantics are the contract: shift counts and bit-field
//! widths/offsets use their low 5 bits, `udiv` by zero gives `0xFFFFFFFF`,
//! `ftoi`/`ftou` saturate (profile switch `ftoi_ftou`), `f32tof16`
//! saturates finite overflow (switch `f32tof16`), and `firstbit_hi`/`shi`
//! count from the most significant bit.
//!
//! GLSL ES 3.00 has none of the ES 3.10 bit built-ins (`bitfieldExtract`,
//! `bitfieldInsert`, `bitCount`, `findMSB`, `findLSB`, `bitfieldReverse`,
//! `imulExtended`, `uaddCarry`, ...), so the family writes scalar helper
//! functions (`dx11_*`), each emitted once per stage and only when used,
//! and calls them once per lane inside one vector constructor. One
//! assignment per destination reads every source before writing, so a
//! destination may alias its sources (`docs/conventions.md#reading-before-writing`); the
//! two-destination opcodes (`udiv`, `imul`/`umul`, `uaddc`/`usubb`) order
//! their writes, or go through locals, for the same reason.
//!
//! One file per opcode group: `arith` (`iadd`, `imad`, `umad`, `ineg`,
//! `imax`, `imin`, `umax`, `umin`), `shift` (`ishl`, `ishr`, `ushr`),
//! `mul` (`imul`, `umul`), `udiv`, `carry` (`uaddc`, `usubb`),
//! `convert` (`itof`, `utof`, `ftoi`, `ftou`), `half` (`f16tof32`,
//! `f32tof16`), `bitfield` (`ubfe`, `ibfe`, `bfi`), `bits`
//! (`countbits`, `firstbit_hi`, `firstbit_lo`, `firstbit_shi`, `bfrev`),
//! `msad`.

/// The family this crate implements: its name in the opcode table's
/// family column and in its handlers' registrations.
pub const FAMILY: &str = "integer-conv";

pub mod switches;
pub use switches::IntegerConvSwitches;
mod arith;
mod bitfield;
mod bits;
mod carry;
mod common;
mod convert;
mod half;
mod msad;
mod mul;
mod shift;
mod udiv;
