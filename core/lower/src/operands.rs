//! Operands through the register model: typed reads ([`Src`]) and
//! assignments ([`Dst`], [`Ctx::assign`]).
//!
//! A handler never spells a bitcast: it reads an operand *as* float, int or
//! uint and assigns an expression *of* a type; the register model decides
//! the text (`floatBitsToInt(r0.x)`, a broadcast constructor, a companion
//! `uvec4`, a split write across output variables, the `_sat` clamp).
//!
//! ## Indices past the end of an array
//!
//! A constant index at or past the length of the array it indexes (damaged
//! or hostile bytecode: `cb0[200]` on a 4-`vec4` buffer, `x1[536870914]`)
//! would be a GLSL compile error ("array index out of range"). It is
//! lowered to what D3D does:
//!
//! - **Constant buffers** (`cb#[i]`): *read as 0 in every lane*. D3D11.3
//!   functional specification §7.5 "Constant Buffers": "Out of bounds
//!   access to ConstantBuffers returns 0 in all components. Out of bounds
//!   behavior is always with respect to the size of the buffer bound at
//!   that slot. If the constant buffer bound to a slot is larger than the
//!   size declared in the shader for that slot, implementations are allowed
//!   to return incorrect data (not necessarily 0) for indices that are
//!   larger than the declared size but smaller than the buffer size." An
//!   index past the declared size is thus 0 or unspecified data: 0 is
//!   correct in both cases. The length compared with is the size of the
//!   GLSL block ([`StageState::cbuffers`]: the declaration, or the larger
//!   size a link or the `cb3` splice agreed), so a constant read the block
//!   holds is never changed.
//! - **The immediate constant buffer** (`icb[i]`): *read as 0*. §7.5.1: it
//!   "behaves (gets accessed) by the shader exactly the same way as
//!   Constant Buffers", and its size is the data the shader carries.
//! - **Indexable temps** (`x#[i]`): *read as 0; a write goes nowhere*.
//!   §7.3 "Temporary Storage": "Out of bounds access to x#[?] is undefined,
//!   except that data outside the GPU process context is never visible";
//!   0 and a dropped write are one permitted behaviour, the same D3D
//!   defines for constant buffers and for out-of-bounds writes to device
//!   memory.
//!
//! A *dynamic* index (`cb0[r1.x + 3]`, `x0[r2.y]`) is printed as it is: an
//! out-of-range value at run time is undefined behaviour in GLSL ES 3.00
//! (§4.1.9 "Arrays": "Behavior is undefined if a shader subscripts an array
//! with an index less than 0 or greater than or equal to the size the array
//! was declared with"), where D3D defines 0 for constant buffers. WebGL
//! defines it ("Out-of-range array accesses", aligned in 2014 with
//! `KHR_robust_buffer_access_behavior`): no memory outside the array is
//! read or written; a read returns a value from within the array or zero.
//! So under WebGL the risk is a wrong value (an element of the block where
//! D3D gives 0), never a read of other memory; a native GLES host without
//! robust access inherits GLSL's undefined behaviour. A bounds check on
//! every dynamic index would change the GLSL of valid programs and is not
//! added.

use crate::ctx::Ctx;
use crate::error::LowerError;
use crate::regs::{self, Lane, RegFile, Ty};
use crate::state::{reg_of, StageState};
use crate::sync::View;
use dxlower_dxbc::{Components, Index, IndexRepr, Instruction, Modifier, Operand, OperandType};
use std::fmt::{self, Write};

/// A destination operand, validated.
#[derive(Clone, Copy)]
pub struct Dst<'a> {
    /// The operand.
    pub op: &'a Operand,
    /// Its write mask (x = bit 0); 0 for `null`.
    pub mask: u8,
    /// Whether the instruction saturates.
    pub saturate: bool,
}

impl Dst<'_> {
    /// Number of lanes written.
    pub fn width(&self) -> u8 {
        self.mask.count_ones() as u8
    }
    /// True for the `null` register.
    pub fn is_null(&self) -> bool {
        self.op.ty == OperandType::Null
    }
}

/// A source operand read as a typed expression: printing it with `{}`
/// writes the GLSL.
#[derive(Clone, Copy)]
pub struct Src<'a> {
    st: &'a StageState<'a>,
    op: &'a Operand,
    ty: Ty,
    lanes: [u8; 4],
    n: u8,
    exact: bool,
    modifiers: bool,
}

impl<'a> Src<'a> {
    /// Number of lanes of the expression.
    pub fn width(&self) -> u8 {
        self.n
    }
    /// The type of the expression.
    pub fn ty(&self) -> Ty {
        self.ty
    }
    /// The operand.
    pub fn operand(&self) -> &'a Operand {
        self.op
    }
    /// The same operand read through other lanes (e.g. one lane at a time).
    pub fn with_lanes(mut self, lanes: &[u8]) -> Self {
        let n = lanes.len().clamp(1, 4);
        self.lanes[..n].copy_from_slice(&lanes[..n]);
        self.n = n as u8;
        self
    }
    /// The source component read for expression lane `k`.
    pub fn lane(&self, k: usize) -> u8 {
        self.lanes[k.min(3)]
    }
    /// The same read without the operand's modifier (for handlers that
    /// apply it themselves).
    pub fn without_modifier(mut self) -> Self {
        self.modifiers = false;
        self
    }
}

fn lane_letters(lanes: &[u8]) -> impl fmt::Display + '_ {
    struct L<'x>(&'x [u8]);
    impl fmt::Display for L<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            regs::write_swizzle(f, self.0)
        }
    }
    L(lanes)
}

/// True when `idx` is a constant index at or past `len`, the length of the
/// array it indexes (module docs: such a read is 0, such a write goes
/// nowhere).
fn beyond(idx: &Index, len: Option<u32>) -> bool {
    idx.rel.is_none() && len.is_some_and(|n| idx.imm >= u64::from(n))
}

/// Writes the zero of `n` lanes of `ty` (`0.0`, `uvec2(0u)`): the value of
/// a constant-index read past the end of an array.
fn write_zero(w: &mut dyn Write, ty: Ty, n: u8) -> fmt::Result {
    if n > 1 {
        write!(w, "{}(", ty.glsl(n))?;
    }
    regs::write_imm(w, ty, 0, false)?;
    if n > 1 {
        w.write_char(')')?;
    }
    Ok(())
}

/// Writes an index expression (`3`, `floatBitsToInt(r1.x) + 3`).
fn write_index(w: &mut dyn Write, st: &StageState<'_>, idx: &Index) -> fmt::Result {
    match (&idx.rel, idx.repr) {
        (None, _) => write!(w, "{}", idx.imm as u32),
        (Some(rel), repr) => {
            write!(w, "{}", int_index(st, rel))?;
            if repr != IndexRepr::Relative && idx.imm != 0 {
                write!(w, " + {}", idx.imm as u32)?;
            }
            Ok(())
        }
    }
}

/// A relative index's register read as an `int` (`floatBitsToInt(r0.x)`),
/// printed with `{}` ([`crate::ranges`]).
pub(crate) fn int_index<'x>(st: &'x StageState<'x>, rel: &'x Operand) -> impl fmt::Display + 'x {
    Src {
        st,
        op: rel,
        ty: Ty::Int,
        lanes: [rel.swizzle()[0], 0, 0, 0],
        n: 1,
        exact: false,
        modifiers: true,
    }
}

/// Writes the element of `range` that register index `idx` names:
/// `dxlower_v1[clamp(floatBitsToInt(r0.x) + 0, 0, 5)]`, or
/// `dxlower_v1[2]` for a constant index.
pub(crate) fn write_range_element(
    w: &mut dyn Write,
    st: &StageState<'_>,
    range: &crate::regs::IndexRange,
    idx: &Index,
) -> fmt::Result {
    write!(w, "{}[", range.name())?;
    let offset = idx.imm.wrapping_sub(u64::from(range.first)) as i64;
    match &idx.rel {
        None => write!(w, "{offset}")?,
        Some(rel) => {
            let src = int_index(st, rel);
            write!(w, "clamp({src} + {offset}, 0, {})", range.count - 1)?;
        }
    }
    w.write_char(']')
}

struct IndexFmt<'x>(&'x StageState<'x>, &'x Index);
impl fmt::Display for IndexFmt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_index(f, self.0, self.1)
    }
}

impl Src<'_> {
    /// Writes the value without modifiers.
    fn write_raw(&self, w: &mut dyn Write) -> fmt::Result {
        let lanes = &self.lanes[..self.n as usize];
        let st = self.st;
        let op = self.op;
        match op.ty {
            OperandType::Temp => {
                let r = op.reg().unwrap_or(0);
                let want = lanes.iter().fold(0u8, |m, &l| m | 1 << (l & 3));
                if st.companions() && self.ty != Ty::Float {
                    if st.companion_lanes(r) & want == want {
                        // Integer reads take the companion's exact bits.
                        st.sync_log(|log| log.read(r, want, View::Uint));
                        let base = format_args!("{}{}", TempU(r), lane_letters(lanes));
                        return regs::write_bitcast(w, Ty::Uint, self.ty, self.n, &base);
                    }
                    // No companion for these lanes: the float view holds
                    // the same bits (see `companions`).
                    st.companion_miss();
                }
                st.sync_log(|log| log.read(r, want, View::Float));
                let base = format_args!("r{r}{}", lane_letters(lanes));
                regs::write_bitcast(w, Ty::Float, self.ty, self.n, &base)
            }
            OperandType::ConstantBuffer => {
                let (slot, i) = st.cb_element(op).map_err(|_| fmt::Error)?;
                if beyond(i, st.cbuffers.get(&slot).copied()) {
                    return write_zero(w, self.ty, self.n);
                }
                let i = IndexFmt(st, i);
                let slot = crate::binding::label(slot);
                let base = format_args!("cb{slot}.data[{i}]{}", lane_letters(lanes));
                regs::write_bitcast(w, Ty::Float, self.ty, self.n, &base)
            }
            OperandType::ImmediateConstantBuffer => {
                let i = op.indices.first().ok_or(fmt::Error)?;
                if beyond(i, st.icb_len) {
                    return write_zero(w, self.ty, self.n);
                }
                let i = IndexFmt(st, i);
                let base = format_args!("ImmCB_0[{i}]{}", lane_letters(lanes));
                regs::write_bitcast(w, st.icb_ty, self.ty, self.n, &base)
            }
            OperandType::IndexableTemp => {
                let r = op.reg().unwrap_or(0);
                let i = op.indices.get(1).ok_or(fmt::Error)?;
                if beyond(i, st.indexable.get(&r).map(|t| t.count)) {
                    return write_zero(w, self.ty, self.n);
                }
                let i = IndexFmt(st, i);
                let comps = st.indexable.get(&r).map(|t| t.components).unwrap_or(4);
                // Integer reads take the companion under the companion
                // register model.
                let (u, from) = if st.companions() && self.ty != Ty::Float {
                    ("_u", Ty::Uint)
                } else {
                    ("", Ty::Float)
                };
                if comps == 1 {
                    let base = format_args!("TempArray{r}{u}[{i}]");
                    if self.n > 1 {
                        let ctor = format_args!("{}({base})", from.glsl(self.n));
                        regs::write_bitcast(w, from, self.ty, self.n, &ctor)
                    } else {
                        regs::write_bitcast(w, from, self.ty, self.n, &base)
                    }
                } else {
                    let base = format_args!("TempArray{r}{u}[{i}]{}", lane_letters(lanes));
                    regs::write_bitcast(w, from, self.ty, self.n, &base)
                }
            }
            OperandType::Immediate32 => {
                let one = op.imm.len() == 1;
                if self.n > 1 {
                    write!(w, "{}(", self.ty.glsl(self.n))?;
                }
                for (k, &l) in lanes.iter().enumerate() {
                    if k > 0 {
                        w.write_str(", ")?;
                    }
                    let bits = if one {
                        op.imm.first().copied()
                    } else {
                        op.imm.get(l as usize).copied()
                    };
                    regs::write_imm(w, self.ty, bits.ok_or(fmt::Error)?, self.exact)?;
                }
                if self.n > 1 {
                    w.write_char(')')?;
                }
                Ok(())
            }
            OperandType::Input => {
                if let Some((range, idx)) = st.indexed_range(op) {
                    let mut base = String::new();
                    write_range_element(&mut base, st, range, idx)?;
                    let base = format_args!("{base}{}", lane_letters(lanes));
                    return regs::write_bitcast(w, Ty::Uint, self.ty, self.n, &base);
                }
                let r = op.reg().unwrap_or(0);
                write_mapped(w, st, &st.inputs, r, lanes, self.ty)
            }
            OperandType::Output => {
                let r = op.reg().unwrap_or(0);
                write_mapped(w, st, &st.outputs, r, lanes, self.ty)
            }
            ty => {
                // A register without an index (`vCoverage`, `vPrim`): one
                // scalar variable in every lane.
                let v = st
                    .scalar_register(ty)
                    .and_then(|v| st.vars.get(v as usize))
                    .ok_or(fmt::Error)?;
                if self.n > 1 {
                    let ctor = format_args!("{}({})", v.ty.glsl(self.n), v.name);
                    return regs::write_bitcast(w, v.ty, self.ty, self.n, &ctor);
                }
                regs::write_bitcast(w, v.ty, self.ty, self.n, &v.name)
            }
        }
    }
}

/// Writes lanes of a mapped register (inputs/outputs) as type `ty`,
/// grouping consecutive lanes of one variable.
pub(crate) fn write_mapped(
    w: &mut dyn Write,
    st: &StageState<'_>,
    file: &RegFile,
    reg: u32,
    lanes: &[u8],
    ty: Ty,
) -> fmt::Result {
    let n = lanes.len() as u8;
    // Resolve every lane.
    let mut res = [Lane { var: 0, comp: 0 }; 4];
    for (k, &l) in lanes.iter().enumerate() {
        res[k] = file.get(reg, l).ok_or(fmt::Error)?;
    }
    let res = &res[..lanes.len()];
    let same = res.iter().all(|l| l.var == res[0].var);
    if same {
        let v = st.vars.get(res[0].var as usize).ok_or(fmt::Error)?;
        if v.scalar {
            if n > 1 {
                let ctor = format_args!("{}({})", v.ty.glsl(n), v.name);
                return regs::write_bitcast(w, v.ty, ty, n, &ctor);
            }
            return regs::write_bitcast(w, v.ty, ty, n, &v.name);
        }
        let mut comps = Swizzle::default();
        res.iter().for_each(|l| comps.push(l.comp));
        let base = format_args!("{}{comps}", v.name);
        return regs::write_bitcast(w, v.ty, ty, n, &base);
    }
    // Several variables: a constructor of per-group conversions.
    write!(w, "{}(", ty.glsl(n))?;
    let mut k = 0;
    let mut first = true;
    while k < res.len() {
        let mut e = k + 1;
        while e < res.len() && res[e].var == res[k].var {
            e += 1;
        }
        let v = st.vars.get(res[k].var as usize).ok_or(fmt::Error)?;
        if !first {
            w.write_str(", ")?;
        }
        first = false;
        let gn = (e - k) as u8;
        if v.scalar {
            if gn > 1 {
                let ctor = format_args!("{}({})", v.ty.glsl(gn), v.name);
                regs::write_bitcast(w, v.ty, ty, gn, &ctor)?;
            } else {
                regs::write_bitcast(w, v.ty, ty, gn, &v.name)?;
            }
        } else {
            let mut comps = Swizzle::default();
            res[k..e].iter().for_each(|l| comps.push(l.comp));
            let base = format_args!("{}{comps}", v.name);
            regs::write_bitcast(w, v.ty, ty, gn, &base)?;
        }
        k = e;
    }
    w.write_char(')')
}

impl fmt::Display for Src<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = if self.modifiers {
            self.op.modifier
        } else {
            Modifier::None
        };
        struct Raw<'x>(&'x Src<'x>);
        impl fmt::Display for Raw<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_raw(f)
            }
        }
        let raw = Raw(self);
        match (m, self.ty) {
            (Modifier::None, _) => raw.fmt(f),
            (Modifier::Neg, Ty::Uint) => write!(f, "(0u - {raw})"),
            // A negative literal under `neg` must not print as `--x`.
            (Modifier::Neg, _) if self.op.ty == OperandType::Immediate32 => {
                write!(f, "(-({raw}))")
            }
            (Modifier::Neg, _) => write!(f, "(-{raw})"),
            (Modifier::Abs, Ty::Uint) => {
                write!(
                    f,
                    "{}(abs({}({raw})))",
                    Ty::Uint.glsl(self.n),
                    Ty::Int.glsl(self.n)
                )
            }
            (Modifier::Abs, _) => write!(f, "abs({raw})"),
            (Modifier::AbsNeg, Ty::Uint) => write!(
                f,
                "(0u - {}(abs({}({raw}))))",
                Ty::Uint.glsl(self.n),
                Ty::Int.glsl(self.n)
            ),
            (Modifier::AbsNeg, _) => write!(f, "(-abs({raw}))"),
        }
    }
}

impl<'a> Ctx<'a> {
    /// Operand `i` of `inst`, or an error naming the index.
    pub fn operand(&self, inst: &'a Instruction, i: usize) -> Result<&'a Operand, LowerError> {
        inst.operands.get(i).ok_or_else(|| {
            LowerError::invalid(format!(
                "`{}` has {} operands, operand {i} expected",
                inst.opcode,
                inst.operands.len()
            ))
        })
    }

    /// Destination operand `i` of an instruction whose result is integer
    /// bits or a mask: `_sat` is defined only on float results (the D3D
    /// validator rejects it elsewhere), so it is reported as malformed.
    pub fn int_dst(&self, inst: &'a Instruction, i: usize) -> Result<Dst<'a>, LowerError> {
        let d = self.dst(inst, i)?;
        if d.saturate && !d.is_null() {
            return Err(LowerError::invalid(format!(
                "`{}_sat`: saturate is only defined on float results",
                inst.opcode
            )));
        }
        Ok(d)
    }

    /// Destination operand `i`.
    pub fn dst(&self, inst: &'a Instruction, i: usize) -> Result<Dst<'a>, LowerError> {
        let op = self.operand(inst, i)?;
        let mask = match (op.ty, op.components) {
            (OperandType::Null, _) => 0,
            (_, Components::Mask(m)) => m,
            (_, Components::One) => 1,
            (_, Components::Zero) => 0xF,
            _ => {
                return Err(LowerError::invalid(format!(
                    "destination operand {i} has no write mask"
                )))
            }
        };
        match op.ty {
            OperandType::Temp
            | OperandType::Output
            | OperandType::IndexableTemp
            | OperandType::Null
            | OperandType::OutputDepth
            | OperandType::OutputDepthGreaterEqual
            | OperandType::OutputDepthLessEqual
            | OperandType::OutputCoverageMask => {}
            other => {
                return Err(LowerError::invalid(format!(
                    "cannot write to a {other:?} operand"
                )))
            }
        }
        if matches!(
            op.ty,
            OperandType::OutputDepth
                | OperandType::OutputDepthGreaterEqual
                | OperandType::OutputDepthLessEqual
        ) && mask.count_ones() != 1
        {
            return Err(LowerError::invalid(format!(
                "oDepth is one component, written through a mask of {}",
                mask.count_ones()
            )));
        }
        self.check_writable(op)?;
        Ok(Dst {
            op,
            mask,
            saturate: inst.saturate(),
        })
    }

    /// A temp `r#` within `dcl_temps`.
    fn check_temp(&self, op: &Operand) -> Result<(), LowerError> {
        let r = reg_of(op)?;
        if r >= self.st.temps {
            return Err(LowerError::undeclared(format!(
                "r{r} is beyond dcl_temps {}",
                self.st.temps
            )));
        }
        Ok(())
    }

    fn check_writable(&self, op: &Operand) -> Result<(), LowerError> {
        match op.ty {
            OperandType::Temp => self.check_temp(op)?,
            OperandType::Output if op.indices.first().is_some_and(|i| i.rel.is_some()) => {
                if op.indices.len() != 1 || self.st.indexed_range(op).is_none() {
                    return Err(LowerError::invalid(
                        "relative output indexing outside every `dcl_indexrange`",
                    ));
                }
                self.check_index(op.indices.first())?;
            }
            OperandType::Output => {
                let r = reg_of(op)?;
                for c in 0..4 {
                    if op.mask() & (1 << c) != 0 {
                        let lane = self.st.outputs.get(r, c).ok_or_else(|| {
                            LowerError::undeclared(format!(
                                "o{r}.{} is written but not declared",
                                regs::XYZW[c as usize]
                            ))
                        })?;
                        let v = &self.st.vars[lane.var as usize];
                        if !v.writable {
                            return Err(LowerError::invalid(format!("{} is read-only", v.name)));
                        }
                    }
                }
            }
            OperandType::OutputDepth
            | OperandType::OutputDepthGreaterEqual
            | OperandType::OutputDepthLessEqual
                if self.st.depth.is_none() =>
            {
                return Err(LowerError::undeclared("oDepth is written but not declared"));
            }
            OperandType::OutputCoverageMask
                if self
                    .st
                    .scalar_register(OperandType::OutputCoverageMask)
                    .is_none() =>
            {
                return Err(LowerError::undeclared("oMask is written but not declared"));
            }
            OperandType::IndexableTemp => {
                let r = reg_of(op)?;
                if !self.st.indexable.contains_key(&r) {
                    return Err(LowerError::undeclared(format!("x{r} is not declared")));
                }
                self.check_index(op.indices.get(1))?;
            }
            _ => {}
        }
        Ok(())
    }

    fn check_index(&self, idx: Option<&Index>) -> Result<(), LowerError> {
        let idx = idx.ok_or_else(|| LowerError::invalid("missing operand index"))?;
        if let Some(rel) = &idx.rel {
            self.check_readable(rel, &[rel.swizzle()[0]])?;
        }
        Ok(())
    }

    fn check_readable(&self, op: &Operand, lanes: &[u8]) -> Result<(), LowerError> {
        match op.ty {
            OperandType::Temp => self.check_temp(op)?,
            OperandType::Input | OperandType::Output => {
                if op.indices.len() == 1 && op.indices[0].rel.is_some() {
                    if op.ty == OperandType::Output {
                        return Err(LowerError::invalid(
                            "an output register read as a source with a relative index",
                        ));
                    }
                    if self.st.indexed_range(op).is_none() {
                        return Err(LowerError::invalid(
                            "relative input indexing outside every `dcl_indexrange`",
                        ));
                    }
                    return self.check_index(op.indices.first());
                }
                if op.indices.len() != 1 {
                    return Err(LowerError::refuse(
                        "multi-dimensional input/output indexing",
                        "vertex and pixel shader registers have one index",
                    ));
                }
                let r = reg_of(op)?;
                let file = if op.ty == OperandType::Input {
                    &self.st.inputs
                } else {
                    &self.st.outputs
                };
                let prefix = if op.ty == OperandType::Input {
                    'v'
                } else {
                    'o'
                };
                for &l in lanes {
                    if file.get(r, l).is_none() {
                        return Err(LowerError::undeclared(format!(
                            "{prefix}{r}.{} is read but not declared",
                            regs::XYZW[(l & 3) as usize]
                        )));
                    }
                }
            }
            OperandType::ConstantBuffer => {
                let (slot, idx) = self.st.cb_element(op)?;
                if !self.st.cbuffers.contains_key(&slot) {
                    return Err(LowerError::undeclared(format!(
                        "cb{} is not declared",
                        crate::binding::label(slot)
                    )));
                }
                self.check_index(Some(idx))?;
            }
            OperandType::ImmediateConstantBuffer => {
                if self.st.icb_len.is_none() {
                    return Err(LowerError::undeclared(
                        "icb read without an immediate constant buffer",
                    ));
                }
                self.check_index(op.indices.first())?;
            }
            OperandType::IndexableTemp => {
                let r = reg_of(op)?;
                if !self.st.indexable.contains_key(&r) {
                    return Err(LowerError::undeclared(format!("x{r} is not declared")));
                }
                self.check_index(op.indices.get(1))?;
            }
            OperandType::Immediate32 => {
                let n = op.imm.len();
                if n != 1 && n != 4 {
                    return Err(LowerError::invalid("immediate with neither 1 nor 4 values"));
                }
                if n == 4 && lanes.iter().any(|&l| l > 3) {
                    return Err(LowerError::invalid("immediate lane out of range"));
                }
            }
            OperandType::InputCoverageMask | OperandType::InputPrimitiveId => {
                if self.st.scalar_register(op.ty).is_none() {
                    return Err(LowerError::undeclared(format!(
                        "{} is read but not declared",
                        if op.ty == OperandType::InputCoverageMask {
                            "vCoverage"
                        } else {
                            "vPrim"
                        }
                    )));
                }
            }
            OperandType::Immediate64 => {
                return Err(LowerError::refuse(
                    "64-bit immediate",
                    "doubles are not available in GLSL ES 3.00",
                ))
            }
            other => {
                return Err(LowerError::invalid(format!(
                    "cannot read a {other:?} operand as a value"
                )))
            }
        }
        Ok(())
    }

    fn make_src(
        &self,
        op: &'a Operand,
        ty: Ty,
        lanes: [u8; 4],
        n: u8,
        exact: bool,
    ) -> Result<Src<'a>, LowerError> {
        self.check_readable(op, &lanes[..n as usize])?;
        Ok(Src {
            st: self.st,
            op,
            ty,
            lanes,
            n,
            exact,
            modifiers: true,
        })
    }

    /// Source operand `i` read as `ty` through the destination `mask`: one
    /// expression lane per set bit, each reading the swizzled component.
    pub fn src(
        &self,
        inst: &'a Instruction,
        i: usize,
        ty: Ty,
        mask: u8,
    ) -> Result<Src<'a>, LowerError> {
        let op = self.operand(inst, i)?;
        let swz = op.swizzle();
        let mut lanes = [0u8; 4];
        let mut n = 0u8;
        for (c, &s) in swz.iter().enumerate() {
            if mask & (1 << c) != 0 {
                lanes[n as usize] = s;
                n += 1;
            }
        }
        if n == 0 {
            n = 1;
            lanes[0] = swz[0];
        }
        self.make_src(op, ty, lanes, n, false)
    }

    /// Source operand `i` read as `ty`, its first `n` swizzle lanes
    /// (`dp3` reads `.xyz` of the swizzle whatever the destination).
    pub fn src_n(
        &self,
        inst: &'a Instruction,
        i: usize,
        ty: Ty,
        n: u8,
    ) -> Result<Src<'a>, LowerError> {
        let op = self.operand(inst, i)?;
        let n = n.clamp(1, 4);
        self.make_src(op, ty, op.swizzle(), n, false)
    }

    /// The type in which a type-less mover (`mov`, `movc`, `swapc`) copies
    /// its values: operands `dsts` are its destinations, `values` the
    /// sources it copies (not a `movc` condition).
    ///
    /// `Ty::Uint` under the companion register model when a destination or
    /// a value is a temp (`r#` or `x#`) and the copy is a plain one (no `_sat`, no `neg`/
    /// `abs` on a value): the bits then go companion to companion and never
    /// through float storage. `Ty::Float` otherwise: the `float_vec4`
    /// model, a copy between non-temps (`mov o0, v0`), and a saturating or
    /// modified move, which is float arithmetic on D3D too.
    pub fn mover_ty(&self, inst: &Instruction, dsts: &[usize], values: &[usize]) -> Ty {
        if !self.st.companions() || inst.saturate() {
            return Ty::Float;
        }
        fn at<'o>(ops: &'o [Operand], ix: &'o [usize]) -> impl Iterator<Item = &'o Operand> {
            ix.iter().filter_map(move |&i| ops.get(i))
        }
        let ops = &inst.operands[..];
        if at(ops, values).any(|o| o.modifier != Modifier::None) {
            return Ty::Float;
        }
        // The lanes of a temp operand that have companions, and the lanes
        // it names (a destination's mask, a value's swizzle).
        let lanes = |o: &Operand| -> (u8, u8) {
            let named = match o.components {
                Components::Mask(m) => m,
                _ => o.swizzle().iter().fold(0u8, |m, &c| m | 1 << (c & 3)),
            };
            let have = o.reg().map_or(0, |r| self.st.companion_lanes(r));
            (have, named)
        };
        // Every value read with exact bits: a temp value with a companion
        // for every lane it names (an `x#` always has one).
        let values_exact = at(ops, values).all(|o| match o.ty {
            OperandType::Temp => {
                let (have, named) = lanes(o);
                have & named == named
            }
            _ => true,
        });
        // Some operand keeps integer bits: a temp with a companion for a
        // lane it names, or an indexable temp. Copies between float-only
        // views need no integer round trip.
        let keeps_bits = |o: &Operand| match o.ty {
            OperandType::Temp => {
                let (have, named) = lanes(o);
                have & named != 0
            }
            OperandType::IndexableTemp => true,
            _ => false,
        };
        if values_exact && at(ops, dsts).chain(at(ops, values)).any(keeps_bits) {
            Ty::Uint
        } else {
            Ty::Float
        }
    }

    /// Like [`Ctx::src`] for type-less movers, read as `ty` (the type
    /// [`Ctx::mover_ty`] chose): float immediates keep their exact bits
    /// (`docs/conventions.md#immediates`); `Ty::Uint` reads a temp's
    /// companion and prints immediates as `5u`.
    pub fn src_mover(
        &self,
        inst: &'a Instruction,
        i: usize,
        ty: Ty,
        mask: u8,
    ) -> Result<Src<'a>, LowerError> {
        let mut s = self.src(inst, i, ty, mask)?;
        s.exact = true;
        Ok(s)
    }

    /// Writes `dst = rhs;` where `rhs` is a `ty` expression of `width`
    /// lanes (1 broadcasts to every written lane; otherwise it must equal the
    /// number of written lanes). Converts to the destination's storage type,
    /// splits writes that span several output variables, and adds the
    /// `_sat` clamp as a separate statement.
    pub fn assign(
        &mut self,
        dst: Dst<'a>,
        ty: Ty,
        width: u8,
        rhs: &dyn fmt::Display,
    ) -> Result<(), LowerError> {
        if dst.is_null() || dst.mask == 0 {
            return Ok(());
        }
        let n = dst.width();
        if width != 1 && width != n {
            return Err(LowerError::invalid(format!(
                "expression of {width} lanes assigned to {n} lanes"
            )));
        }
        // Broadcast a scalar into several lanes.
        struct Bcast<'x>(Ty, u8, &'x dyn fmt::Display);
        impl fmt::Display for Bcast<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}({})", self.0.glsl(self.1), self.2)
            }
        }
        let bc;
        let rhs: &dyn fmt::Display = if width == 1 && n > 1 {
            bc = Bcast(ty, n, rhs);
            &bc
        } else {
            rhs
        };
        let targets = self.targets(dst)?;
        if targets.is_empty() {
            // A constant index past the end of an `x#` array.
            return Ok(());
        }
        let sat = dst.saturate;
        if let [t] = targets.as_slice() {
            // A temp's write is logged after its first statement, which
            // evaluates `rhs` ([`crate::sync`]).
            let temp = match t.lvalue {
                Lvalue::Temp { r, lanes } if self.st.companions() => {
                    Some((r, lanes.map_or(0xF, Swizzle::mask)))
                }
                _ => None,
            };
            if self.st.companions() {
                match t.lvalue {
                    // A temp whose written lanes no integer read needs
                    // keeps its float view only (`companions`).
                    Lvalue::Temp { r, lanes }
                        if self.st.companion_lanes(r) & lanes.map_or(0xF, Swizzle::mask) != 0 =>
                    {
                        let u = TempULanes(r, lanes);
                        self.assign_companion(&t.lvalue, &u, ty, n, rhs, sat, temp);
                        return Ok(());
                    }
                    Lvalue::Indexed {
                        st,
                        r,
                        idx,
                        lanes,
                        companion: false,
                    } => {
                        let u = Lvalue::Indexed {
                            st,
                            r,
                            idx,
                            lanes,
                            companion: true,
                        };
                        self.assign_companion(&t.lvalue, &u, ty, n, rhs, sat, None);
                        return Ok(());
                    }
                    _ => {}
                }
            }
            // Written straight into the output: no per-statement String.
            self.out.line_with(|line| {
                let _ = write!(line, "{} = ", t.lvalue);
                let _ = regs::write_bitcast(line, ty, t.ty, n, rhs);
                line.push(';');
            });
            if let Some((r, mask)) = temp {
                self.log_write(r, mask);
            }
            if sat {
                self.saturate_lvalue(&t.lvalue, t.ty, n);
            }
            return Ok(());
        }
        // Several variables: evaluate once into a local, then distribute.
        let tmp = self.out.fresh("hlslcc_dst");
        self.out.open_scope();
        self.out.line_with(|line| {
            let _ = write!(line, "{} {tmp} = {rhs};", ty.glsl(n));
        });
        if sat {
            self.saturate_lvalue(&tmp, ty, n);
        }
        let mut k = 0u8;
        for t in &targets {
            let tn = t.lanes;
            let sw = Swizzle::range(k, tn);
            let src = format_args!("{tmp}{sw}");
            self.out.line_with(|line| {
                let _ = write!(line, "{} = ", t.lvalue);
                let _ = regs::write_bitcast(line, ty, t.ty, tn, &src);
                line.push(';');
            });
            k += tn;
        }
        self.out.close_block()
    }

    /// Writes temp `r{r}` (through `lanes`, all four when `None`) from the
    /// `ty` expression `rhs` of `n` lanes under the companion register
    /// model, keeping the two views equal:
    /// - integer value: `rN_u.m = rhs; rN.m = uintBitsToFloat(rN_u.m);`
    ///   (an int value converted with `uvecK(...)`);
    /// - float value: `rN.m = rhs; rN_u.m = floatBitsToUint(rN.m);`.
    ///
    /// `rhs` is evaluated by the first statement alone, so D3D's rule that
    /// every source is read before any destination lane is written holds as
    /// in the `float_vec4` model. `_sat` clamps the float view, then the
    /// companion is refreshed.
    ///
    /// For temp `temp` = (register, lanes) the second statement, the *sync
    /// copy* into the other view, is logged ([`crate::sync`]): it is
    /// dropped after lowering where nothing reads that view before the
    /// next write. (With `_sat` on an integer value the float copy feeds
    /// the clamp and always stays.)
    #[allow(clippy::too_many_arguments)]
    fn assign_companion(
        &mut self,
        f: &dyn fmt::Display,
        u: &dyn fmt::Display,
        ty: Ty,
        n: u8,
        rhs: &dyn fmt::Display,
        sat: bool,
        temp: Option<(u32, u8)>,
    ) {
        if ty == Ty::Float {
            self.out.line_with(|line| {
                let _ = write!(line, "{f} = {rhs};");
            });
        } else {
            self.out.line_with(|line| {
                let _ = write!(line, "{u} = ");
                let _ = regs::write_bitcast(line, ty, Ty::Uint, n, rhs);
                line.push(';');
            });
        }
        if let Some((r, lanes)) = temp {
            self.log_write(r, lanes);
        }
        if ty != Ty::Float {
            let at = self.out.position();
            self.out.line_with(|line| {
                let _ = write!(line, "{f} = uintBitsToFloat({u});");
            });
            if !sat {
                if let Some((r, lanes)) = temp {
                    let end = self.out.position().1;
                    self.st
                        .sync_log(|log| log.copy(at, end, r, lanes, View::Float));
                }
                return;
            }
        }
        if sat {
            self.saturate_lvalue(f, Ty::Float, n);
        }
        let at = self.out.position();
        self.out.line_with(|line| {
            let _ = write!(line, "{u} = floatBitsToUint({f});");
        });
        if let Some((r, lanes)) = temp {
            let end = self.out.position().1;
            self.st
                .sync_log(|log| log.copy(at, end, r, lanes, View::Uint));
        }
    }

    /// Logs an assignment of the lanes of temp `r` ([`crate::sync`]).
    fn log_write(&self, r: u32, lanes: u8) {
        let depth = self.out.depth();
        self.st.sync_log(|log| log.write(r, lanes, depth));
    }

    fn saturate_lvalue(&mut self, lv: &dyn fmt::Display, ty: Ty, n: u8) {
        let mut read = String::new();
        let _ = regs::write_bitcast(&mut read, ty, Ty::Float, n, lv);
        /// The clamp of `read` to [0, 1]; NaN lanes give 0 under `nan_exact`
        /// (`read > 0` is false for NaN, so `min` only sees numbers).
        struct Clamp<'x> {
            read: &'x str,
            n: u8,
            nan_exact: bool,
        }
        impl fmt::Display for Clamp<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let read = self.read;
                match (self.nan_exact, self.n) {
                    (false, _) => write!(f, "clamp({read}, 0.0, 1.0)"),
                    (true, 1) => write!(f, "({read} > 0.0 ? min({read}, 1.0) : 0.0)"),
                    // mix with a bvec picks per lane: NaN lanes become 0.
                    (true, n) => {
                        let v = Ty::Float.glsl(n);
                        write!(
                            f,
                            "mix({v}(0.0), min({read}, {v}(1.0)), greaterThan({read}, {v}(0.0)))"
                        )
                    }
                }
            }
        }
        let clamped = Clamp {
            read: &read,
            n,
            nan_exact: self.st.profile().nan_exact,
        };
        self.out.line_with(|line| {
            let _ = write!(line, "{lv} = ");
            let _ = regs::write_bitcast(line, Ty::Float, ty, n, &clamped);
            line.push(';');
        });
    }

    /// Resolves a destination into assignable targets, in lane order.
    fn targets(&self, dst: Dst<'a>) -> Result<Targets<'a>, LowerError> {
        let op = dst.op;
        let mask = dst.mask;
        let letters = Swizzle::of_mask(mask);
        let n = letters.n;
        let one = |lvalue, ty| {
            let mut v = Targets::new();
            v.push(Target {
                lvalue,
                ty,
                lanes: n,
            });
            v
        };
        if op.ty == OperandType::Output {
            // A register of an indexed output range is written to the
            // range's array ([`crate::ranges`]).
            let st: &'a StageState<'a> = self.st;
            if let Some((range, idx)) = st.indexed_range(op) {
                return Ok(one(
                    Lvalue::Range {
                        st,
                        range,
                        idx,
                        lanes: (mask != 0xF).then_some(letters),
                    },
                    Ty::Uint,
                ));
            }
        }
        match op.ty {
            OperandType::Temp => {
                let r = reg_of(op)?;
                let lanes = (mask != 0xF).then_some(letters);
                Ok(one(Lvalue::Temp { r, lanes }, Ty::Float))
            }
            OperandType::IndexableTemp => {
                let r = reg_of(op)?;
                let comps = self.st.indexable.get(&r).map(|t| t.components).unwrap_or(4);
                let idx = op
                    .indices
                    .get(1)
                    .ok_or_else(|| LowerError::invalid("x# operand without element index"))?;
                let full = (1u8 << comps) - 1;
                if letters.as_slice().iter().any(|&c| c >= comps) {
                    return Err(LowerError::invalid(format!(
                        "x{r} has {comps} components, write mask exceeds it"
                    )));
                }
                let lanes = (mask != full).then_some(letters);
                let count = self.st.indexable.get(&r).map(|t| t.count);
                if beyond(idx, count) {
                    // Past the end of the array: written nowhere.
                    return Ok(Targets::new());
                }
                if self.st.companions() && index_reads_indexable(idx) {
                    // The companion write evaluates the index a second
                    // time, after the first write: an index read from an
                    // `x#` could have changed in between.
                    return Err(LowerError::refuse(
                        "x# destination indexed by an x# register",
                        "the companion register model writes an indexable temp in two \
                         statements that both evaluate the index",
                    ));
                }
                Ok(one(
                    Lvalue::Indexed {
                        st: self.st,
                        r,
                        idx,
                        lanes,
                        companion: false,
                    },
                    Ty::Float,
                ))
            }
            OperandType::OutputDepth
            | OperandType::OutputDepthGreaterEqual
            | OperandType::OutputDepthLessEqual
            | OperandType::OutputCoverageMask => {
                let (var, what) = if op.ty == OperandType::OutputCoverageMask {
                    (self.st.scalar_register(op.ty), "oMask not declared")
                } else {
                    (self.st.depth, "oDepth not declared")
                };
                let v = var
                    .and_then(|d| self.st.vars.get(d as usize))
                    .ok_or_else(|| LowerError::undeclared(what))?;
                let mut t = one(
                    Lvalue::Var {
                        name: &v.name,
                        lanes: None,
                    },
                    v.ty,
                );
                if let Some(t) = t.first_mut() {
                    t.lanes = 1;
                }
                Ok(t)
            }
            OperandType::Output => {
                let r = reg_of(op)?;
                let st: &'a StageState<'a> = self.st;
                let mut out = Targets::new();
                let mut cur: Option<(u32, Swizzle)> = None;
                let flush = |cur: &mut Option<(u32, Swizzle)>, out: &mut Targets<'a>| {
                    if let Some((var, comps)) = cur.take() {
                        let v = &st.vars[var as usize];
                        let whole = v.scalar || comps.n == v.width && is_identity(comps.as_slice());
                        out.push(Target {
                            lvalue: Lvalue::Var {
                                name: &v.name,
                                lanes: (!whole).then_some(comps),
                            },
                            ty: v.ty,
                            lanes: comps.n,
                        });
                    }
                };
                for &c in letters.as_slice() {
                    let lane = st.outputs.get(r, c).ok_or_else(|| {
                        LowerError::undeclared(format!(
                            "o{r}.{} is not declared",
                            regs::XYZW[c as usize]
                        ))
                    })?;
                    match &mut cur {
                        Some((var, comps)) if *var == lane.var => comps.push(lane.comp),
                        _ => {
                            flush(&mut cur, &mut out);
                            let mut comps = Swizzle::default();
                            comps.push(lane.comp);
                            cur = Some((lane.var, comps));
                        }
                    }
                }
                flush(&mut cur, &mut out);
                Ok(out)
            }
            other => Err(LowerError::invalid(format!("cannot write to {other:?}"))),
        }
    }
}
/// True when a relative index reads an indexable temp (at any depth).
fn index_reads_indexable(idx: &Index) -> bool {
    fn op_reads(op: &Operand) -> bool {
        op.ty == OperandType::IndexableTemp || op.indices.iter().any(index_reads_indexable)
    }
    idx.rel.as_deref().is_some_and(op_reads)
}

fn is_identity(c: &[u8]) -> bool {
    c.iter().enumerate().all(|(i, &x)| i as u8 == x)
}

/// Up to four lane numbers, printed as `.xyzw` letters.
#[derive(Clone, Copy, Default)]
struct Swizzle {
    l: [u8; 4],
    n: u8,
}

impl Swizzle {
    /// The lanes it names, as a write mask.
    fn mask(self) -> u8 {
        self.l[..self.n as usize]
            .iter()
            .fold(0u8, |m, &c| m | 1 << (c & 3))
    }

    /// The lanes of a write mask, in order.
    fn of_mask(mask: u8) -> Self {
        let mut s = Swizzle::default();
        for c in 0..4u8 {
            if mask & (1 << c) != 0 {
                s.push(c);
            }
        }
        s
    }
    /// Lanes `k..k + n`.
    fn range(k: u8, n: u8) -> Self {
        let mut s = Swizzle::default();
        for c in k..k.saturating_add(n) {
            s.push(c);
        }
        s
    }
    fn push(&mut self, c: u8) {
        if let Some(slot) = self.l.get_mut(self.n as usize) {
            *slot = c;
            self.n += 1;
        }
    }
    fn as_slice(&self) -> &[u8] {
        &self.l[..self.n as usize]
    }
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        regs::write_swizzle(f, self.as_slice())
    }
}

/// The assignable expression of one target, printed on demand (no String
/// per destination).
#[derive(Clone, Copy)]
enum Lvalue<'a> {
    /// `r3` (all lanes) or `r3.xy`.
    Temp { r: u32, lanes: Option<Swizzle> },
    /// `TempArray1[i]` (all components) or `TempArray1[i].xy`; with
    /// `companion`, the `uvecC TempArray1_u` companion of the same element.
    Indexed {
        st: &'a StageState<'a>,
        r: u32,
        idx: &'a Index,
        lanes: Option<Swizzle>,
        companion: bool,
    },
    /// A variable, whole or through a swizzle.
    Var {
        name: &'a str,
        lanes: Option<Swizzle>,
    },
    /// An element of an indexed output range's `uvec4` array
    /// ([`crate::ranges`]), whole or through a swizzle.
    Range {
        st: &'a StageState<'a>,
        range: &'a crate::regs::IndexRange,
        idx: &'a Index,
        lanes: Option<Swizzle>,
    },
}

impl fmt::Display for Lvalue<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let lanes = match *self {
            Lvalue::Temp { r, lanes } => {
                write!(f, "r{r}")?;
                lanes
            }
            Lvalue::Indexed {
                st,
                r,
                idx,
                lanes,
                companion,
            } => {
                let u = if companion { "_u" } else { "" };
                write!(f, "TempArray{r}{u}[")?;
                write_index(f, st, idx)?;
                f.write_char(']')?;
                lanes
            }
            Lvalue::Var { name, lanes } => {
                f.write_str(name)?;
                lanes
            }
            Lvalue::Range {
                st,
                range,
                idx,
                lanes,
            } => {
                write_range_element(f, st, range, idx)?;
                lanes
            }
        };
        match lanes {
            Some(s) => regs::write_swizzle(f, s.as_slice()),
            None => Ok(()),
        }
    }
}

/// The name of temp `r{r}`'s `uvec4` companion under the companion
/// register model: `r{r}_u`. No other name dxlower emits has this shape
/// (temps are `rN`, generated locals start with `hlslcc_`, interface
/// variables with a stage or `SV_`/`in_` prefix), so it cannot clash.
pub fn temp_companion(r: u32) -> String {
    TempU(r).to_string()
}

/// Prints `r{r}_u`.
#[derive(Clone, Copy)]
struct TempU(u32);

impl fmt::Display for TempU {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}_u", self.0)
    }
}

/// Prints `r{r}_u` with optional lanes (the companion lvalue).
#[derive(Clone, Copy)]
struct TempULanes(u32, Option<Swizzle>);

impl fmt::Display for TempULanes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        TempU(self.0).fmt(f)?;
        match self.1 {
            Some(s) => regs::write_swizzle(f, s.as_slice()),
            None => Ok(()),
        }
    }
}

struct Target<'a> {
    lvalue: Lvalue<'a>,
    ty: Ty,
    lanes: u8,
}

/// The targets of one destination (at most one per lane).
type Targets<'a> = dxlower_dxbc::smallvec::SmallVec<[Target<'a>; 4]>;
