//! The register model: how DXBC registers map to GLSL storage, and how an
//! operand is printed when read as a given type or written from one.
//!
//! The `FloatVec4` model (`docs/conventions.md#register-models`): every temp `rN` is
//! a `vec4` of floats; constant buffers are `vec4` arrays; inputs and outputs
//! are named variables of their signature type (`vecK`, `ivecK`, `uvecK`),
//! possibly several per register (packed semantics). A read of an operand as
//! type `T` converts from the storage type with the bit-preserving builtins
//! (`floatBitsToInt`, `intBitsToFloat`, `uint(i)`, ...); a write converts the
//! value back. Handlers never spell a bitcast: they ask for a type.

use std::fmt::{self, Write};

/// A GLSL scalar base type (JSON: `"float"`, `"int"`, `"uint"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ty {
    /// `float`.
    Float,
    /// `int`.
    Int,
    /// `uint`.
    Uint,
}

impl Ty {
    /// The scalar type's name (`float`, `int`, `uint`).
    pub fn name(self) -> &'static str {
        match self {
            Ty::Float => "float",
            Ty::Int => "int",
            Ty::Uint => "uint",
        }
    }

    /// The GLSL type of `n` lanes (`float`, `vec2`, `ivec3`, `uvec4`, ...).
    pub fn glsl(self, n: u8) -> &'static str {
        const F: [&str; 4] = ["float", "vec2", "vec3", "vec4"];
        const I: [&str; 4] = ["int", "ivec2", "ivec3", "ivec4"];
        const U: [&str; 4] = ["uint", "uvec2", "uvec3", "uvec4"];
        let i = (n.clamp(1, 4) - 1) as usize;
        match self {
            Ty::Float => F[i],
            Ty::Int => I[i],
            Ty::Uint => U[i],
        }
    }
}

/// Writes `from`-typed `expr` converted bit-exactly to `to`, for `n` lanes.
pub fn write_bitcast(
    w: &mut dyn Write,
    from: Ty,
    to: Ty,
    n: u8,
    expr: &dyn fmt::Display,
) -> fmt::Result {
    match (from, to) {
        (a, b) if a == b => write!(w, "{expr}"),
        (Ty::Float, Ty::Int) => write!(w, "floatBitsToInt({expr})"),
        (Ty::Float, Ty::Uint) => write!(w, "floatBitsToUint({expr})"),
        (Ty::Int, Ty::Float) => write!(w, "intBitsToFloat({expr})"),
        (Ty::Uint, Ty::Float) => write!(w, "uintBitsToFloat({expr})"),
        (_, to) => write!(w, "{}({expr})", to.glsl(n)),
    }
}

/// One GLSL variable that stores (part of) a DXBC register.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    /// The GLSL expression naming it (`vs_TEXCOORD0`, `gl_Position`,
    /// `hlslcc_FragCoord`, `(gl_FrontFacing ? 0xffffffffu : uint(0))`).
    pub name: String,
    /// Its base type.
    pub ty: Ty,
    /// Its width in lanes (1..=4).
    pub width: u8,
    /// True when it is a scalar that takes no swizzle (`gl_FragDepth`,
    /// `gl_VertexID`).
    pub scalar: bool,
    /// True when it can be assigned to.
    pub writable: bool,
}

/// One register lane's storage: a variable and a component of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lane {
    /// Index into the variable table.
    pub var: u32,
    /// Component of the variable (0 for scalars).
    pub comp: u8,
}

/// The registers of an input or output file dxlower maps: `v0`–`v4095`,
/// `o0`–`o4095` (the D3D limit).
pub const MAX_REGISTERS: u32 = 4096;

/// Lane maps of one register file (inputs or outputs), indexed by register.
#[derive(Clone, Debug, Default)]
pub struct RegFile {
    regs: Vec<[Option<Lane>; 4]>,
}

impl RegFile {
    /// Maps lane `c` of register `reg` to `lane`. Fails on a register number
    /// beyond the D3D limit (4096) to keep the table bounded.
    pub fn set(&mut self, reg: u32, c: u8, lane: Lane) -> Result<(), String> {
        if reg >= MAX_REGISTERS || c >= 4 {
            return Err(format!("register {reg} component {c} out of range"));
        }
        let r = reg as usize;
        if self.regs.len() <= r {
            self.regs.resize(r + 1, [None; 4]);
        }
        self.regs[r][c as usize] = Some(lane);
        Ok(())
    }
    /// The storage of lane `c` of register `reg`.
    pub fn get(&self, reg: u32, c: u8) -> Option<Lane> {
        self.regs
            .get(reg as usize)
            .and_then(|l| l.get(c as usize).copied().flatten())
    }
    /// True when any lane of `reg` is mapped.
    pub fn has(&self, reg: u32) -> bool {
        self.regs
            .get(reg as usize)
            .is_some_and(|l| l.iter().any(|x| x.is_some()))
    }
    /// Number of register slots in the table.
    pub fn len(&self) -> usize {
        self.regs.len()
    }
    /// True when nothing is mapped.
    pub fn is_empty(&self) -> bool {
        self.regs.is_empty()
    }
}

/// Lane letters.
pub const XYZW: [char; 4] = ['x', 'y', 'z', 'w'];

/// Writes `.xyz`-style swizzle letters for `lanes`.
pub fn write_swizzle(w: &mut dyn Write, lanes: &[u8]) -> fmt::Result {
    // One write of up to four letters (the common case) instead of one per
    // letter.
    let mut buf = [b'.'; 5];
    if let Some(letters) = buf.get_mut(1..=lanes.len()) {
        for (b, &l) in letters.iter_mut().zip(lanes) {
            *b = b"xyzw"[(l & 3) as usize];
        }
        if let Ok(s) = std::str::from_utf8(&buf[..=lanes.len()]) {
            return w.write_str(s);
        }
    }
    w.write_char('.')?;
    for &l in lanes {
        w.write_char(XYZW[(l & 3) as usize])?;
    }
    Ok(())
}

/// Writes a float immediate given by its bits.
///
/// Decimal only when the shortest round-trip decimal denotes the value
/// exactly (so no compiler can round it differently, e.g. `1.0`, `0.5`,
/// `-2.25`) or, when `exact` is false, when it is a normal float or +0;
/// everything else — denormals, NaN, ±Inf, -0.0, and under `exact` any value
/// whose decimal is not exact — as `uintBitsToFloat(0x…u)`. fxc moves integer
/// data with `mov`, and a decimal denormal is flushed to zero by some GLSL
/// lexers (`docs/conventions.md#immediates`), hence `exact` for type-less movers.
pub fn write_float_bits(w: &mut dyn Write, bits: u32, exact: bool) -> fmt::Result {
    let f = f32::from_bits(bits);
    let bit_form = if bits == 0 {
        false
    } else if !f.is_normal() || bits == 0x8000_0000 {
        true
    } else {
        // The shortest round-trip decimal, on the stack (it never exceeds
        // a few dozen bytes; a String if it ever did).
        let mut stack = StackStr::default();
        let heap;
        let buf: &str = if write!(stack, "{f:?}").is_ok() {
            stack.as_str()
        } else {
            heap = format!("{f:?}");
            &heap
        };
        let exact_decimal = buf.parse::<f64>().ok() == Some(f as f64);
        if exact && !exact_decimal {
            true
        } else {
            w.write_str(buf)?;
            if !buf.contains(['.', 'e', 'E']) {
                w.write_str(".0")?;
            }
            return Ok(());
        }
    };
    if bit_form {
        write!(w, "uintBitsToFloat({bits:#010x}u)")
    } else {
        w.write_str("0.0")
    }
}

/// A small text buffer on the stack; a write that does not fit fails.
struct StackStr {
    buf: [u8; 48],
    len: usize,
}

impl Default for StackStr {
    fn default() -> Self {
        StackStr {
            buf: [0; 48],
            len: 0,
        }
    }
}

impl StackStr {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.len]).unwrap_or("")
    }
}

impl Write for StackStr {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Writes an int immediate: decimal for 0..=0x3FFFFFFE, else
/// `int(0x…u)` (negative and huge values keep their exact bits).
pub fn write_int_bits(w: &mut dyn Write, bits: u32) -> fmt::Result {
    if bits <= 0x3FFF_FFFE {
        write!(w, "{bits}")
    } else {
        write!(w, "int({bits:#010x}u)")
    }
}

/// Writes a uint immediate (`5u`).
pub fn write_uint_bits(w: &mut dyn Write, bits: u32) -> fmt::Result {
    write!(w, "{bits}u")
}

/// Writes an immediate of type `ty`.
pub fn write_imm(w: &mut dyn Write, ty: Ty, bits: u32, exact: bool) -> fmt::Result {
    match ty {
        Ty::Float => write_float_bits(w, bits, exact),
        Ty::Int => write_int_bits(w, bits),
        Ty::Uint => write_uint_bits(w, bits),
    }
}

/// One `dcl_indexrange`: registers `first .. first + count` of the input
/// or output file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexRange {
    /// `OperandType::Input` or `OperandType::Output`.
    pub file: dxlower_dxbc::OperandType,
    /// The first register.
    pub first: u32,
    /// How many registers.
    pub count: u32,
    /// The declared component mask.
    pub mask: u8,
    /// True when some instruction indexes the range relatively: only then
    /// does it get its array (`crate::ranges`).
    pub indexed: bool,
}

impl IndexRange {
    /// The order of the register files in the sorted list of ranges.
    pub fn file_rank(file: dxlower_dxbc::OperandType) -> u8 {
        u8::from(file == dxlower_dxbc::OperandType::Output)
    }

    /// The range's place in the sorted list: (file, first register).
    pub fn key(&self) -> (u8, u64) {
        (Self::file_rank(self.file), u64::from(self.first))
    }

    /// True when register `reg` lies in the range.
    pub fn contains(&self, reg: u64) -> bool {
        reg >= u64::from(self.first) && reg - u64::from(self.first) < u64::from(self.count)
    }

    /// The array's name, `dxlower_v<first>` or `dxlower_o<first>`.
    pub fn name(&self) -> ArrayName {
        ArrayName(self.file == dxlower_dxbc::OperandType::Output, self.first)
    }
}

/// The name of a range's array (`dxlower_v1`), printed with `{}`.
#[derive(Clone, Copy, Debug)]
pub struct ArrayName(bool, u32);

impl fmt::Display for ArrayName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "dxlower_{}{}", if self.0 { 'o' } else { 'v' }, self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(bits: u32, exact: bool) -> String {
        let mut s = String::new();
        write_float_bits(&mut s, bits, exact).unwrap();
        s
    }

    #[test]
    fn float_literals() {
        assert_eq!(f(0x3f80_0000, true), "1.0");
        assert_eq!(f(0x3f00_0000, true), "0.5");
        assert_eq!(f(0xc010_0000, true), "-2.25");
        assert_eq!(f(0, true), "0.0");
        // -0.0, denormal 1, NaN, +Inf keep their bits.
        assert_eq!(f(0x8000_0000, false), "uintBitsToFloat(0x80000000u)");
        assert_eq!(f(1, false), "uintBitsToFloat(0x00000001u)");
        assert_eq!(f(0x7fc0_0000, false), "uintBitsToFloat(0x7fc00000u)");
        assert_eq!(f(0x7f80_0000, false), "uintBitsToFloat(0x7f800000u)");
        // 0.1 is not exact in binary: decimal for arithmetic, bits for movers.
        assert_eq!(f(0x3dcc_cccd, false), "0.1");
        assert_eq!(f(0x3dcc_cccd, true), "uintBitsToFloat(0x3dcccccdu)");
        // Large and small normals print in a GLSL-legal form.
        let big = f(0x7149_f2ca, false);
        assert!(big.contains('e') || big.contains('.'), "{big}");
    }

    #[test]
    fn int_literals() {
        let mut s = String::new();
        write_int_bits(&mut s, 5).unwrap();
        write_int_bits(&mut s, 0xFFFF_FFFF).unwrap();
        write_uint_bits(&mut s, 7).unwrap();
        assert_eq!(s, "5int(0xffffffffu)7u");
    }
}
