//! The SM4/SM5 opcode table: the one source of truth for opcode numbers and
//! mnemonics.
//!
//! Numbers are the `D3D10_SB_OPCODE_TYPE` enumerators of the Microsoft
//! tokenized program format (`D3D12TokenizedProgramFormat.hpp`, the
//! `OpcodeToken0` field `[10:00]`), in enum order: D3D10 (0..=106), D3D10.1
//! (108..=111), D3D11 (113..=208), D3D11.1 (210..=217), WDDM 1.3 (219..=234).
//! The `Reserved*` entries are the enum's end-of-version markers and never
//! appear in valid bytecode.
//!
//! The mnemonic is the instruction name fxc prints in its listings (without
//! suffixes such as `_sat`, `_z`/`_nz` or `_indexable(...)`, which the
//! disassembler adds from the instruction's controls).

macro_rules! opcode_table {
    ($($variant:ident = $num:literal => $mn:literal,)*) => {
        /// A decoded SM4/SM5 opcode (`D3D10_SB_OPCODE_TYPE`).
        ///
        /// Values outside the table are kept as [`Opcode::Unknown`] so that the
        /// decoder can report them with their number.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Opcode {
            $(
                #[doc = concat!("`", $mn, "` (opcode ", stringify!($num), ")")]
                $variant,
            )*
            /// An opcode number that is not in the table.
            Unknown(u16),
        }

        impl Opcode {
            /// Every opcode of the table, in numeric order (without `Unknown`).
            pub const ALL: &'static [Opcode] = &[$(Opcode::$variant,)*];

            /// Decodes an opcode number (`OpcodeToken0 & 0x7ff`).
            pub const fn from_u16(n: u16) -> Opcode {
                match n {
                    $($num => Opcode::$variant,)*
                    other => Opcode::Unknown(other),
                }
            }

            /// The opcode number as it is encoded in `OpcodeToken0[10:00]`.
            pub const fn number(self) -> u16 {
                match self {
                    $(Opcode::$variant => $num,)*
                    Opcode::Unknown(n) => n,
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
    };
}

opcode_table! {
    Add = 0 => "add",
    And = 1 => "and",
    Break = 2 => "break",
    Breakc = 3 => "breakc",
    Call = 4 => "call",
    Callc = 5 => "callc",
    Case = 6 => "case",
    Continue = 7 => "continue",
    Continuec = 8 => "continuec",
    Cut = 9 => "cut",
    Default = 10 => "default",
    DerivRtx = 11 => "deriv_rtx",
    DerivRty = 12 => "deriv_rty",
    Discard = 13 => "discard",
    Div = 14 => "div",
    Dp2 = 15 => "dp2",
    Dp3 = 16 => "dp3",
    Dp4 = 17 => "dp4",
    Else = 18 => "else",
    Emit = 19 => "emit",
    Emitthencut = 20 => "emit_then_cut",
    Endif = 21 => "endif",
    Endloop = 22 => "endloop",
    Endswitch = 23 => "endswitch",
    Eq = 24 => "eq",
    Exp = 25 => "exp",
    Frc = 26 => "frc",
    Ftoi = 27 => "ftoi",
    Ftou = 28 => "ftou",
    Ge = 29 => "ge",
    Iadd = 30 => "iadd",
    If = 31 => "if",
    Ieq = 32 => "ieq",
    Ige = 33 => "ige",
    Ilt = 34 => "ilt",
    Imad = 35 => "imad",
    Imax = 36 => "imax",
    Imin = 37 => "imin",
    Imul = 38 => "imul",
    Ine = 39 => "ine",
    Ineg = 40 => "ineg",
    Ishl = 41 => "ishl",
    Ishr = 42 => "ishr",
    Itof = 43 => "itof",
    Label = 44 => "label",
    Ld = 45 => "ld",
    LdMs = 46 => "ld_ms",
    Log = 47 => "log",
    Loop = 48 => "loop",
    Lt = 49 => "lt",
    Mad = 50 => "mad",
    Min = 51 => "min",
    Max = 52 => "max",
    Customdata = 53 => "customdata",
    Mov = 54 => "mov",
    Movc = 55 => "movc",
    Mul = 56 => "mul",
    Ne = 57 => "ne",
    Nop = 58 => "nop",
    Not = 59 => "not",
    Or = 60 => "or",
    Resinfo = 61 => "resinfo",
    Ret = 62 => "ret",
    Retc = 63 => "retc",
    RoundNe = 64 => "round_ne",
    RoundNi = 65 => "round_ni",
    RoundPi = 66 => "round_pi",
    RoundZ = 67 => "round_z",
    Rsq = 68 => "rsq",
    Sample = 69 => "sample",
    SampleC = 70 => "sample_c",
    SampleCLz = 71 => "sample_c_lz",
    SampleL = 72 => "sample_l",
    SampleD = 73 => "sample_d",
    SampleB = 74 => "sample_b",
    Sqrt = 75 => "sqrt",
    Switch = 76 => "switch",
    Sincos = 77 => "sincos",
    Udiv = 78 => "udiv",
    Ult = 79 => "ult",
    Uge = 80 => "uge",
    Umul = 81 => "umul",
    Umad = 82 => "umad",
    Umax = 83 => "umax",
    Umin = 84 => "umin",
    Ushr = 85 => "ushr",
    Utof = 86 => "utof",
    Xor = 87 => "xor",
    DclResource = 88 => "dcl_resource",
    DclConstantBuffer = 89 => "dcl_constant_buffer",
    DclSampler = 90 => "dcl_sampler",
    DclIndexRange = 91 => "dcl_indexrange",
    DclGsOutputPrimitiveTopology = 92 => "dcl_outputtopology",
    DclGsInputPrimitive = 93 => "dcl_inputprimitive",
    DclMaxOutputVertexCount = 94 => "dcl_maxout",
    DclInput = 95 => "dcl_input",
    DclInputSgv = 96 => "dcl_input_sgv",
    DclInputSiv = 97 => "dcl_input_siv",
    DclInputPs = 98 => "dcl_input_ps",
    DclInputPsSgv = 99 => "dcl_input_ps_sgv",
    DclInputPsSiv = 100 => "dcl_input_ps_siv",
    DclOutput = 101 => "dcl_output",
    DclOutputSgv = 102 => "dcl_output_sgv",
    DclOutputSiv = 103 => "dcl_output_siv",
    DclTemps = 104 => "dcl_temps",
    DclIndexableTemp = 105 => "dcl_indexableTemp",
    DclGlobalFlags = 106 => "dcl_global_flags",
    Reserved10 = 107 => "reserved_10",
    Lod = 108 => "lod",
    Gather4 = 109 => "gather4",
    SamplePos = 110 => "sample_pos",
    SampleInfo = 111 => "sample_info",
    Reserved101 = 112 => "reserved_10_1",
    HsDecls = 113 => "hs_decls",
    HsControlPointPhase = 114 => "hs_control_point_phase",
    HsForkPhase = 115 => "hs_fork_phase",
    HsJoinPhase = 116 => "hs_join_phase",
    EmitStream = 117 => "emit_stream",
    CutStream = 118 => "cut_stream",
    EmitthencutStream = 119 => "emit_then_cut_stream",
    InterfaceCall = 120 => "fcall",
    Bufinfo = 121 => "bufinfo",
    DerivRtxCoarse = 122 => "deriv_rtx_coarse",
    DerivRtxFine = 123 => "deriv_rtx_fine",
    DerivRtyCoarse = 124 => "deriv_rty_coarse",
    DerivRtyFine = 125 => "deriv_rty_fine",
    Gather4C = 126 => "gather4_c",
    Gather4Po = 127 => "gather4_po",
    Gather4PoC = 128 => "gather4_po_c",
    Rcp = 129 => "rcp",
    F32tof16 = 130 => "f32tof16",
    F16tof32 = 131 => "f16tof32",
    Uaddc = 132 => "uaddc",
    Usubb = 133 => "usubb",
    Countbits = 134 => "countbits",
    FirstbitHi = 135 => "firstbit_hi",
    FirstbitLo = 136 => "firstbit_lo",
    FirstbitShi = 137 => "firstbit_shi",
    Ubfe = 138 => "ubfe",
    Ibfe = 139 => "ibfe",
    Bfi = 140 => "bfi",
    Bfrev = 141 => "bfrev",
    Swapc = 142 => "swapc",
    DclStream = 143 => "dcl_stream",
    DclFunctionBody = 144 => "dcl_function_body",
    DclFunctionTable = 145 => "dcl_function_table",
    DclInterface = 146 => "dcl_interface",
    DclInputControlPointCount = 147 => "dcl_input_control_point_count",
    DclOutputControlPointCount = 148 => "dcl_output_control_point_count",
    DclTessDomain = 149 => "dcl_tessellator_domain",
    DclTessPartitioning = 150 => "dcl_tessellator_partitioning",
    DclTessOutputPrimitive = 151 => "dcl_tessellator_output_primitive",
    DclHsMaxTessfactor = 152 => "dcl_hs_max_tessfactor",
    DclHsForkPhaseInstanceCount = 153 => "dcl_hs_fork_phase_instance_count",
    DclHsJoinPhaseInstanceCount = 154 => "dcl_hs_join_phase_instance_count",
    DclThreadGroup = 155 => "dcl_thread_group",
    DclUnorderedAccessViewTyped = 156 => "dcl_uav_typed",
    DclUnorderedAccessViewRaw = 157 => "dcl_uav_raw",
    DclUnorderedAccessViewStructured = 158 => "dcl_uav_structured",
    DclThreadGroupSharedMemoryRaw = 159 => "dcl_tgsm_raw",
    DclThreadGroupSharedMemoryStructured = 160 => "dcl_tgsm_structured",
    DclResourceRaw = 161 => "dcl_resource_raw",
    DclResourceStructured = 162 => "dcl_resource_structured",
    LdUavTyped = 163 => "ld_uav_typed",
    StoreUavTyped = 164 => "store_uav_typed",
    LdRaw = 165 => "ld_raw",
    StoreRaw = 166 => "store_raw",
    LdStructured = 167 => "ld_structured",
    StoreStructured = 168 => "store_structured",
    AtomicAnd = 169 => "atomic_and",
    AtomicOr = 170 => "atomic_or",
    AtomicXor = 171 => "atomic_xor",
    AtomicCmpStore = 172 => "atomic_cmp_store",
    AtomicIadd = 173 => "atomic_iadd",
    AtomicImax = 174 => "atomic_imax",
    AtomicImin = 175 => "atomic_imin",
    AtomicUmax = 176 => "atomic_umax",
    AtomicUmin = 177 => "atomic_umin",
    ImmAtomicAlloc = 178 => "imm_atomic_alloc",
    ImmAtomicConsume = 179 => "imm_atomic_consume",
    ImmAtomicIadd = 180 => "imm_atomic_iadd",
    ImmAtomicAnd = 181 => "imm_atomic_and",
    ImmAtomicOr = 182 => "imm_atomic_or",
    ImmAtomicXor = 183 => "imm_atomic_xor",
    ImmAtomicExch = 184 => "imm_atomic_exch",
    ImmAtomicCmpExch = 185 => "imm_atomic_cmp_exch",
    ImmAtomicImax = 186 => "imm_atomic_imax",
    ImmAtomicImin = 187 => "imm_atomic_imin",
    ImmAtomicUmax = 188 => "imm_atomic_umax",
    ImmAtomicUmin = 189 => "imm_atomic_umin",
    Sync = 190 => "sync",
    Dadd = 191 => "dadd",
    Dmax = 192 => "dmax",
    Dmin = 193 => "dmin",
    Dmul = 194 => "dmul",
    Deq = 195 => "deq",
    Dge = 196 => "dge",
    Dlt = 197 => "dlt",
    Dne = 198 => "dne",
    Dmov = 199 => "dmov",
    Dmovc = 200 => "dmovc",
    Dtof = 201 => "dtof",
    Ftod = 202 => "ftod",
    EvalSnapped = 203 => "eval_snapped",
    EvalSampleIndex = 204 => "eval_sample_index",
    EvalCentroid = 205 => "eval_centroid",
    DclGsInstanceCount = 206 => "dcl_gsinstances",
    Abort = 207 => "abort",
    DebugBreak = 208 => "debug_break",
    Reserved11 = 209 => "reserved_11",
    Ddiv = 210 => "ddiv",
    Dfma = 211 => "dfma",
    Drcp = 212 => "drcp",
    Msad = 213 => "msad",
    Dtoi = 214 => "dtoi",
    Dtou = 215 => "dtou",
    Itod = 216 => "itod",
    Utod = 217 => "utod",
    Reserved111 = 218 => "reserved_11_1",
    Gather4Feedback = 219 => "gather4_feedback",
    Gather4CFeedback = 220 => "gather4_c_feedback",
    Gather4PoFeedback = 221 => "gather4_po_feedback",
    Gather4PoCFeedback = 222 => "gather4_po_c_feedback",
    LdFeedback = 223 => "ld_feedback",
    LdMsFeedback = 224 => "ld_ms_feedback",
    LdUavTypedFeedback = 225 => "ld_uav_typed_feedback",
    LdRawFeedback = 226 => "ld_raw_feedback",
    LdStructuredFeedback = 227 => "ld_structured_feedback",
    SampleLFeedback = 228 => "sample_l_feedback",
    SampleCLzFeedback = 229 => "sample_c_lz_feedback",
    SampleClampFeedback = 230 => "sample_clamp_feedback",
    SampleBClampFeedback = 231 => "sample_b_clamp_feedback",
    SampleDClampFeedback = 232 => "sample_d_clamp_feedback",
    SampleCClampFeedback = 233 => "sample_c_clamp_feedback",
    CheckAccessFullyMapped = 234 => "check_access_fully_mapped",
    ReservedWddm13 = 235 => "reserved_wddm1_3",
}

/// [`Opcode::is_declaration`] of every opcode number below 256, computed at
/// compile time from the table (one lookup instead of a string compare per
/// call; translation asks it several times per instruction).
const DECLARATION: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < Opcode::ALL.len() {
        let op = Opcode::ALL[i];
        let n = op.number() as usize;
        if n < t.len() {
            t[n] = declares(op);
        }
        i += 1;
    }
    t
};

/// The rule behind [`Opcode::is_declaration`].
const fn declares(op: Opcode) -> bool {
    use Opcode::*;
    let m = op.mnemonic().as_bytes();
    (m.len() >= 4 && m[0] == b'd' && m[1] == b'c' && m[2] == b'l' && m[3] == b'_')
        || matches!(
            op,
            Customdata | HsDecls | HsControlPointPhase | HsForkPhase | HsJoinPhase
        )
}

impl Opcode {
    /// True for the `dcl_*` declarations, `customdata` and the hull-shader
    /// phase markers: tokens that declare rather than execute.
    pub fn is_declaration(self) -> bool {
        match self {
            Opcode::Unknown(_) => false,
            op => DECLARATION
                .get(op.number() as usize)
                .copied()
                .unwrap_or_else(|| declares(op)),
        }
    }

    /// True for the reserved end-of-version markers and unknown numbers.
    pub fn is_reserved(self) -> bool {
        matches!(self, Opcode::Unknown(_)) || self.mnemonic().starts_with("reserved_")
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
