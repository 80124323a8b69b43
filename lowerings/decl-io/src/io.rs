//! Shared stage-I/O machinery of the decl-io handlers: signature lookup,
//! storage types and widths, GLSL identifiers built from semantics,
//! interpolation qualifiers, variables declared once, lane maps and typed
//! zeros.

use dxlower_core::reg_of;
use dxlower_core::{
    DeclCtx, Direction, InterfaceVar, Interpolation, Lift, LowerError, Refusal, Ty, Var,
};
use dxlower_dxbc::signature::ComponentType;
use dxlower_dxbc::{Instruction, InterpolationMode, Operand, Signature, SignatureElement};
use std::fmt::Write;

/// Which signature a declaration reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The input signature (`ISGN`/`ISG1`): `v#` registers.
    Input,
    /// The output signature (`OSGN`/`OSG1`/`OSG5`): `o#` registers.
    Output,
}

impl Side {
    /// The register letter (`v`/`o`).
    pub fn letter(self) -> char {
        match self {
            Side::Input => 'v',
            Side::Output => 'o',
        }
    }
    fn chunk(self) -> &'static str {
        match self {
            Side::Input => "input",
            Side::Output => "output",
        }
    }
}

/// One signature row that a declaration touches, and which lanes of the
/// declaration fall into it.
#[derive(Clone, Copy, Debug)]
pub struct Hit<'a> {
    /// The signature row.
    pub elem: &'a SignatureElement,
    /// Lanes of the declared mask inside the row's mask (x = bit 0).
    pub lanes: u8,
}

/// The signature of `side`, if the shader has one.
pub fn signature<'a>(cx: &DeclCtx<'a>, side: Side) -> Option<&'a Signature> {
    match side {
        Side::Input => cx.state().input.input_signature,
        Side::Output => cx.state().input.output_signature,
    }
}

/// `.xyzw`-style letters of a mask.
pub fn mask_letters(mask: u8) -> String {
    let mut s = String::from(".");
    for (c, l) in ['x', 'y', 'z', 'w'].iter().enumerate() {
        if mask & (1 << c) != 0 {
            s.push(*l);
        }
    }
    s
}

/// The signature rows of register `reg` (stream 0) that overlap `mask`,
/// in signature order. Lanes of the declaration that no row covers are
/// left unmapped (a read of them is then reported by the register model);
/// a declaration that touches no row at all is malformed.
pub fn rows<'a>(
    sig: Option<&'a Signature>,
    side: Side,
    reg: u32,
    mask: u8,
) -> Result<Vec<Hit<'a>>, LowerError> {
    let sig = sig.ok_or_else(|| {
        LowerError::undeclared(format!(
            "{}{reg} is declared but the shader has no {} signature",
            side.letter(),
            side.chunk()
        ))
    })?;
    let hits: Vec<Hit<'a>> = sig
        .elements
        .iter()
        .filter(|e| e.stream == 0 && e.register == reg && e.mask & mask != 0)
        .map(|e| Hit {
            elem: e,
            lanes: e.mask & mask,
        })
        .collect();
    if hits.is_empty() {
        return Err(LowerError::undeclared(format!(
            "{}{reg}{} matches no row of the {} signature",
            side.letter(),
            mask_letters(mask),
            side.chunk()
        )));
    }
    Ok(hits)
}

/// The register number and mask of a declaration's first operand, which
/// must be a one-dimensional register (the caller checks its kind).
pub fn decl_register(inst: &Instruction) -> Result<(&Operand, u32, u8), LowerError> {
    let op = inst.operands.first().ok_or_else(|| {
        LowerError::invalid(format!("`{}` without its register operand", inst.opcode))
    })?;
    if op.indices.len() != 1 {
        return Err(LowerError::invalid(format!(
            "`{}` operand with {} indices (vertex and pixel registers have one)",
            inst.opcode,
            op.indices.len()
        )));
    }
    let reg = reg_of(op)?;
    Ok((op, reg, op.mask()))
}

/// The storage type of a signature row (`float`/`int`/`uint`).
/// 16-bit rows (SM6 native types) are stored at 32 bits; 64-bit rows are
/// refused.
pub fn row_ty(e: &SignatureElement) -> Result<Ty, LowerError> {
    match e.component_type {
        ComponentType::Float32 | ComponentType::Float16 | ComponentType::Unknown => Ok(Ty::Float),
        ComponentType::Uint32 | ComponentType::Uint16 => Ok(Ty::Uint),
        ComponentType::Sint32 | ComponentType::Sint16 => Ok(Ty::Int),
        other => Err(Refusal::new(
            format!("{}{} of component type {other:?}", e.name, e.semantic_index),
            "GLSL ES 3.00 has no 64-bit interface variables",
        )
        .into()),
    }
}

/// Number of lanes of a mask.
pub fn width(mask: u8) -> u8 {
    (mask & 0xF).count_ones() as u8
}

/// Component of a row's variable that register lane `lane` lands in
/// (row mask `.zw`: lane z → 0, lane w → 1).
pub fn comp_of(row_mask: u8, lane: u8) -> u8 {
    width(row_mask & ((1u8 << lane) - 1))
}

/// True when `sem` can be pasted after a prefix ending in `_` and before
/// a decimal index: starts with a letter, only ASCII letters, digits and
/// `_`, no `__`, and does not end with a digit or `_` (so that the index
/// boundary stays unambiguous). fxc stores every HLSL semantic this way.
fn plain_semantic(sem: &str) -> bool {
    let b = sem.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) => {
            f.is_ascii_alphabetic()
                && l.is_ascii_alphabetic()
                && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
                && !sem.contains("__")
        }
        _ => false,
    }
}

/// True when `s` is an identifier a shader may declare: `[A-Za-z_]`
/// then `[A-Za-z0-9_]`, no `__` and none of the reserved prefixes `gl_`,
/// `webgl_`, `_webgl_`.
pub fn is_glsl_ident(s: &str) -> bool {
    let b = s.as_bytes();
    b.first()
        .is_some_and(|f| f.is_ascii_alphabetic() || *f == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_')
        && !s.contains("__")
        && !s.starts_with("gl_")
        && !s.starts_with("webgl_")
        && !s.starts_with("_webgl_")
}

/// The GLSL identifier of a semantic: `<prefix><SEM><index>`
/// (`in_POSITION0`, `vs_TEXCOORD3`).
///
/// `upper` folds the semantic to ASCII upper case: D3D matches VS outputs
/// to PS inputs case-insensitively, GLSL links varyings by exact name, so
/// both stages must spell a varying the same way whatever case each HLSL
/// source used.
///
/// A semantic that would not make a legal, unreserved GLSL ES identifier
/// (characters outside `[A-Za-z0-9_]`, a leading `_` or `__` anywhere —
/// reserved in GLSL ES 3.00 and a compile error under WebGL — or a
/// trailing digit or `_`) is escaped deterministically as
/// `<prefix>x<ESC>_<index>x`, where `ESC` keeps ASCII letters and digits
/// and writes every other byte as `_` plus two lowercase hex digits
/// (`_FOO` index 0 → `vs_x_5fFOO_0x`). Escaped names end in a letter and
/// plain ones in a digit, and the escape is reversible, so no two
/// semantics ever share a name, and both stages derive the same name from
/// the same semantic.
pub fn semantic_ident(prefix: &str, sem: &str, index: u32, upper: bool) -> String {
    let sem = if upper {
        sem.to_ascii_uppercase()
    } else {
        sem.to_string()
    };
    let mut s = String::with_capacity(prefix.len() + sem.len() + 8);
    s.push_str(prefix);
    if plain_semantic(&sem) {
        let _ = write!(s, "{sem}{index}");
    } else {
        s.push('x');
        for b in sem.bytes() {
            if b.is_ascii_alphanumeric() {
                s.push(b as char);
            } else {
                let _ = write!(s, "_{b:02x}");
            }
        }
        let _ = write!(s, "_{index}x");
    }
    s
}

/// Adds `var` unless a variable of that name exists; returns its index and
/// whether it is new (the caller writes the declaration only then). A
/// second variable of the same name but another shape is malformed input.
pub fn var_once(cx: &mut DeclCtx<'_>, var: Var) -> Result<(u32, bool), LowerError> {
    if let Some(i) = cx.state().vars.iter().position(|v| v.name == var.name) {
        let v = &cx.state().vars[i];
        if v.ty != var.ty || v.width != var.width || v.writable != var.writable {
            return Err(LowerError::invalid(format!(
                "`{}` is declared twice with different types",
                var.name
            )));
        }
        return Ok((i as u32, false));
    }
    Ok((cx.add_var(var), true))
}

/// A variable of `width` lanes (scalar when 1).
pub fn var(name: impl Into<String>, ty: Ty, width: u8, writable: bool) -> Var {
    Var {
        name: name.into(),
        ty,
        width,
        scalar: width == 1,
        writable,
    }
}

/// Maps the lanes of `hit` in register `reg` to the components of `var`
/// that the row's mask gives them.
pub fn map_row(
    cx: &mut DeclCtx<'_>,
    side: Side,
    reg: u32,
    hit: &Hit<'_>,
    var: u32,
) -> Result<(), LowerError> {
    for c in 0..4u8 {
        if hit.lanes & (1 << c) != 0 {
            cx.map_lanes(
                side == Side::Output,
                reg,
                1 << c,
                var,
                comp_of(hit.elem.mask, c),
            )?;
        }
    }
    Ok(())
}

/// Maps the lanes `lanes` of register `reg` to the components of `var`
/// that the agreed varying mask `mask` gives them (lane `c` → component
/// `popcount(mask & ((1 << c) - 1))`); used when a program-level link
/// widened the variable beyond the stage's own signature row. A lane
/// outside `mask` is malformed.
pub fn map_lanes_in(
    cx: &mut DeclCtx<'_>,
    side: Side,
    reg: u32,
    lanes: u8,
    mask: u8,
    var: u32,
) -> Result<(), LowerError> {
    for c in 0..4u8 {
        if lanes & (1 << c) != 0 {
            if mask & (1 << c) == 0 {
                return Err(LowerError::invalid(format!(
                    "{}{reg}.{} lies outside the linked varying's lanes {}",
                    side.letter(),
                    ['x', 'y', 'z', 'w'][c as usize],
                    mask_letters(mask)
                )));
            }
            cx.map_lanes(side == Side::Output, reg, 1 << c, var, comp_of(mask, c))?;
        }
    }
    Ok(())
}

/// The varying both stages of a linked program agreed on for a signature
/// row (`None` for a stage translated on its own).
pub fn linked_varying<'a>(
    cx: &DeclCtx<'a>,
    e: &SignatureElement,
) -> Option<&'a dxlower_core::Varying> {
    cx.state().link?.varying(&e.name, e.semantic_index)
}

/// Maps every lane of `mask` in register `reg` to component 0 of a scalar
/// variable (system values such as `gl_VertexID`).
pub fn map_scalar(
    cx: &mut DeclCtx<'_>,
    side: Side,
    reg: u32,
    mask: u8,
    var: u32,
) -> Result<(), LowerError> {
    for c in 0..4u8 {
        if mask & (1 << c) != 0 {
            cx.map_lanes(side == Side::Output, reg, 1 << c, var, 0)?;
        }
    }
    Ok(())
}

/// Records a quality note once.
pub fn note(cx: &mut DeclCtx<'_>, msg: String) {
    cx.note(msg);
}

/// The interpolation qualifier text (with a trailing space, or empty) of a
/// pixel-shader input of type `ty` declared with `mode`
/// (`lowerings/decl-io/docs/decl-io.md#dcl_input_ps`, profile switches `noperspective`,
/// `sample_qualifier`):
///
/// - integer inputs are `flat` whatever the mode (GLSL rule);
/// - `constant` → `flat`, `linear` (and the undefined mode 0 of a plain
///   `dcl_input`) → none, `linear centroid` → `centroid`;
/// - `noperspective`: `Drop` omits it with a note (perspective-correct
///   instead), `Extension` keeps it and requests
///   `GL_NV_shader_noperspective_interpolation`, `Error` refuses;
/// - `sample` (not a GLSL ES 3.00 keyword): `Drop` omits it with a note
///   (interpolation at the pixel centre instead of each sample), `Error`
///   refuses.
pub fn ps_interpolation(
    cx: &mut DeclCtx<'_>,
    mode: InterpolationMode,
    ty: Ty,
    what: &str,
) -> Result<Interpolation, LowerError> {
    use crate::switches::{Gate, NoPerspective};
    use InterpolationMode::*;
    let (noperspective, centroid, sample) = match mode {
        Undefined | Linear => (false, false, false),
        Constant => return Ok(Interpolation::FLAT),
        LinearCentroid => (false, true, false),
        LinearNoPerspective => (true, false, false),
        LinearNoPerspectiveCentroid => (true, true, false),
        LinearSample => (false, false, true),
        LinearNoPerspectiveSample => (true, false, true),
        Other(n) => {
            return Err(LowerError::invalid(format!(
                "interpolation mode {n} of {what} is not defined"
            )))
        }
    };
    if ty != Ty::Float {
        return Ok(Interpolation::FLAT);
    }
    let profile = cx.switches::<crate::DeclIoSwitches>();
    let mut keep_noperspective = false;
    if noperspective {
        match profile.noperspective {
            NoPerspective::Drop => note(
                cx,
                format!("{what}: `noperspective` dropped (GLSL ES 3.00 has no such qualifier); interpolated perspective-correct"),
            ),
            NoPerspective::Extension => {
                cx.require_extension(
                    "GL_NV_shader_noperspective_interpolation",
                    Some("NV_shader_noperspective_interpolation"),
                );
                keep_noperspective = true;
            }
            NoPerspective::Error => {
                return Err(Refusal::new(
                    format!("noperspective interpolation of {what}"),
                    "`noperspective` is not a GLSL ES 3.00 qualifier",
                )
                .lifted_by(Lift::switch_text(
                    "noperspective",
                    "Drop",
                    "profile noperspective = Drop or Extension",
                ))
                .into())
            }
        }
    }
    if sample {
        match profile.sample_qualifier {
            Gate::Drop => note(
                cx,
                format!("{what}: `sample` dropped (not a GLSL ES 3.00 qualifier); interpolated at the pixel centre"),
            ),
            Gate::Error => {
                return Err(Refusal::new(
                    format!("sample interpolation of {what}"),
                    "`sample` is not a GLSL ES 3.00 qualifier",
                )
                .lifted_by(Lift::switch("sample_qualifier", "Drop"))
                .into())
            }
        }
    }
    Ok(Interpolation {
        flat: false,
        noperspective: keep_noperspective,
        centroid,
    })
}

/// The record of a declared interface variable: `name` of `components`
/// lanes of `ty` (its declared and its data type), no qualifiers, no
/// location, no semantic; the caller fills in what it knows.
pub fn interface(name: &str, direction: Direction, ty: Ty, components: u8) -> InterfaceVar {
    InterfaceVar {
        name: name.to_string(),
        direction,
        builtin: false,
        location: None,
        ty,
        data_type: ty,
        components,
        interpolation: Interpolation::default(),
        system_value: None,
        semantic: None,
        register: None,
        mask: 0,
    }
}

/// The record of a built-in the stage uses (`gl_Position` for
/// `SV_Position`), mapped from `reg`/`mask`.
pub fn builtin(
    name: &str,
    direction: Direction,
    ty: Ty,
    components: u8,
    sv: &str,
    reg: u32,
    mask: u8,
) -> InterfaceVar {
    InterfaceVar {
        builtin: true,
        system_value: Some(sv.to_string()),
        register: Some(reg),
        mask,
        ..interface(name, direction, ty, components)
    }
}

/// The semantic and register of a signature row, for an interface record.
pub fn from_row(mut v: InterfaceVar, e: &SignatureElement, reg: u32) -> InterfaceVar {
    v.semantic = Some((e.name.clone(), e.semantic_index));
    v.register = Some(reg);
    v.mask = e.mask & 0xF;
    v
}

/// The zero of `ty` with `n` lanes (`0.0`, `ivec2(0)`, `uvec4(0u)`).
pub fn zero(ty: Ty, n: u8) -> String {
    let scalar = match ty {
        Ty::Float => "0.0",
        Ty::Int => "0",
        Ty::Uint => "0u",
    };
    if n <= 1 {
        scalar.to_string()
    } else {
        format!("{}({scalar})", ty.glsl(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_semantics_are_pasted() {
        assert_eq!(semantic_ident("in_", "POSITION", 0, false), "in_POSITION0");
        assert_eq!(semantic_ident("in_", "Position", 3, false), "in_Position3");
        assert_eq!(semantic_ident("vs_", "texCoord", 12, true), "vs_TEXCOORD12");
        assert_eq!(semantic_ident("vs_", "MY_UV", 1, true), "vs_MY_UV1");
    }

    #[test]
    fn illegal_semantics_are_escaped_reversibly() {
        assert_eq!(semantic_ident("vs_", "_UV", 1, true), "vs_x_5fUV_1x");
        assert_eq!(semantic_ident("vs_", "A__B", 0, true), "vs_xA_5f_5fB_0x");
        assert_eq!(semantic_ident("vs_", "FOG_", 0, true), "vs_xFOG_5f_0x");
        assert_eq!(semantic_ident("vs_", "UV2", 0, true), "vs_xUV2_0x");
        assert_eq!(semantic_ident("vs_", "A.B", 0, true), "vs_xA_2eB_0x");
        assert_eq!(semantic_ident("vs_", "", 0, true), "vs_x_0x");
        // Escaped names never contain `__` and never equal a plain one.
        for sem in ["_UV", "A__B", "FOG_", "__", "_", "A-B", "x_5fUV"] {
            let n = semantic_ident("vs_", sem, 1, true);
            assert!(!n.contains("__"), "{n}");
            assert!(is_glsl_ident(&n), "{n}");
        }
        assert_ne!(
            semantic_ident("vs_", "_UV", 1, true),
            semantic_ident("vs_", "X_5FUV", 1, true)
        );
    }

    #[test]
    fn identifiers() {
        assert!(is_glsl_ident("dx_FirstVertex"));
        assert!(is_glsl_ident("_a1"));
        assert!(!is_glsl_ident("gl_Foo"));
        assert!(!is_glsl_ident("a__b"));
        assert!(!is_glsl_ident("1a"));
        assert!(!is_glsl_ident(""));
        assert!(!is_glsl_ident("a b"));
    }

    #[test]
    fn lanes_land_in_row_components() {
        assert_eq!(comp_of(0b1100, 2), 0);
        assert_eq!(comp_of(0b1100, 3), 1);
        assert_eq!(comp_of(0b1111, 3), 3);
        assert_eq!(comp_of(0b1010, 3), 1);
        assert_eq!(mask_letters(0b1010), ".yw");
        assert_eq!(zero(Ty::Uint, 2), "uvec2(0u)");
        assert_eq!(zero(Ty::Float, 1), "0.0");
        assert_eq!(zero(Ty::Int, 3), "ivec3(0)");
    }
}
