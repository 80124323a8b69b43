//! The [`Opcode`] type and the per-opcode data of the reader, generated
//! from the opcode table ([`for_each_opcode!`](crate::for_each_opcode)).
//!
//! One expansion of the table gives the enum, [`Opcode::ALL`], the number
//! and mnemonic conversions, and one row of data per opcode: whether it
//! declares, whether it takes `_z`/`_nz`, its operand layout (read by the
//! decoder and the encoder), the disassembler's operand kinds and listing
//! name, and its [`Coverage`] (owning family, decoded-only stages).

use crate::program_type::ProgramType;

/// What dxlower does with an opcode: the coverage column of the opcode
/// table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coverage {
    /// A handler of the family lowers it, or refuses it by name under some
    /// profile.
    Handled {
        /// The lowerings crate that owns the opcode, without its `dxlower-`
        /// prefix (`"float-alu"`).
        family: &'static str,
    },
    /// Legal only in these program types, which dxlower refuses as a whole
    /// before lowering: decoded, encoded and disassembled, never lowered.
    DecodedOnly {
        /// The program types the opcode occurs in.
        stages: &'static [ProgramType],
    },
    /// An end-of-version marker of the token format: never valid.
    Reserved,
}

impl Coverage {
    /// The owning family of a handled opcode.
    pub fn family(self) -> Option<&'static str> {
        match self {
            Coverage::Handled { family } => Some(family),
            _ => None,
        }
    }

    /// The class name: `"handled"`, `"decoded-only"` or `"reserved"`.
    pub fn class(self) -> &'static str {
        match self {
            Coverage::Handled { .. } => "handled",
            Coverage::DecodedOnly { .. } => "decoded-only",
            Coverage::Reserved => "reserved",
        }
    }
}

/// `handled`, `decoded-only: hs, ds only`, `reserved`.
impl std::fmt::Display for Coverage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.class())?;
        if let Coverage::DecodedOnly { stages } = self {
            for (i, s) in stages.iter().enumerate() {
                f.write_str(if i == 0 { ": " } else { ", " })?;
                f.write_str(s.prefix())?;
            }
            f.write_str(" only")?;
        }
        Ok(())
    }
}

/// One row of the opcode table, as the reader and the registry read it.
pub(crate) struct Row {
    /// Kind `dcl`.
    declaration: bool,
    /// Kind `cond`: takes `_z`/`_nz`.
    test_suffix: bool,
    /// The layout column (`None`: `customdata` and the reserved markers).
    pub(crate) layout: Option<Layout>,
    /// The operands column.
    pub(crate) operands: Operands,
    /// The fxc listing name (the mnemonic unless the row says otherwise).
    listing: &'static str,
    /// The coverage column.
    coverage: Coverage,
}

/// The table's kind column: `(declaration, takes _z/_nz)`.
macro_rules! row_kind {
    (inst) => {
        (false, false)
    };
    (cond) => {
        (false, true)
    };
    (dcl) => {
        (true, false)
    };
    (-) => {
        (false, false)
    };
}

/// The table's layout column.
macro_rules! row_layout {
    (none) => {
        None
    };
    ($($layout:tt)+) => {
        Some(Layout::$($layout)+)
    };
}

/// The table's operands column.
macro_rules! row_operands {
    () => {
        Operands::UNTYPED
    };
    ($dsts:literal : $($kind:ident)+) => {
        Operands {
            dsts: $dsts,
            kinds: &[$(Kind::$kind),+],
        }
    };
}

/// The table's coverage column.
macro_rules! row_coverage {
    (handled($family:literal)) => {
        Coverage::Handled { family: $family }
    };
    (decoded_only($($stage:ident),+)) => {
        Coverage::DecodedOnly {
            stages: &[$(ProgramType::$stage),+],
        }
    };
    (reserved) => {
        Coverage::Reserved
    };
}

/// The table's optional listing-name column.
macro_rules! row_listing {
    ($mnemonic:literal) => {
        $mnemonic
    };
    ($mnemonic:literal, $listing:literal) => {
        $listing
    };
}

/// The consumer of [`crate::for_each_opcode!`] that defines [`Opcode`] and
/// the rows.
macro_rules! define_opcodes {
    ($(
        $variant:ident = $num:literal $mn:literal : $kind:tt,
        $layout:ident $(($($lp:tt)*))? $({$($lb:tt)*})?,
        [$($operands:tt)*],
        $coverage:ident $(($($cov:tt)*))? $(, fxc $listing:literal)?;
    )*) => {
        /// A decoded SM4/SM5 opcode (`D3D10_SB_OPCODE_TYPE`).
        ///
        /// Values outside the table are kept as [`Opcode::Unknown`] so that the
        /// decoder can report them with their number.
        ///
        /// The enum is `repr(u16)` with each variant's opcode number as its
        /// discriminant, so [`Opcode::number`] reads the tag instead of
        /// matching 236 arms (a `br_table` of 2 KB that WebAssembly builds
        /// did not inline: 4% of a translation in the npm package).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        #[repr(u16)]
        pub enum Opcode {
            $(
                #[doc = concat!("`", $mn, "` (opcode ", stringify!($num), ")")]
                $variant = $num,
            )*
            /// An opcode number that is not in the table.
            Unknown(u16) = u16::MAX,
        }

        impl Opcode {
            /// Every opcode of the table, in numeric order (without `Unknown`).
            pub const ALL: &'static [Opcode] = &[$(Opcode::$variant,)*];

            /// Decodes an opcode number (`OpcodeToken0 & 0x7ff`).
            pub const fn from_u16(n: u16) -> Opcode {
                // The table is dense (checked below): opcode n is `ALL[n]`.
                if (n as usize) < Opcode::ALL.len() {
                    Opcode::ALL[n as usize]
                } else {
                    Opcode::Unknown(n)
                }
            }

            /// The opcode number as it is encoded in `OpcodeToken0[10:00]`.
            pub const fn number(self) -> u16 {
                match self {
                    Opcode::Unknown(n) => n,
                    // SAFETY: a `repr(u16)` enum is laid out as a `repr(C)`
                    // union of `repr(C)` structs that each start with the
                    // `u16` discriminant; every variant but `Unknown` has
                    // its opcode number as its discriminant.
                    _ => unsafe { *(&self as *const Opcode).cast::<u16>() },
                }
            }

            /// The fxc mnemonic (`"dcl_input_ps"`, `"sample_l"`); `"unknown"` for
            /// numbers outside the table.
            pub const fn mnemonic(self) -> &'static str {
                match self {
                    $(Opcode::$variant => $mn,)*
                    Opcode::Unknown(_) => "unknown",
                }
            }

            /// Looks an opcode up by its mnemonic.
            pub fn from_mnemonic(name: &str) -> Option<Opcode> {
                match name {
                    $($mn => Some(Opcode::$variant),)*
                    _ => None,
                }
            }
        }

        /// The rows of the table, indexed by opcode number.
        const ROWS: &[Row] = &[$(
            Row {
                declaration: row_kind!($kind).0,
                test_suffix: row_kind!($kind).1,
                layout: row_layout!($layout $(($($lp)*))? $({$($lb)*})?),
                operands: row_operands!($($operands)*),
                listing: row_listing!($mn $(, $listing)?),
                coverage: row_coverage!($coverage $(($($cov)*))?),
            },
        )*];
    };
}

crate::for_each_opcode!(define_opcodes);

// The table is dense: row n is opcode n, so `ROWS[op.number()]` is the
// opcode's row.
const _: () = {
    let mut i = 0;
    while i < Opcode::ALL.len() {
        assert!(
            Opcode::ALL[i].number() as usize == i,
            "the opcode table must list opcode n as row n"
        );
        i += 1;
    }
};

impl Opcode {
    /// The opcode's row of the table (`None` for [`Opcode::Unknown`]).
    pub(crate) fn row(self) -> Option<&'static Row> {
        match self {
            Opcode::Unknown(_) => None,
            op => ROWS.get(op.number() as usize),
        }
    }

    /// How many of the opcode's operands are destinations (the operands
    /// column of the opcode table; 0 for declarations and unknown opcodes).
    pub fn destination_count(self) -> usize {
        self.row().map_or(0, |r| r.operands.dsts)
    }

    /// The type the opcode gives operand `i` (destinations first), from
    /// the operands column of the opcode table; [`Kind::A`] for unknown
    /// opcodes.
    pub fn operand_kind(self, i: usize) -> Kind {
        self.row().map_or(Kind::A, |r| r.operands.kind(i))
    }

    /// True for the `dcl_*` declarations, `customdata` and the hull-shader
    /// phase markers: tokens that declare rather than execute.
    pub fn is_declaration(self) -> bool {
        self.row().is_some_and(|r| r.declaration)
    }

    /// True for the reserved end-of-version markers and unknown numbers.
    pub fn is_reserved(self) -> bool {
        match self.row() {
            Some(r) => matches!(r.coverage, Coverage::Reserved),
            None => true,
        }
    }

    /// True for the instructions that test their first source and take the
    /// `_z`/`_nz` suffix (`if`, `breakc`, `continuec`, `retc`, `discard`,
    /// `callc`; [`crate::Instruction::test_nonzero`] reads the bit).
    pub fn takes_test_suffix(self) -> bool {
        self.row().is_some_and(|r| r.test_suffix)
    }

    /// The name fxc's listings print: the mnemonic, except `ldms`,
    /// `sampleinfo`, `samplepos` and the residency feedback forms (`ld_s`,
    /// `sample_cl_s`, ...).
    pub fn listing_name(self) -> &'static str {
        self.row().map_or(self.mnemonic(), |r| r.listing)
    }

    /// What dxlower does with the opcode (`None` for [`Opcode::Unknown`]).
    pub fn coverage(self) -> Option<Coverage> {
        self.row().map(|r| r.coverage)
    }

    /// The lowerings crate that owns the opcode (`"float-alu"` for
    /// `dxlower-float-alu`): the family column of a handled row. `None`
    /// for decoded-only and reserved opcodes and unknown numbers.
    pub fn family(self) -> Option<&'static str> {
        self.coverage().and_then(Coverage::family)
    }
}

impl std::fmt::Display for Opcode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opcode::Unknown(n) => write!(f, "unknown opcode {n:#x}"),
            other => f.write_str(other.mnemonic()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declaration_table_matches_the_mnemonics() {
        for &op in Opcode::ALL {
            let by_name = op.mnemonic().starts_with("dcl_")
                || matches!(
                    op,
                    Opcode::Customdata
                        | Opcode::HsDecls
                        | Opcode::HsControlPointPhase
                        | Opcode::HsForkPhase
                        | Opcode::HsJoinPhase
                );
            assert_eq!(op.is_declaration(), by_name, "{op:?}");
        }
        assert!(Opcode::DclTemps.is_declaration());
        assert!(!Opcode::Mov.is_declaration());
        assert!(!Opcode::Unknown(1000).is_declaration());
    }

    #[test]
    fn numbers_round_trip_and_are_dense() {
        for (i, op) in Opcode::ALL.iter().enumerate() {
            assert_eq!(op.number() as usize, i, "{op:?}");
            assert_eq!(Opcode::from_u16(i as u16), *op);
            assert_eq!(Opcode::from_mnemonic(op.mnemonic()), Some(*op));
        }
        assert_eq!(Opcode::from_u16(9999), Opcode::Unknown(9999));
    }

    #[test]
    fn test_suffix_and_listing_columns() {
        use Opcode::*;
        let tested: Vec<Opcode> = Opcode::ALL
            .iter()
            .copied()
            .filter(|op| op.takes_test_suffix())
            .collect();
        assert_eq!(tested, [Breakc, Callc, Continuec, Discard, If, Retc]);
        let renamed: Vec<(&str, &str)> = Opcode::ALL
            .iter()
            .filter(|op| op.listing_name() != op.mnemonic())
            .map(|op| (op.mnemonic(), op.listing_name()))
            .collect();
        assert_eq!(renamed.len(), 18, "{renamed:?}");
        assert_eq!(renamed[0], ("ld_ms", "ldms"));
        assert!(renamed.contains(&("sample_d_clamp_feedback", "sample_d_cl_s")));
        assert!(renamed.iter().all(|(m, l)| m.starts_with(&l[..2])));
        assert_eq!(Opcode::Unknown(999).listing_name(), "unknown");
        assert!(!Opcode::Unknown(999).takes_test_suffix());
    }

    #[test]
    fn coverage_column_is_consistent() {
        for &op in Opcode::ALL {
            let cov = op.coverage().expect("every row has a coverage");
            let reserved = op.mnemonic().starts_with("reserved_");
            assert_eq!(cov == Coverage::Reserved, reserved, "{op:?}");
            assert_eq!(op.is_reserved(), reserved, "{op:?}");
            match cov {
                Coverage::Handled { family } => {
                    assert!(
                        !family.is_empty()
                            && family.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                        "{op:?}: family {family:?} is not a lowerings crate name"
                    );
                    assert_eq!(op.family(), Some(family));
                }
                Coverage::DecodedOnly { stages } => {
                    assert!(!stages.is_empty(), "{op:?}");
                    assert!(
                        !stages.contains(&ProgramType::Vertex)
                            && !stages.contains(&ProgramType::Pixel),
                        "{op:?} is lowered in a VS or PS, so it needs a handler"
                    );
                    assert_eq!(op.family(), None);
                }
                Coverage::Reserved => assert_eq!(op.family(), None),
            }
        }
        assert_eq!(Opcode::Unknown(999).coverage(), None);
        assert!(Opcode::Unknown(999).is_reserved());
        assert_eq!(Opcode::Add.family(), Some("float-alu"));
        assert_eq!(
            Opcode::DclTessDomain.coverage().map(|c| c.to_string()),
            Some("decoded-only: hs, ds only".to_string())
        );
        assert_eq!(
            Opcode::Mov.coverage().map(|c| c.to_string()),
            Some("handled".into())
        );
        assert_eq!(
            Opcode::Reserved11.coverage().map(|c| c.class()),
            Some("reserved")
        );
    }

    #[test]
    fn spot_checks_against_the_token_format() {
        assert_eq!(Opcode::Mov.number(), 54);
        assert_eq!(Opcode::DclGlobalFlags.number(), 106);
        assert_eq!(Opcode::Lod.number(), 108);
        assert_eq!(Opcode::Rcp.number(), 129);
        assert_eq!(Opcode::Swapc.number(), 142);
        assert_eq!(Opcode::DclResourceStructured.number(), 162);
        assert_eq!(Opcode::Sync.number(), 190);
        assert_eq!(Opcode::Utod.number(), 217);
        assert_eq!(Opcode::CheckAccessFullyMapped.number(), 234);
    }
}

/// What follows `OpcodeToken0` (and any extended opcode tokens) for an
/// opcode; the values of the opcode table's layout column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    /// This many operands and nothing else.
    Ops(u8),
    /// `dcl_resource` / `dcl_uav_typed`: operand, return-type dword,
    /// SM5.1 space.
    TypedResource { uav: bool },
    /// `dcl_constant_buffer`: operand; SM5.1 adds size and space.
    ConstantBuffer,
    /// `dcl_sampler`, `dcl_resource_raw`, `dcl_uav_raw`: operand; SM5.1 adds
    /// the space.
    OperandSpace51,
    /// `dcl_resource_structured`, `dcl_uav_structured`: operand, stride,
    /// SM5.1 space.
    StructuredResource,
    /// `dcl_tgsm_structured`: operand, stride, count.
    TgsmStructured,
    /// `dcl_indexrange`, `dcl_tgsm_raw`: operand then a count dword.
    OperandCount,
    /// A single count dword and no operand.
    Count,
    /// `dcl_hs_max_tessfactor`: a float dword.
    Float,
    /// `dcl_*_sgv/siv`: operand then a name token.
    SystemValue,
    /// `dcl_indexableTemp`: three dwords.
    IndexableTemp,
    /// `dcl_thread_group`: three dwords.
    ThreadGroup,
    /// `dcl_function_table`: id, count, bodies.
    FunctionTable,
    /// `dcl_interface`: id, table length, counts, tables.
    Interface,
    /// `fcall`: function index dword then the interface operand.
    InterfaceCall,
}

/// The type an instruction gives an operand, which decides how immediate
/// values are printed and whether minimum-precision annotations show a
/// conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// 32-bit float.
    F,
    /// Signed integer.
    I,
    /// Unsigned integer or bit pattern.
    U,
    /// Untyped move: printed by the bit-pattern heuristic.
    A,
    /// A value typed by the resource it comes from (`ld`, `sample`
    /// destinations): printed as untyped, never a precision conversion
    /// target.
    R,
    /// 64-bit float pair.
    D,
    /// Not a value (resource, sampler, UAV, stream, label, ...).
    N,
}

/// The operand kinds of an opcode (the operands column of the opcode table,
/// [`crate::for_each_opcode!`]): how many destinations it has and the kind
/// of each operand position (the last kind repeats).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Operands {
    pub(crate) dsts: usize,
    pub(crate) kinds: &'static [Kind],
}

impl Operands {
    /// No destination, every operand untyped (the table's `[]`).
    pub(crate) const UNTYPED: Operands = Operands {
        dsts: 0,
        kinds: &[Kind::A],
    };

    pub(crate) fn kind(&self, i: usize) -> Kind {
        self.kinds
            .get(i)
            .or(self.kinds.last())
            .copied()
            .unwrap_or(Kind::A)
    }
}
