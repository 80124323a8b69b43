//! The opcode table: every SM4/SM5 opcode, listed once, with everything
//! dxlower knows about it.
//!
//! [`for_each_opcode!`](crate::for_each_opcode) holds the table. It knows
//! nothing of how its rows are used: it hands every row to the macro it is
//! given, and each consumer expands it into what it needs. Today one
//! consumer, in [`crate::opcode`], turns the rows into the [`Opcode`] enum
//! (numbers, mnemonics, [`Opcode::ALL`]) and the per-opcode data read by the
//! decoder and encoder (operand layout), the disassembler (operand kinds,
//! `_z`/`_nz` suffix, fxc listing name) and the lowering registry (owning
//! family, coverage).
//!
//! Numbers are the `D3D10_SB_OPCODE_TYPE` enumerators of the Microsoft
//! tokenized program format (`D3D12TokenizedProgramFormat.hpp`, the
//! `OpcodeToken0` field `[10:00]`), in enum order: D3D10 (0..=106), D3D10.1
//! (108..=111), D3D11 (113..=208), D3D11.1 (210..=217), WDDM 1.3 (219..=234).
//! The `Reserved*` rows are the enum's end-of-version markers and never
//! appear in valid bytecode.
//!
//! [`Opcode`]: crate::Opcode
//! [`Opcode::ALL`]: crate::Opcode::ALL

/// Calls `$m! { rows }` with one row per opcode of the SM4/SM5 token format,
/// in number order; the one source of truth for opcode knowledge.
///
/// A row reads
///
/// ```text
/// Variant = number "mnemonic": kind, layout, [operands], coverage(, fxc "listing name")?;
/// ```
///
/// - `Variant`: the [`Opcode`](crate::Opcode) variant, named after the
///   `D3D10_SB_OPCODE_TYPE` enumerator (`DclGsInputPrimitive` for
///   `D3D10_SB_OPCODE_DCL_GS_INPUT_PRIMITIVE`).
/// - `number`: the enumerator's value, `OpcodeToken0[10:00]`. Rows are
///   dense: row *n* has number *n* (checked at compile time).
/// - `"mnemonic"`: the instruction name fxc prints, without the suffixes
///   the disassembler adds from the instruction's controls (`_sat`,
///   `_z`/`_nz`, `_indexable(...)`, ...).
/// - `kind`: `inst` an instruction; `cond` an instruction that tests its
///   first source and takes the `_z`/`_nz` suffix (`OpcodeToken0` bit 18);
///   `dcl` a declaration (the `dcl_*` tokens, `customdata` and the hull
///   shader phase markers: tokens that declare rather than execute); `-` a
///   reserved marker.
/// - `layout`: what follows `OpcodeToken0` and its extended tokens, a
///   variant of the decoder's layout: `Ops(n)` (n operands and nothing
///   else) or a declaration payload (`ConstantBuffer`, `SystemValue`,
///   `TypedResource { uav: false }`, ...); `none` for `customdata` (read
///   apart) and the reserved markers.
/// - `[operands]`: how the disassembler types the operands: the number of
///   destinations, then one kind per operand position, the last repeating
///   (`F` float, `I` int, `U` uint or bits, `A` untyped move, `R` typed by
///   the resource, `D` double pair, `N` not a value). `[]` is no
///   destination and untyped operands, what declarations and operand-less
///   instructions use.
/// - `coverage`: what dxlower does with the opcode.
///   - `handled("family")`: a handler of the named lowerings crate
///     (`lowerings/<family>`, crate `dxlower-<family>`) lowers it, or
///     refuses it by name under some profile. The family column is data
///     for the lowering registry; the reader does not act on it.
///   - `decoded_only(Stage, ...)`: legal only in the listed program types,
///     which dxlower refuses as a whole before lowering (GLSL ES 3.00 has
///     vertex and fragment shaders only), so it needs no handler. The
///     reader decodes, encodes and disassembles it like any other opcode.
///   - `reserved`: an end-of-version marker; never valid.
/// - `fxc "listing name"`: the name fxc's listings print when it differs
///   from the mnemonic (`ld_ms` is listed `ldms`, the residency feedback
///   forms `*_s`).
///
/// Adding an opcode is adding its row here (plus, for a `handled` row, the
/// handler in its family crate).
#[macro_export]
macro_rules! for_each_opcode {
    ($m:ident) => { $m! {
        // D3D10 (`D3D10_SB_OPCODE_*`).
        Add                                  =   0 "add":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        And                                  =   1 "and":                              inst, Ops(3),                       [1: U],             handled("cmp-controlflow");
        Break                                =   2 "break":                            inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Breakc                               =   3 "breakc":                           cond, Ops(1),                       [0: U],             handled("cmp-controlflow");
        Call                                 =   4 "call":                             inst, Ops(1),                       [0: N],             handled("cmp-controlflow");
        Callc                                =   5 "callc":                            cond, Ops(2),                       [0: U N],           handled("cmp-controlflow");
        Case                                 =   6 "case":                             inst, Ops(1),                       [0: I],             handled("cmp-controlflow");
        Continue                             =   7 "continue":                         inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Continuec                            =   8 "continuec":                        cond, Ops(1),                       [0: U],             handled("cmp-controlflow");
        Cut                                  =   9 "cut":                              inst, Ops(0),                       [],                 decoded_only(Geometry);
        Default                              =  10 "default":                          inst, Ops(0),                       [],                 handled("cmp-controlflow");
        DerivRtx                             =  11 "deriv_rtx":                        inst, Ops(2),                       [1: F],             handled("texture-sample");
        DerivRty                             =  12 "deriv_rty":                        inst, Ops(2),                       [1: F],             handled("texture-sample");
        Discard                              =  13 "discard":                          cond, Ops(1),                       [0: U],             handled("cmp-controlflow");
        Div                                  =  14 "div":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Dp2                                  =  15 "dp2":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Dp3                                  =  16 "dp3":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Dp4                                  =  17 "dp4":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Else                                 =  18 "else":                             inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Emit                                 =  19 "emit":                             inst, Ops(0),                       [],                 decoded_only(Geometry);
        Emitthencut                          =  20 "emit_then_cut":                    inst, Ops(0),                       [],                 decoded_only(Geometry);
        Endif                                =  21 "endif":                            inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Endloop                              =  22 "endloop":                          inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Endswitch                            =  23 "endswitch":                        inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Eq                                   =  24 "eq":                               inst, Ops(3),                       [1: U F],           handled("cmp-controlflow");
        Exp                                  =  25 "exp":                              inst, Ops(2),                       [1: F],             handled("float-alu");
        Frc                                  =  26 "frc":                              inst, Ops(2),                       [1: F],             handled("float-alu");
        Ftoi                                 =  27 "ftoi":                             inst, Ops(2),                       [1: I F],           handled("integer-conv");
        Ftou                                 =  28 "ftou":                             inst, Ops(2),                       [1: U F],           handled("integer-conv");
        Ge                                   =  29 "ge":                               inst, Ops(3),                       [1: U F],           handled("cmp-controlflow");
        Iadd                                 =  30 "iadd":                             inst, Ops(3),                       [1: I],             handled("integer-conv");
        If                                   =  31 "if":                               cond, Ops(1),                       [0: U],             handled("cmp-controlflow");
        Ieq                                  =  32 "ieq":                              inst, Ops(3),                       [1: U I],           handled("cmp-controlflow");
        Ige                                  =  33 "ige":                              inst, Ops(3),                       [1: U I],           handled("cmp-controlflow");
        Ilt                                  =  34 "ilt":                              inst, Ops(3),                       [1: U I],           handled("cmp-controlflow");
        Imad                                 =  35 "imad":                             inst, Ops(4),                       [1: I],             handled("integer-conv");
        Imax                                 =  36 "imax":                             inst, Ops(3),                       [1: I],             handled("integer-conv");
        Imin                                 =  37 "imin":                             inst, Ops(3),                       [1: I],             handled("integer-conv");
        Imul                                 =  38 "imul":                             inst, Ops(4),                       [2: I],             handled("integer-conv");
        Ine                                  =  39 "ine":                              inst, Ops(3),                       [1: U I],           handled("cmp-controlflow");
        Ineg                                 =  40 "ineg":                             inst, Ops(2),                       [1: I],             handled("integer-conv");
        Ishl                                 =  41 "ishl":                             inst, Ops(3),                       [1: I I U],         handled("integer-conv");
        Ishr                                 =  42 "ishr":                             inst, Ops(3),                       [1: I I U],         handled("integer-conv");
        Itof                                 =  43 "itof":                             inst, Ops(2),                       [1: F I],           handled("integer-conv");
        Label                                =  44 "label":                            inst, Ops(1),                       [0: N],             handled("cmp-controlflow");
        Ld                                   =  45 "ld":                               inst, Ops(3),                       [1: R I N],         handled("texture-sample");
        LdMs                                 =  46 "ld_ms":                            inst, Ops(4),                       [1: R I N I],       handled("texture-sample"), fxc "ldms";
        Log                                  =  47 "log":                              inst, Ops(2),                       [1: F],             handled("float-alu");
        Loop                                 =  48 "loop":                             inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Lt                                   =  49 "lt":                               inst, Ops(3),                       [1: U F],           handled("cmp-controlflow");
        Mad                                  =  50 "mad":                              inst, Ops(4),                       [1: F],             handled("float-alu");
        Min                                  =  51 "min":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Max                                  =  52 "max":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Customdata                           =  53 "customdata":                       dcl,  none,                         [],                 handled("decl-io");
        Mov                                  =  54 "mov":                              inst, Ops(2),                       [1: A],             handled("float-alu");
        Movc                                 =  55 "movc":                             inst, Ops(4),                       [1: A U A],         handled("cmp-controlflow");
        Mul                                  =  56 "mul":                              inst, Ops(3),                       [1: F],             handled("float-alu");
        Ne                                   =  57 "ne":                               inst, Ops(3),                       [1: U F],           handled("cmp-controlflow");
        Nop                                  =  58 "nop":                              inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Not                                  =  59 "not":                              inst, Ops(2),                       [1: U],             handled("cmp-controlflow");
        Or                                   =  60 "or":                               inst, Ops(3),                       [1: U],             handled("cmp-controlflow");
        Resinfo                              =  61 "resinfo":                          inst, Ops(3),                       [1: R U N],         handled("texture-sample");
        Ret                                  =  62 "ret":                              inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Retc                                 =  63 "retc":                             cond, Ops(1),                       [0: U],             handled("cmp-controlflow");
        RoundNe                              =  64 "round_ne":                         inst, Ops(2),                       [1: F],             handled("float-alu");
        RoundNi                              =  65 "round_ni":                         inst, Ops(2),                       [1: F],             handled("float-alu");
        RoundPi                              =  66 "round_pi":                         inst, Ops(2),                       [1: F],             handled("float-alu");
        RoundZ                               =  67 "round_z":                          inst, Ops(2),                       [1: F],             handled("float-alu");
        Rsq                                  =  68 "rsq":                              inst, Ops(2),                       [1: F],             handled("float-alu");
        Sample                               =  69 "sample":                           inst, Ops(4),                       [1: R F N N F],     handled("texture-sample");
        SampleC                              =  70 "sample_c":                         inst, Ops(5),                       [1: R F N N F],     handled("texture-sample");
        SampleCLz                            =  71 "sample_c_lz":                      inst, Ops(5),                       [1: R F N N F],     handled("texture-sample");
        SampleL                              =  72 "sample_l":                         inst, Ops(5),                       [1: R F N N F],     handled("texture-sample");
        SampleD                              =  73 "sample_d":                         inst, Ops(6),                       [1: R F N N F],     handled("texture-sample");
        SampleB                              =  74 "sample_b":                         inst, Ops(5),                       [1: R F N N F],     handled("texture-sample");
        Sqrt                                 =  75 "sqrt":                             inst, Ops(2),                       [1: F],             handled("float-alu");
        Switch                               =  76 "switch":                           inst, Ops(1),                       [0: I],             handled("cmp-controlflow");
        Sincos                               =  77 "sincos":                           inst, Ops(3),                       [2: F],             handled("float-alu");
        Udiv                                 =  78 "udiv":                             inst, Ops(4),                       [2: U],             handled("integer-conv");
        Ult                                  =  79 "ult":                              inst, Ops(3),                       [1: U],             handled("cmp-controlflow");
        Uge                                  =  80 "uge":                              inst, Ops(3),                       [1: U],             handled("cmp-controlflow");
        Umul                                 =  81 "umul":                             inst, Ops(4),                       [2: U],             handled("integer-conv");
        Umad                                 =  82 "umad":                             inst, Ops(4),                       [1: U],             handled("integer-conv");
        Umax                                 =  83 "umax":                             inst, Ops(3),                       [1: U],             handled("integer-conv");
        Umin                                 =  84 "umin":                             inst, Ops(3),                       [1: U],             handled("integer-conv");
        Ushr                                 =  85 "ushr":                             inst, Ops(3),                       [1: U],             handled("integer-conv");
        Utof                                 =  86 "utof":                             inst, Ops(2),                       [1: F U],           handled("integer-conv");
        Xor                                  =  87 "xor":                              inst, Ops(3),                       [1: U],             handled("cmp-controlflow");
        DclResource                          =  88 "dcl_resource":                     dcl,  TypedResource { uav: false }, [],                 handled("decl-io");
        DclConstantBuffer                    =  89 "dcl_constant_buffer":              dcl,  ConstantBuffer,               [],                 handled("decl-io");
        DclSampler                           =  90 "dcl_sampler":                      dcl,  OperandSpace51,               [],                 handled("decl-io");
        DclIndexRange                        =  91 "dcl_indexrange":                   dcl,  OperandCount,                 [],                 handled("decl-io");
        DclGsOutputPrimitiveTopology         =  92 "dcl_outputtopology":               dcl,  Ops(0),                       [],                 decoded_only(Geometry);
        DclGsInputPrimitive                  =  93 "dcl_inputprimitive":               dcl,  Ops(0),                       [],                 decoded_only(Geometry);
        DclMaxOutputVertexCount              =  94 "dcl_maxout":                       dcl,  Count,                        [],                 decoded_only(Geometry);
        DclInput                             =  95 "dcl_input":                        dcl,  Ops(1),                       [],                 handled("decl-io");
        DclInputSgv                          =  96 "dcl_input_sgv":                    dcl,  SystemValue,                  [],                 handled("decl-io");
        DclInputSiv                          =  97 "dcl_input_siv":                    dcl,  SystemValue,                  [],                 handled("decl-io");
        DclInputPs                           =  98 "dcl_input_ps":                     dcl,  Ops(1),                       [],                 handled("decl-io");
        DclInputPsSgv                        =  99 "dcl_input_ps_sgv":                 dcl,  SystemValue,                  [],                 handled("decl-io");
        DclInputPsSiv                        = 100 "dcl_input_ps_siv":                 dcl,  SystemValue,                  [],                 handled("decl-io");
        DclOutput                            = 101 "dcl_output":                       dcl,  Ops(1),                       [],                 handled("decl-io");
        DclOutputSgv                         = 102 "dcl_output_sgv":                   dcl,  SystemValue,                  [],                 decoded_only(Geometry);
        DclOutputSiv                         = 103 "dcl_output_siv":                   dcl,  SystemValue,                  [],                 handled("decl-io");
        DclTemps                             = 104 "dcl_temps":                        dcl,  Count,                        [],                 handled("decl-io");
        DclIndexableTemp                     = 105 "dcl_indexableTemp":                dcl,  IndexableTemp,                [],                 handled("decl-io");
        DclGlobalFlags                       = 106 "dcl_global_flags":                 dcl,  Ops(0),                       [],                 handled("decl-io");
        Reserved10                           = 107 "reserved_10":                      -,    none,                         [],                 reserved;

        // D3D10.1 (`D3D10_1_SB_OPCODE_*`).
        Lod                                  = 108 "lod":                              inst, Ops(4),                       [1: R F N N F],     handled("texture-sample");
        Gather4                              = 109 "gather4":                          inst, Ops(4),                       [1: R F N N F],     handled("texture-sample");
        SamplePos                            = 110 "sample_pos":                       inst, Ops(3),                       [1: F N U],         handled("texture-sample"), fxc "samplepos";
        SampleInfo                           = 111 "sample_info":                      inst, Ops(2),                       [1: R N],           handled("texture-sample"), fxc "sampleinfo";
        Reserved101                          = 112 "reserved_10_1":                    -,    none,                         [],                 reserved;

        // D3D11 (`D3D11_SB_OPCODE_*`).
        HsDecls                              = 113 "hs_decls":                         dcl,  Ops(0),                       [],                 decoded_only(Hull);
        HsControlPointPhase                  = 114 "hs_control_point_phase":           dcl,  Ops(0),                       [],                 decoded_only(Hull);
        HsForkPhase                          = 115 "hs_fork_phase":                    dcl,  Ops(0),                       [],                 decoded_only(Hull);
        HsJoinPhase                          = 116 "hs_join_phase":                    dcl,  Ops(0),                       [],                 decoded_only(Hull);
        EmitStream                           = 117 "emit_stream":                      inst, Ops(1),                       [0: N],             decoded_only(Geometry);
        CutStream                            = 118 "cut_stream":                       inst, Ops(1),                       [0: N],             decoded_only(Geometry);
        EmitthencutStream                    = 119 "emit_then_cut_stream":             inst, Ops(1),                       [0: N],             decoded_only(Geometry);
        InterfaceCall                        = 120 "fcall":                            inst, InterfaceCall,                [0: N],             handled("cmp-controlflow");
        Bufinfo                              = 121 "bufinfo":                          inst, Ops(2),                       [1: R N],           handled("memory-structured");
        DerivRtxCoarse                       = 122 "deriv_rtx_coarse":                 inst, Ops(2),                       [1: F],             handled("texture-sample");
        DerivRtxFine                         = 123 "deriv_rtx_fine":                   inst, Ops(2),                       [1: F],             handled("texture-sample");
        DerivRtyCoarse                       = 124 "deriv_rty_coarse":                 inst, Ops(2),                       [1: F],             handled("texture-sample");
        DerivRtyFine                         = 125 "deriv_rty_fine":                   inst, Ops(2),                       [1: F],             handled("texture-sample");
        Gather4C                             = 126 "gather4_c":                        inst, Ops(5),                       [1: R F N N F],     handled("texture-sample");
        // fxc prints every gather4_po immediate as an integer, even the
        // coordinates and the reference value (so do the feedback forms).
        Gather4Po                            = 127 "gather4_po":                       inst, Ops(5),                       [1: R I I N N I],   handled("texture-sample");
        Gather4PoC                           = 128 "gather4_po_c":                     inst, Ops(6),                       [1: R I I N N I],   handled("texture-sample");
        Rcp                                  = 129 "rcp":                              inst, Ops(2),                       [1: F],             handled("float-alu");
        F32tof16                             = 130 "f32tof16":                         inst, Ops(2),                       [1: U F],           handled("integer-conv");
        F16tof32                             = 131 "f16tof32":                         inst, Ops(2),                       [1: F U],           handled("integer-conv");
        Uaddc                                = 132 "uaddc":                            inst, Ops(4),                       [2: U],             handled("integer-conv");
        Usubb                                = 133 "usubb":                            inst, Ops(4),                       [2: U],             handled("integer-conv");
        Countbits                            = 134 "countbits":                        inst, Ops(2),                       [1: U],             handled("integer-conv");
        FirstbitHi                           = 135 "firstbit_hi":                      inst, Ops(2),                       [1: U],             handled("integer-conv");
        FirstbitLo                           = 136 "firstbit_lo":                      inst, Ops(2),                       [1: U],             handled("integer-conv");
        FirstbitShi                          = 137 "firstbit_shi":                     inst, Ops(2),                       [1: U],             handled("integer-conv");
        Ubfe                                 = 138 "ubfe":                             inst, Ops(4),                       [1: U],             handled("integer-conv");
        Ibfe                                 = 139 "ibfe":                             inst, Ops(4),                       [1: I U U I],       handled("integer-conv");
        Bfi                                  = 140 "bfi":                              inst, Ops(5),                       [1: U],             handled("integer-conv");
        Bfrev                                = 141 "bfrev":                            inst, Ops(2),                       [1: U],             handled("integer-conv");
        Swapc                                = 142 "swapc":                            inst, Ops(5),                       [2: A A U A],       handled("cmp-controlflow");
        DclStream                            = 143 "dcl_stream":                       dcl,  Ops(1),                       [],                 decoded_only(Geometry);
        DclFunctionBody                      = 144 "dcl_function_body":                dcl,  Count,                        [],                 handled("cmp-controlflow");
        DclFunctionTable                     = 145 "dcl_function_table":               dcl,  FunctionTable,                [],                 handled("cmp-controlflow");
        DclInterface                         = 146 "dcl_interface":                    dcl,  Interface,                    [],                 handled("cmp-controlflow");
        DclInputControlPointCount            = 147 "dcl_input_control_point_count":    dcl,  Ops(0),                       [],                 decoded_only(Hull, Domain);
        DclOutputControlPointCount           = 148 "dcl_output_control_point_count":   dcl,  Ops(0),                       [],                 decoded_only(Hull);
        DclTessDomain                        = 149 "dcl_tessellator_domain":           dcl,  Ops(0),                       [],                 decoded_only(Hull, Domain);
        DclTessPartitioning                  = 150 "dcl_tessellator_partitioning":     dcl,  Ops(0),                       [],                 decoded_only(Hull);
        DclTessOutputPrimitive               = 151 "dcl_tessellator_output_primitive": dcl,  Ops(0),                       [],                 decoded_only(Hull);
        DclHsMaxTessfactor                   = 152 "dcl_hs_max_tessfactor":            dcl,  Float,                        [],                 decoded_only(Hull);
        DclHsForkPhaseInstanceCount          = 153 "dcl_hs_fork_phase_instance_count": dcl,  Count,                        [],                 decoded_only(Hull);
        DclHsJoinPhaseInstanceCount          = 154 "dcl_hs_join_phase_instance_count": dcl,  Count,                        [],                 decoded_only(Hull);
        DclThreadGroup                       = 155 "dcl_thread_group":                 dcl,  ThreadGroup,                  [],                 handled("memory-structured");
        DclUnorderedAccessViewTyped          = 156 "dcl_uav_typed":                    dcl,  TypedResource { uav: true },  [],                 handled("memory-structured");
        DclUnorderedAccessViewRaw            = 157 "dcl_uav_raw":                      dcl,  OperandSpace51,               [],                 handled("memory-structured");
        DclUnorderedAccessViewStructured     = 158 "dcl_uav_structured":               dcl,  StructuredResource,           [],                 handled("memory-structured");
        DclThreadGroupSharedMemoryRaw        = 159 "dcl_tgsm_raw":                     dcl,  OperandCount,                 [],                 handled("memory-structured");
        DclThreadGroupSharedMemoryStructured = 160 "dcl_tgsm_structured":              dcl,  TgsmStructured,               [],                 handled("memory-structured");
        DclResourceRaw                       = 161 "dcl_resource_raw":                 dcl,  OperandSpace51,               [],                 handled("memory-structured");
        DclResourceStructured                = 162 "dcl_resource_structured":          dcl,  StructuredResource,           [],                 handled("decl-io");
        LdUavTyped                           = 163 "ld_uav_typed":                     inst, Ops(3),                       [1: R I N],         handled("memory-structured");
        StoreUavTyped                        = 164 "store_uav_typed":                  inst, Ops(3),                       [0: N I A],         handled("memory-structured");
        LdRaw                                = 165 "ld_raw":                           inst, Ops(3),                       [1: R U N],         handled("memory-structured");
        StoreRaw                             = 166 "store_raw":                        inst, Ops(3),                       [0: N U A],         handled("memory-structured");
        LdStructured                         = 167 "ld_structured":                    inst, Ops(4),                       [1: R U U N],       handled("memory-structured");
        StoreStructured                      = 168 "store_structured":                 inst, Ops(4),                       [0: N U U A],       handled("memory-structured");
        AtomicAnd                            = 169 "atomic_and":                       inst, Ops(3),                       [0: N U U],         handled("memory-structured");
        AtomicOr                             = 170 "atomic_or":                        inst, Ops(3),                       [0: N U U],         handled("memory-structured");
        AtomicXor                            = 171 "atomic_xor":                       inst, Ops(3),                       [0: N U U],         handled("memory-structured");
        AtomicCmpStore                       = 172 "atomic_cmp_store":                 inst, Ops(4),                       [0: N U U],         handled("memory-structured");
        AtomicIadd                           = 173 "atomic_iadd":                      inst, Ops(3),                       [0: N U U],         handled("memory-structured");
        AtomicImax                           = 174 "atomic_imax":                      inst, Ops(3),                       [0: N U I],         handled("memory-structured");
        AtomicImin                           = 175 "atomic_imin":                      inst, Ops(3),                       [0: N U I],         handled("memory-structured");
        AtomicUmax                           = 176 "atomic_umax":                      inst, Ops(3),                       [0: N U U],         handled("memory-structured");
        AtomicUmin                           = 177 "atomic_umin":                      inst, Ops(3),                       [0: N U U],         handled("memory-structured");
        ImmAtomicAlloc                       = 178 "imm_atomic_alloc":                 inst, Ops(2),                       [1: U N],           handled("memory-structured");
        ImmAtomicConsume                     = 179 "imm_atomic_consume":               inst, Ops(2),                       [1: U N],           handled("memory-structured");
        ImmAtomicIadd                        = 180 "imm_atomic_iadd":                  inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicAnd                         = 181 "imm_atomic_and":                   inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicOr                          = 182 "imm_atomic_or":                    inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicXor                         = 183 "imm_atomic_xor":                   inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicExch                        = 184 "imm_atomic_exch":                  inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicCmpExch                     = 185 "imm_atomic_cmp_exch":              inst, Ops(5),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicImax                        = 186 "imm_atomic_imax":                  inst, Ops(4),                       [1: I N U I],       handled("memory-structured");
        ImmAtomicImin                        = 187 "imm_atomic_imin":                  inst, Ops(4),                       [1: I N U I],       handled("memory-structured");
        ImmAtomicUmax                        = 188 "imm_atomic_umax":                  inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        ImmAtomicUmin                        = 189 "imm_atomic_umin":                  inst, Ops(4),                       [1: U N U U],       handled("memory-structured");
        Sync                                 = 190 "sync":                             inst, Ops(0),                       [],                 handled("memory-structured");
        Dadd                                 = 191 "dadd":                             inst, Ops(3),                       [1: D],             handled("float-alu");
        Dmax                                 = 192 "dmax":                             inst, Ops(3),                       [1: D],             handled("float-alu");
        Dmin                                 = 193 "dmin":                             inst, Ops(3),                       [1: D],             handled("float-alu");
        Dmul                                 = 194 "dmul":                             inst, Ops(3),                       [1: D],             handled("float-alu");
        Deq                                  = 195 "deq":                              inst, Ops(3),                       [1: U D],           handled("float-alu");
        Dge                                  = 196 "dge":                              inst, Ops(3),                       [1: U D],           handled("float-alu");
        Dlt                                  = 197 "dlt":                              inst, Ops(3),                       [1: U D],           handled("float-alu");
        Dne                                  = 198 "dne":                              inst, Ops(3),                       [1: U D],           handled("float-alu");
        Dmov                                 = 199 "dmov":                             inst, Ops(2),                       [1: D],             handled("float-alu");
        Dmovc                                = 200 "dmovc":                            inst, Ops(4),                       [1: D U D],         handled("float-alu");
        Dtof                                 = 201 "dtof":                             inst, Ops(2),                       [1: F D],           handled("float-alu");
        Ftod                                 = 202 "ftod":                             inst, Ops(2),                       [1: D F],           handled("float-alu");
        EvalSnapped                          = 203 "eval_snapped":                     inst, Ops(3),                       [1: F F I],         handled("texture-sample");
        EvalSampleIndex                      = 204 "eval_sample_index":                inst, Ops(3),                       [1: F F I],         handled("texture-sample");
        EvalCentroid                         = 205 "eval_centroid":                    inst, Ops(2),                       [1: F],             handled("texture-sample");
        DclGsInstanceCount                   = 206 "dcl_gsinstances":                  dcl,  Count,                        [],                 decoded_only(Geometry);
        Abort                                = 207 "abort":                            inst, Ops(0),                       [],                 handled("cmp-controlflow");
        DebugBreak                           = 208 "debug_break":                      inst, Ops(0),                       [],                 handled("cmp-controlflow");
        Reserved11                           = 209 "reserved_11":                      -,    none,                         [],                 reserved;

        // D3D11.1 (`D3D11_1_SB_OPCODE_*`).
        Ddiv                                 = 210 "ddiv":                             inst, Ops(3),                       [1: D],             handled("float-alu");
        Dfma                                 = 211 "dfma":                             inst, Ops(4),                       [1: D],             handled("float-alu");
        Drcp                                 = 212 "drcp":                             inst, Ops(2),                       [1: D],             handled("float-alu");
        Msad                                 = 213 "msad":                             inst, Ops(4),                       [1: U],             handled("integer-conv");
        Dtoi                                 = 214 "dtoi":                             inst, Ops(2),                       [1: I D],           handled("float-alu");
        Dtou                                 = 215 "dtou":                             inst, Ops(2),                       [1: U D],           handled("float-alu");
        Itod                                 = 216 "itod":                             inst, Ops(2),                       [1: D I],           handled("float-alu");
        Utod                                 = 217 "utod":                             inst, Ops(2),                       [1: D U],           handled("float-alu");
        Reserved111                          = 218 "reserved_11_1":                    -,    none,                         [],                 reserved;

        // WDDM 1.3 (`D3DWDDM1_3_SB_OPCODE_*`).
        Gather4Feedback                      = 219 "gather4_feedback":                 inst, Ops(5),                       [2: R U F N N F],   handled("texture-sample"), fxc "gather4_s";
        Gather4CFeedback                     = 220 "gather4_c_feedback":               inst, Ops(6),                       [2: R U F N N F],   handled("texture-sample"), fxc "gather4_c_s";
        Gather4PoFeedback                    = 221 "gather4_po_feedback":              inst, Ops(6),                       [2: R U I I N N I], handled("texture-sample"), fxc "gather4_po_s";
        Gather4PoCFeedback                   = 222 "gather4_po_c_feedback":            inst, Ops(7),                       [2: R U I I N N I], handled("texture-sample"), fxc "gather4_po_c_s";
        LdFeedback                           = 223 "ld_feedback":                      inst, Ops(4),                       [1: R I N],         handled("texture-sample"), fxc "ld_s";
        LdMsFeedback                         = 224 "ld_ms_feedback":                   inst, Ops(5),                       [1: R I N I],       handled("texture-sample"), fxc "ldms_s";
        LdUavTypedFeedback                   = 225 "ld_uav_typed_feedback":            inst, Ops(4),                       [1: R I N],         handled("memory-structured"), fxc "ld_uav_typed_s";
        LdRawFeedback                        = 226 "ld_raw_feedback":                  inst, Ops(4),                       [1: R U N],         handled("memory-structured"), fxc "ld_raw_s";
        LdStructuredFeedback                 = 227 "ld_structured_feedback":           inst, Ops(5),                       [1: R U U N],       handled("memory-structured"), fxc "ld_structured_s";
        SampleLFeedback                      = 228 "sample_l_feedback":                inst, Ops(6),                       [2: R U F N N F],   handled("texture-sample"), fxc "sample_l_s";
        SampleCLzFeedback                    = 229 "sample_c_lz_feedback":             inst, Ops(6),                       [2: R U F N N F],   handled("texture-sample"), fxc "sample_c_lz_s";
        SampleClampFeedback                  = 230 "sample_clamp_feedback":            inst, Ops(6),                       [2: R U F N N F],   handled("texture-sample"), fxc "sample_cl_s";
        SampleBClampFeedback                 = 231 "sample_b_clamp_feedback":          inst, Ops(7),                       [2: R U F N N F],   handled("texture-sample"), fxc "sample_b_cl_s";
        SampleDClampFeedback                 = 232 "sample_d_clamp_feedback":          inst, Ops(8),                       [2: R U F N N F],   handled("texture-sample"), fxc "sample_d_cl_s";
        SampleCClampFeedback                 = 233 "sample_c_clamp_feedback":          inst, Ops(7),                       [2: R U F N N F],   handled("texture-sample"), fxc "sample_c_cl_s";
        CheckAccessFullyMapped               = 234 "check_access_fully_mapped":        inst, Ops(2),                       [1: U],             handled("texture-sample");
        ReservedWddm13                       = 235 "reserved_wddm1_3":                 -,    none,                         [],                 reserved;
    } };
}
