#!/usr/bin/env python3
"""Rewrites citations of the project's former external design notes into
citations of the rule documents kept in the repository.

    scripts/rewrite-citations.py [--check]

Every change is line-local: a handler's `spec: "…"` string, or a substring
of one source or documentation line, is replaced in place; no line is
joined, split or moved (a line may only be emptied of a citation). The
script is idempotent: it can be run again after merging branches that
still carry old citations, and it rewrites what it knows:

1. `spec:` strings of `register_handler!`/`register_pass!` listed in SPEC;
   an unlisted one is derived from the opcodes its block registers
   (`opcodes: &[Opcode::Foo, …]`) when the family's rule document has a
   section for them;
2. the exact substitutions of LINES, per file;
3. `**Spec**: families.md §N `op`` in a family crate, when the family's
   rule document has a section for `op`.

It then lists every line that still cites an external note, with its file
and line, and exits with status 1 if there is one (`--check` only lists,
without writing). `cargo test -p dxlower-tests --test spec_citations`
checks the result: every citation must name a document and a section
heading of the repository.
"""

import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

DOCS = {
    "FA": "lowerings/float-alu/docs/float-alu.md",
    "IC": "lowerings/integer-conv/docs/integer-conv.md",
    "CC": "lowerings/cmp-controlflow/docs/cmp-controlflow.md",
    "TS": "lowerings/texture-sample/docs/texture-sample.md",
    "MS": "lowerings/memory-structured/docs/memory-structured.md",
    "DI": "lowerings/decl-io/docs/decl-io.md",
    "CV": "docs/conventions.md",
    "PR": "docs/profiles.md",
    "MF": "docs/manifest.md",
    "CP": "docs/cewg-package.md",
}


def x(s):
    """Expands `{FA}`-style document names."""
    return s.format(**DOCS)


# --- 1. spec strings -------------------------------------------------------

SPEC = {k: x(v) for k, v in {
    # float-alu
    "families.md §2 add": "{FA}#add-mul",
    "families.md §2 mul": "{FA}#add-mul",
    "families.md §2 div": "{FA}#div",
    "families.md §2 mad": "{FA}#mad",
    "families.md §2 dp2": "{FA}#dp2-dp3-dp4",
    "families.md §2 dp3": "{FA}#dp2-dp3-dp4",
    "families.md §2 dp4": "{FA}#dp2-dp3-dp4",
    "families.md §2 min": "{FA}#min-max",
    "families.md §2 max": "{FA}#min-max",
    "families.md §2 mov": "{FA}#mov",
    "families.md §2 rcp": "{FA}#rcp",
    "families.md §2 sincos": "{FA}#sincos",
    "families.md §2 exp": "{FA}#exp",
    "families.md §2 log": "{FA}#log",
    "families.md §2 frc": "{FA}#frc",
    "families.md §2 round_ne": "{FA}#round_ne-round_ni-round_pi-round_z",
    "families.md §2 round_ni": "{FA}#round_ne-round_ni-round_pi-round_z",
    "families.md §2 round_pi": "{FA}#round_ne-round_ni-round_pi-round_z",
    "families.md §2 round_z": "{FA}#round_ne-round_ni-round_pi-round_z",
    "families.md §2 sqrt": "{FA}#sqrt",
    "families.md §2 rsq": "{FA}#rsq",
    "families.md §7 double ops; profiles.md §2 fp64": "{FA}#double-precision",
    # integer-conv
    "families.md §3 iadd": "{IC}#iadd",
    "families.md §3 imad": "{IC}#imad-umad",
    "families.md §7 umad": "{IC}#imad-umad",
    "families.md §3 ineg": "{IC}#ineg",
    "families.md §3 imax": "{IC}#imax-imin-umax-umin",
    "families.md §3 imin": "{IC}#imax-imin-umax-umin",
    "families.md §3 umax": "{IC}#imax-imin-umax-umin",
    "families.md §3 umin": "{IC}#imax-imin-umax-umin",
    "families.md §3 ishl": "{IC}#ishl-ishr-ushr",
    "families.md §3 ishr": "{IC}#ishl-ishr-ushr",
    "families.md §3 ushr": "{IC}#ishl-ishr-ushr",
    "families.md §3 imul": "{IC}#imul-umul",
    "families.md §7 umul": "{IC}#imul-umul",
    "families.md §3 udiv": "{IC}#udiv",
    "families.md §7 uaddc": "{IC}#uaddc-usubb",
    "families.md §7 usubb": "{IC}#uaddc-usubb",
    "families.md §3 itof": "{IC}#itof-utof",
    "families.md §3 utof": "{IC}#itof-utof",
    "families.md §3 ftoi": "{IC}#ftoi-ftou",
    "families.md §3 ftou": "{IC}#ftoi-ftou",
    "families.md §3 f16tof32": "{IC}#f16tof32",
    "families.md §3 f32tof16": "{IC}#f32tof16",
    "families.md §3 ubfe": "{IC}#ubfe-ibfe",
    "families.md §3 ibfe": "{IC}#ubfe-ibfe",
    "families.md §3 bfi": "{IC}#bfi",
    "families.md §3 countbits": "{IC}#countbits",
    "families.md §7 firstbit_hi": "{IC}#firstbit_hi-firstbit_lo-firstbit_shi",
    "families.md §7 firstbit_lo": "{IC}#firstbit_hi-firstbit_lo-firstbit_shi",
    "families.md §7 firstbit_shi": "{IC}#firstbit_hi-firstbit_lo-firstbit_shi",
    "families.md §7 bfrev": "{IC}#bfrev",
    "families.md §7 msad": "{IC}#msad",
    # cmp-controlflow
    "families.md §4 compares (eq ge lt ne ieq ige ilt ine uge ult), §0.2": "{CC}#compares",
    "families.md §4 bitwise (and or xor)": "{CC}#and-or-xor",
    "families.md §4 not, §8 op_not": "{CC}#not",
    "families.md §4 movc, §0.1 aliasing, §0.2": "{CC}#movc",
    "families.md §7 swapc, §0.1 aliasing": "{CC}#swapc",
    "families.md §4 if, §0.3": "{CC}#if-else-endif",
    "families.md §4 else": "{CC}#if-else-endif",
    "families.md §4 endif": "{CC}#if-else-endif",
    "families.md §4 loop": "{CC}#loop-endloop",
    "families.md §4 endloop": "{CC}#loop-endloop",
    "families.md §4 break, breakc, §0.3": "{CC}#break-breakc-continue-continuec",
    "families.md §4 continue, continuec, §0.3": "{CC}#break-breakc-continue-continuec",
    "families.md §4 switch": "{CC}#switch-case-default-endswitch",
    "families.md §4 case": "{CC}#switch-case-default-endswitch",
    "families.md §4 default": "{CC}#switch-case-default-endswitch",
    "families.md §4 endswitch": "{CC}#switch-case-default-endswitch",
    "families.md §4 ret": "{CC}#ret-retc",
    "families.md §4 retc, §9 item 5": "{CC}#ret-retc",
    "families.md §4 discard (families-review #14), profiles.md §3 discard_mode": "{CC}#discard",
    "families.md §7 label (as a GLSL function)": "{CC}#label-call-callc",
    "families.md §7 call, callc (as GLSL function calls)": "{CC}#label-call-callc",
    "families.md §7 dcl_function_*, dcl_interface": "{CC}#class-linkage-and-debug-instructions",
    "families.md §7 fcall": "{CC}#class-linkage-and-debug-instructions",
    "families.md §7 abort, debug_break": "{CC}#class-linkage-and-debug-instructions",
    "families.md §7 nop": "{CC}#nop",
    # texture-sample
    "families.md §5 sample": "{TS}#sample",
    "families.md §5 sample_b": "{TS}#sample_b",
    "families.md §5 sample_l": "{TS}#sample_l",
    "families.md §5 sample_d": "{TS}#sample_d",
    "families.md §5 sample_c; families-review.md finding 10": "{TS}#sample_c",
    "families.md §5 sample_c_lz; profiles.md §2": "{TS}#sample_c_lz",
    "families.md §5 ld; families-review.md findings 9, 11": "{TS}#ld",
    "families.md §5 resinfo; families-review.md finding 8; profiles.md §2": "{TS}#resinfo",
    "families.md §5 gather4; profiles.md §2 gather4": "{TS}#gather4",
    "families.md §5 gather4_c; profiles.md §2 gather4": "{TS}#gather4_c",
    "families.md §5 gather4_po; profiles.md §2 gather4": "{TS}#gather4_po-gather4_po_c",
    "families.md §5 gather4_po_c; profiles.md §2 gather4": "{TS}#gather4_po-gather4_po_c",
    "families.md §5 deriv_rtx*; profiles.md §1 derivatives": "{TS}#deriv_rtx",
    "families.md §5 deriv_rty*; families-review.md finding 13; profiles.md §1, §3": "{TS}#deriv_rty",
    "families.md §5 ld_ms, lod; §7 sample_pos, sample_info; profiles.md §2": "{TS}#refused-instructions",
    # memory-structured
    "families.md §6 ld_structured; families-review.md 3, 19, 25; profiles.md §4.5": "{MS}#ld_structured",
    "families.md §6 ld_raw; profiles.md §2, §4.6": None,  # ld_raw and dcl_resource_raw: by file below
    "families.md §6 ld_uav_typed; profiles.md §2": "{MS}#ld_uav_typed",
    "families.md §6 store_structured, store_raw, store_uav_typed; profiles.md §2": "{MS}#store_structured-store_raw-store_uav_typed",
    "families.md §6 atomic_iadd, imm_atomic_iadd, imm_atomic_exch, atomic_umax, atomic_umin; §7 other atomics; profiles.md §2": "{MS}#atomics",
    "families.md §6 sync; profiles.md §2": "{MS}#sync",
    "families.md §6 bufinfo; profiles.md §2": "{MS}#bufinfo",
    "families.md §6 (UAV access), §7; profiles.md §2": "{MS}#dcl_uav_typed-dcl_uav_raw-dcl_uav_structured",
    "families.md §7 (TGSM); profiles.md §2": "{MS}#dcl_tgsm_raw-dcl_tgsm_structured",
    "families.md §6 sync (with dcl_thread_group); profiles.md §2": "{MS}#dcl_thread_group",
    "families.md §6 (the loads), §7 (tiled-resource forms)": "{MS}#ld_raw_s-ld_structured_s-ld_uav_typed_s",
    "profiles.md §4.5": "{MS}#bone_transforms",
    "profiles.md §4.6": "{MS}#structured_data_texture",
    # decl-io
    "seed decl-io.md §customdata": "{DI}#customdata",
    "seed decl-io.md §dcl_constant_buffer": "{DI}#dcl_constant_buffer",
    "seed decl-io.md §dcl_global_flags": "{DI}#dcl_global_flags",
    "seed decl-io.md §dcl_indexable_temp": "{DI}#dcl_indexable_temp",
    "D3D10_SB_OPCODE_DCL_INDEX_RANGE (tokenized program format)": "{DI}#dcl_indexrange",
    "seed decl-io.md §dcl_input": "{DI}#dcl_input",
    "seed decl-io.md §dcl_input_ps": "{DI}#dcl_input_ps",
    "seed decl-io.md §dcl_input_ps_sgv": "{DI}#dcl_input_ps_sgv-dcl_input_sgv",
    "seed decl-io.md §dcl_input_sgv": "{DI}#dcl_input_ps_sgv-dcl_input_sgv",
    "seed decl-io.md §dcl_input_ps_siv": "{DI}#dcl_input_ps_siv",
    "seed decl-io.md §dcl_input_siv": "{DI}#dcl_input_siv",
    "seed decl-io.md §dcl_output": "{DI}#dcl_output",
    "seed decl-io.md §dcl_output_siv": "{DI}#dcl_output_siv",
    "seed decl-io.md §dcl_resource": "{DI}#dcl_resource",
    "seed decl-io.md §dcl_resource_structured": "{DI}#dcl_resource_structured",
    "seed decl-io.md §dcl_sampler": "{DI}#dcl_sampler",
    "seed decl-io.md §dcl_temps": "{DI}#dcl_temps",
    "profiles.md §4.7 (PS input with no VS writer)": "{DI}#link_unfed_varyings",
    "profiles.md §4.2": "{DI}#binormal_to_bitangent",
    # formats
    "docs/cewg-package.md (Carbon names)": "{CP}#51-what-the-glsl-declares",
    # the examples of docs/handler-api.md
    "profiles.md §4": "{PR}#passes",
}.items() if v is not None}

# Spec strings whose rewrite depends on the file.
SPEC_BY_FILE = {
    ("lowerings/memory-structured/src/ld_raw.rs", "families.md §6 ld_raw; profiles.md §2, §4.6"): x("{MS}#ld_raw"),
    ("lowerings/memory-structured/src/dcl_resource_raw.rs", "families.md §6 ld_raw; profiles.md §2, §4.6"): x("{MS}#dcl_resource_raw"),
}

# --- 2. line-local substitutions -------------------------------------------
#
# (path, old, new): `old` is replaced by `new` where it occurs in a line of
# `path` (every occurrence). `new = None` removes a line that consists of
# `old` alone.

LINES = [
    # float-alu
    ("lowerings/float-alu/src/lib.rs", "//! `families.md` §2 (`add`, `div`, `dp2`, `dp3`, `dp4`, `exp`, `frc`, `log`,",
     "//! `{FA}` (`add`, `div`, `dp2`, `dp3`, `dp4`, `exp`, `frc`, `log`,"),
    ("lowerings/float-alu/src/lib.rs", "//! rules of §0 and the corrections of `families-review.md` (findings 6, 7,",
     "//! rules of `{CV}`. It also owns the double-precision opcodes,"),
    ("lowerings/float-alu/src/lib.rs", "//! 16, 17, 18). It also owns the double-precision opcodes of §7, which it",
     "//! which it"),
    ("lowerings/float-alu/src/lib.rs", "//! 4. **Movers keep bits** (families-review.md finding 6): `mov` reads its",
     "//! 4. **Movers keep bits** (`{CV}#immediates`): `mov` reads its"),
    ("lowerings/float-alu/src/lib.rs", "//! The low-confidence points of §2 were settled with two tools:",
     "//! The points where the GLSL form was not obvious were settled with two tools:"),
    ("lowerings/float-alu/src/lib.rs", "//! 3. **`_sat`**: done by the core's `assign` (§0.3). On llvmpipe",
     "//! 3. **`_sat`**: done by the core's `assign` (`{CV}#saturate`). On llvmpipe"),
    ("lowerings/float-alu/src/rcp.rs", "denormal inputs as ±0); families-review.md", "denormal inputs as ±0)."),
    ("lowerings/float-alu/src/rcp.rs", "/// finding 18.", None),
    ("lowerings/float-alu/src/double.rs", "/// **Spec**: families.md §7 (\"`d*` double ops, `dtof/ftod/…` → refuse\"),",
     "/// **Spec**: `{FA}#double-precision` (refused in every profile,"),
    ("lowerings/float-alu/src/double.rs", "/// profiles.md §2 \"fp64 / doubles: refuse\" for every profile.",
     "/// `{PR}#refused-in-every-profile`)."),
    ("lowerings/float-alu/src/sincos.rs", "/// Whether writing `d` can change what `src` reads (families.md §0.1:",
     "/// Whether writing `d` can change what `src` reads (`{CV}#reading-before-writing`:"),
    ("lowerings/float-alu/src/sincos.rs", "/// **Spec**: families.md §2 `sincos` (corrected by families-review.md",
     "/// **Spec**: `{FA}#sincos` (with the rule of"),
    ("lowerings/float-alu/src/sincos.rs", "/// finding 7) and §0.1 (multi-statement aliasing), §0.3 (`_sat` per",
     "/// `{CV}#reading-before-writing` and `_sat` per"),
    ("lowerings/float-alu/src/min_max.rs", "/// **Spec**: families.md §2 `min`/`max` (corrected by families-review.md",
     "/// **Spec**: `{FA}#min-max`;"),
    ("lowerings/float-alu/src/min_max.rs", "/// finding 16); Microsoft \"min (sm4 - asm)\"; D3D11.3 functional spec §3.1",
     "/// Microsoft \"min (sm4 - asm)\"; D3D11.3 functional spec §3.1"),
    ("lowerings/float-alu/src/min_max.rs", "/// **Spec**: families.md §2 `min`/`max` (families-review.md finding 16);",
     "/// **Spec**: `{FA}#min-max`;"),
    ("lowerings/float-alu/src/mov.rs", "/// **Spec**: families.md §2 `mov` and §0.1 (immediates read by a mover keep",
     "/// **Spec**: `{FA}#mov` and `{CV}#immediates` (immediates read by a mover keep"),
    ("lowerings/float-alu/src/mov.rs", "/// families.md §0.1 reports integer data as tiny floats lost on ANGLE/D3D11",
     "/// integer data whose bits are tiny floats has been seen lost on ANGLE/D3D11"),
    # integer-conv
    ("lowerings/integer-conv/src/lib.rs", "//! (`/work/shared/design/families.md` §3 and the integer opcodes of §7,",
     "//! (rules: `{IC}`; conventions:"),
    ("lowerings/integer-conv/src/lib.rs", "//! with the corrections of `families-review.md`).",
     "//! `{CV}`)."),
    ("lowerings/integer-conv/src/lib.rs", "//! destination may alias its sources (families.md §0.1); the",
     "//! destination may alias its sources (`{CV}#reading-before-writing`); the"),
    ("lowerings/integer-conv/src/bits.rs", "//! `firstbit_shi`, `bfrev` (families.md §3 `countbits`, §7, §8, §9.9).",
     "//! `firstbit_shi`, `bfrev` (`{IC}#countbits` and the sections after it)."),
    ("lowerings/integer-conv/src/bits.rs", "/// **Spec**: families.md §7 and §9 item 9; Microsoft \"firstbit_hi (sm5 -",
     "/// **Spec**: `{IC}#firstbit_hi-firstbit_lo-firstbit_shi`; Microsoft \"firstbit_hi (sm5 -"),
    ("lowerings/integer-conv/src/bits.rs", "/// **Spec**: families.md §7; Microsoft \"firstbit_lo (sm5 - asm)\".",
     "/// **Spec**: `{IC}#firstbit_hi-firstbit_lo-firstbit_shi`; Microsoft \"firstbit_lo (sm5 - asm)\"."),
    ("lowerings/integer-conv/src/bits.rs", "/// **Spec**: families.md §7 and §9 item 9; Microsoft \"firstbit_shi (sm5 -",
     "/// **Spec**: `{IC}#firstbit_hi-firstbit_lo-firstbit_shi`; Microsoft \"firstbit_shi (sm5 -"),
    ("lowerings/integer-conv/src/bits.rs", "/// **Spec**: families.md §7; Microsoft \"bfrev (sm5 - asm)\".",
     "/// **Spec**: `{IC}#bfrev`; Microsoft \"bfrev (sm5 - asm)\"."),
    ("lowerings/integer-conv/src/msad.rs", "//! `msad`: masked sum of absolute byte differences (families.md §7).",
     "//! `msad`: masked sum of absolute byte differences (`{IC}#msad`)."),
    ("lowerings/integer-conv/src/bitfield.rs", "//! Bit-field extract and insert: `ubfe`, `ibfe`, `bfi` (families.md §3,",
     "//! Bit-field extract and insert: `ubfe`, `ibfe`, `bfi` (`{IC}#ubfe-ibfe`,"),
    ("lowerings/integer-conv/src/bitfield.rs", "//! §8; profiles.md §3 `bit_helpers`).",
     "//! `{IC}#bfi`)."),
    ("lowerings/integer-conv/src/bitfield.rs", "(with the families-review.md masking and", "(width and offset masked,"),
    ("lowerings/integer-conv/src/bitfield.rs", "/// aliasing corrections); Microsoft", "/// sources read before the write); Microsoft"),
    ("lowerings/integer-conv/src/bitfield.rs", "(with the families-review.md masking", "(width and offset"),
    ("lowerings/integer-conv/src/bitfield.rs", "/// correction); Microsoft \"bfi (sm5 - asm)\".", "/// masked); Microsoft \"bfi (sm5 - asm)\"."),
    ("lowerings/integer-conv/src/arith.rs", "//! `umin` (families.md §3, §7).", "//! `umin` (`{IC}`)."),
    ("lowerings/integer-conv/src/carry.rs", "//! Add with carry and subtract with borrow: `uaddc`, `usubb` (families.md",
     "//! Add with carry and subtract with borrow: `uaddc`, `usubb`"),
    ("lowerings/integer-conv/src/carry.rs", "//! §7 with the families-review.md correction).", "//! (`{IC}#uaddc-usubb`)."),
    ("lowerings/integer-conv/src/carry.rs", "//! semantics (families.md §0.1).", "//! semantics (`{CV}#reading-before-writing`)."),
    ("lowerings/integer-conv/src/shift.rs", "//! Shifts: `ishl`, `ishr`, `ushr` (families.md §3).", "//! Shifts: `ishl`, `ishr`, `ushr` (`{IC}#ishl-ishr-ushr`)."),
    ("lowerings/integer-conv/src/shift.rs", "//! Under `mobile_workarounds` (profiles.md §3, HLSLcc's Adreno 3xx",
     "//! Under `mobile_workarounds` (`{CV}#mobile-workarounds`, HLSLcc's Adreno 3xx"),
    ("lowerings/integer-conv/src/convert.rs", "//! `ftou` (families.md §3; profiles.md §3 `ftoi_ftou_hardening`).",
     "//! `ftou` (`{IC}#itof-utof`, `{IC}#ftoi-ftou`)."),
    ("lowerings/integer-conv/src/convert.rs", "(with the families-review.md correction:", "(D3D's conversion,"),
    ("lowerings/integer-conv/src/common.rs", "//! (families.md §0.1 aliasing rule), the two-destination writer",
     "//! (`{CV}#reading-before-writing`), the two-destination writer"),
    ("lowerings/integer-conv/src/common.rs", "/// statement reads (families.md §0.1, §3 `udiv`). Sources are operands",
     "/// statement reads (`{CV}#reading-before-writing`). Sources are operands"),
    ("lowerings/integer-conv/src/common.rs", "/// low 5 bits as D3D does (families.md §3 `ushr`): immediates are folded",
     "/// low 5 bits as D3D does (`{IC}#ishl-ishr-ushr`): immediates are folded"),
    ("lowerings/integer-conv/src/udiv.rs", "//! `udiv`: unsigned quotient and remainder (families.md §3; profiles.md §3",
     "//! `udiv`: unsigned quotient and remainder (`{IC}#udiv`: a zero divisor"),
    ("lowerings/integer-conv/src/udiv.rs", "//! `udiv_zero_guard`).", "//! gives `0xFFFFFFFF`)."),
    ("lowerings/integer-conv/src/udiv.rs", "/// **Spec**: families.md §3 `udiv` (with the families-review.md locals",
     "/// **Spec**: `{IC}#udiv` (with the two-destination ordering"),
    ("lowerings/integer-conv/src/switches.rs", "/// `ftoi`/`ftou` conversion (profiles.md §3).",
     "/// `ftoi`/`ftou` conversion (`{IC}#ftoi-ftou`)."),
    ("lowerings/integer-conv/src/switches.rs", "/// `f32tof16` rounding (profiles.md §3).",
     "/// `f32tof16` rounding (`{IC}#f32tof16`)."),
    ("lowerings/integer-conv/src/mul.rs", "//! Full 32 × 32 → 64-bit multiplies: `imul`, `umul` (families.md §3",
     "//! Full 32 × 32 → 64-bit multiplies: `imul`, `umul`"),
    ("lowerings/integer-conv/src/mul.rs", "//! `imul`, §7 `umul`).", "//! (`{IC}#imul-umul`)."),
    ("lowerings/integer-conv/src/mul.rs", "//! D3D's read-all-sources-first semantics (families.md §0.1).",
     "//! D3D's read-all-sources-first semantics (`{CV}#reading-before-writing`)."),
    ("lowerings/integer-conv/src/half.rs", "//! Half-float conversions: `f16tof32`, `f32tof16` (families.md §3;",
     "//! Half-float conversions: `f16tof32`, `f32tof16` (`{IC}#f16tof32`,"),
    ("lowerings/integer-conv/src/half.rs", "//! profiles.md §3 `f32tof16`).", "//! `{IC}#f32tof16`)."),
    ("lowerings/integer-conv/src/half.rs", "//! constructor (families.md §0.1 aliasing rule: fxc writes",
     "//! constructor (`{CV}#reading-before-writing`: fxc writes"),
    ("lowerings/integer-conv/src/half.rs", "/// **Spec**: families.md §3 `f16tof32` (and the families-review.md",
     "/// **Spec**: `{IC}#f16tof32` (and the"),
    ("lowerings/integer-conv/src/half.rs", "/// aliasing correction); Microsoft \"f16tof32 (sm5 - asm)\".",
     "/// reading-before-writing rule); Microsoft \"f16tof32 (sm5 - asm)\"."),
    ("lowerings/integer-conv/src/half.rs", "/// **Spec**: families.md §3 `f32tof16` (with the families-review.md",
     "/// **Spec**: `{IC}#f32tof16` (D3D's"),
    ("lowerings/integer-conv/src/half.rs", "/// correction: D3D rounds toward zero, saturates finite overflow to",
     "/// conversion: it rounds toward zero, saturates finite overflow to"),
    ("lowerings/integer-conv/src/half.rs", "/// asm)\"; profiles.md §3 `f32tof16`.", "/// asm)\"; profile switch `f32tof16`."),
    # cmp-controlflow
    ("lowerings/cmp-controlflow/src/lib.rs", "//! The cmp-controlflow family (families.md §4, plus `swapc`, `call`,",
     "//! The cmp-controlflow family (`{CC}`): the"),
    ("lowerings/cmp-controlflow/src/lib.rs", "//! `callc`, `label` and `nop` from §7): compares that write",
     "//! compares that write"),
    ("lowerings/cmp-controlflow/src/lib.rs", "//! Conventions shared by every handler (families.md §0.2, §0.3):",
     "//! Conventions shared by every handler (`{CV}#comparison-masks-and-tests`):"),
    ("lowerings/cmp-controlflow/src/lib.rs", "//! - `mobile_workarounds` (profiles.md §3) selects HLSLcc's ES 3.0 Adreno",
     "//! - `mobile_workarounds` (`{CV}#mobile-workarounds`) selects HLSLcc's ES 3.0 Adreno"),
    ("lowerings/cmp-controlflow/src/not.rs", "/// **Spec**: families.md §4 \"Bitwise\" `not`; Microsoft \"not (sm4 - asm)\":",
     "/// **Spec**: `{CC}#not`; Microsoft \"not (sm4 - asm)\":"),
    ("lowerings/cmp-controlflow/src/ret.rs", "/// **Spec**: families.md §4 `ret` (\"paste the stage epilogue before every",
     "/// **Spec**: `{CC}#ret-retc` (the stage epilogue runs before every"),
    ("lowerings/cmp-controlflow/src/ret.rs", "/// `return;`\"); Microsoft \"ret (sm4 - asm)\". In `main` it ends the",
     "/// `return;`); Microsoft \"ret (sm4 - asm)\". In `main` it ends the"),
    ("lowerings/cmp-controlflow/src/ret.rs", "/// **Spec**: families.md §4 `retc` (HLSLcc forgets the epilogue here,",
     "/// **Spec**: `{CC}#ret-retc` (HLSLcc forgets the epilogue here;"),
    ("lowerings/cmp-controlflow/src/ret.rs", "/// families.md §9 item 5; we must not); §0.3 (`_nz` = bit 18); Microsoft",
     "/// dxlower does not); `{CV}#instruction-controls` (`_nz` = bit 18); Microsoft"),
    ("lowerings/cmp-controlflow/src/discard.rs", "/// Whether this stage defers its discards (profiles.md §3 `discard_mode`):",
     "/// Whether this stage defers its discards (`{CC}#discard`):"),
    ("lowerings/cmp-controlflow/src/switch.rs", "/// **Spec**: families.md §4 `endswitch` (\"append `break;` if a label would",
     "/// **Spec**: `{CC}#switch-case-default-endswitch` (a `break;` when a label would"),
    ("lowerings/cmp-controlflow/src/switch.rs", "/// end the body\"); Microsoft \"endswitch (sm4 - asm)\".",
     "/// end the body); Microsoft \"endswitch (sm4 - asm)\"."),
    ("lowerings/cmp-controlflow/src/swapc.rs", "/// **Spec**: families.md §7 (`swapc`: two `movc`s through temps), §0.1",
     "/// **Spec**: `{CC}#swapc` (two `movc`s through locals), `{CV}#reading-before-writing`"),
    ("lowerings/cmp-controlflow/src/movc.rs", "/// **Spec**: families.md §4 \"Select\" `movc`, §0.2 (masks are tested for any",
     "/// **Spec**: `{CC}#movc`, `{CV}#comparison-masks-and-tests` (masks are tested for any"),
    ("lowerings/cmp-controlflow/src/movc.rs", "/// mover, families.md §0.1); `_sat` is the usual second statement. Under",
     "/// mover, `{CV}#immediates`); `_sat` is the usual second statement. Under"),
    ("lowerings/cmp-controlflow/src/movc.rs", "/// **Differences**: families.md §4 describes one statement per lane plus an",
     "/// **Differences**: HLSLcc writes one statement per lane plus an"),
    ("lowerings/cmp-controlflow/src/movc.rs", "/// construction (every source lane is read before the one write, §0.1).",
     "/// construction (every source lane is read before the one write, `{CV}#reading-before-writing`)."),
    ("lowerings/cmp-controlflow/src/call.rs", "/// **Spec**: families.md §7 (`call/callc/label`: refuse, or inline",
     "/// **Spec**: `{CC}#label-call-callc` (subroutines become GLSL"),
    ("lowerings/cmp-controlflow/src/call.rs", "/// subroutines later — lowered here as functions); Microsoft \"label (sm4 -",
     "/// functions); Microsoft \"label (sm4 -"),
    ("lowerings/cmp-controlflow/src/call.rs", "/// **Spec**: families.md §7 (`call/callc`); §0.3 (`_nz` = bit 18 for",
     "/// **Spec**: `{CC}#label-call-callc`; `{CV}#instruction-controls` (`_nz` = bit 18 for"),
    ("lowerings/cmp-controlflow/src/bitwise.rs", "/// **Spec**: families.md §4 \"Bitwise\" (always the uint view, result stored",
     "/// **Spec**: `{CC}#and-or-xor` (always the uint view, result stored"),
    ("lowerings/cmp-controlflow/src/interfaces.rs", "/// **Spec**: families.md §7 (\"`call/callc/label/fcall/interface_call`,",
     "/// **Spec**: `{CC}#class-linkage-and-debug-instructions` (refused in every"),
    ("lowerings/cmp-controlflow/src/interfaces.rs", "/// `dcl_function_*`, `dcl_interface` → refuse (or inline subroutines",
     "/// profile, see"),
    ("lowerings/cmp-controlflow/src/interfaces.rs", "/// later)\").", "/// `{PR}#refused-in-every-profile`)."),
    ("lowerings/cmp-controlflow/src/interfaces.rs", "/// **Spec**: families.md §7.",
     "/// **Spec**: `{CC}#class-linkage-and-debug-instructions`."),
    ("lowerings/cmp-controlflow/src/interfaces.rs", "/// families.md §7 (\"`nop`, `abort`, `debug_break` … ignore / refuse\").",
     "/// `{CC}#class-linkage-and-debug-instructions`."),
    ("lowerings/cmp-controlflow/src/compare.rs", "/// The compare table (families.md §4 \"Compares\", §0.2 mask shapes).",
     "/// The compare table (`{CC}#compares`, `{CV}#comparison-masks-and-tests`)."),
    ("lowerings/cmp-controlflow/src/compare.rs", "/// HLSLcc's Adreno workaround for `uge`/`ult`, families.md §4).",
     "/// HLSLcc's Adreno workaround for `uge`/`ult`, `{CV}#mobile-workarounds`)."),
    ("lowerings/cmp-controlflow/src/compare.rs", "/// **Spec**: families.md §4 \"Compares\" and §0.2 (mask shapes); Microsoft",
     "/// **Spec**: `{CC}#compares` and `{CV}#comparison-masks-and-tests`; Microsoft"),
    ("lowerings/cmp-controlflow/src/compare.rs", "/// swizzle on the `bvecN` (families-review #24). Float `ne` is",
     "/// swizzle on the `bvecN` (a mask-letter swizzle of a `bvec2` does not compile). Float `ne` is"),
    ("lowerings/cmp-controlflow/src/if_else.rs", "/// **Spec**: families.md §4 \"Structured flow\" `if`, §0.3 (`_nz` = bit 18);",
     "/// **Spec**: `{CC}#if-else-endif`, `{CV}#instruction-controls` (`_nz` = bit 18);"),
    ("lowerings/cmp-controlflow/src/common.rs", "/// (`floatBitsToUint(r0.x) != 0u`). families.md §0.2/§0.3: a mask is never",
     "/// (`floatBitsToUint(r0.x) != 0u`). `{CV}#comparison-masks-and-tests`: a mask is never"),
    ("lowerings/cmp-controlflow/src/flow.rs", "/// `discard` of this program (profiles.md §3 `discard_mode` auto rule).",
     "/// `discard` of this program (the `discard_mode = Auto` rule of `{CC}#discard`)."),
    ("lowerings/cmp-controlflow/src/switches.rs", "/// `discard` placement (profiles.md §3).",
     "/// `discard` placement (`{CC}#discard`)."),
    ("lowerings/cmp-controlflow/src/loop_.rs", "/// **Spec**: families.md §4 `break`, `breakc`; §0.3 (`_nz` = bit 18);",
     "/// **Spec**: `{CC}#break-breakc-continue-continuec`; `{CV}#instruction-controls` (`_nz` = bit 18);"),
    ("lowerings/cmp-controlflow/src/loop_.rs", "/// **Spec**: families.md §4 `continue`, `continuec`; §0.3; Microsoft",
     "/// **Spec**: `{CC}#break-breakc-continue-continuec`; `{CV}#instruction-controls`; Microsoft"),
    ("lowerings/cmp-controlflow/src/nop.rs", "/// **Spec**: families.md §7 (`nop`: ignore); Microsoft \"nop (sm4 - asm)\".",
     "/// **Spec**: `{CC}#nop`; Microsoft \"nop (sm4 - asm)\"."),
    # texture-sample
    ("lowerings/texture-sample/src/lib.rs", "//! opcodes of `families.md` §5 (`sample`, `sample_b`, `sample_l`,",
     "//! opcodes of `{TS}` (`sample`, `sample_b`, `sample_l`,"),
    ("lowerings/texture-sample/src/lib.rs", "//! `sample_pos` of §7, with the corrections of `families-review.md`",
     "//! `sample_pos`, and the profile switches that change"),
    ("lowerings/texture-sample/src/lib.rs", "//! (findings 8–13, 22) and the switches of `profiles.md` §1–§3",
     "//! them"),
    ("lowerings/texture-sample/src/lib.rs", "//! `bufinfo` is not here: §6 lists it with the memory-structured family.",
     "//! `bufinfo` is not here: it belongs to the memory-structured family."),
    ("lowerings/texture-sample/src/lib.rs", "//! A texture the profile stubs (`stub_resource_registers`, profiles.md",
     "//! A texture the profile stubs (`stub_resource_registers`,"),
    ("lowerings/texture-sample/src/lib.rs", "//! §4.6: matched by its RDEF binding name through",
     "//! `{PR}#stubbed-resources`: matched by its RDEF binding name through"),
    ("lowerings/texture-sample/src/refused.rs", "/// instructions (`eval_snapped`, `eval_sample_index`, `eval_centroid`, §7",
     "/// instructions (`eval_snapped`, `eval_sample_index`, `eval_centroid`,"),
    ("lowerings/texture-sample/src/refused.rs", "/// \"refuse (no ES 3.00 equivalent)\"): refused.",
     "/// which have no ES 3.00 equivalent): refused."),
    ("lowerings/texture-sample/src/ld.rs", "/// **Spec**: families.md §5 `ld` (bare `t<N>`, integer coordinates by",
     "/// **Spec**: `{TS}#ld` (bare `t<N>`, integer coordinates by"),
    ("lowerings/texture-sample/src/ld.rs", "/// not HLSLcc's two-argument `ivec3`, §9.1), families-review.md findings 9",
     "/// not HLSLcc's two-argument `ivec3`, 1D textures as W×1 2D textures,"),
    ("lowerings/texture-sample/src/ld.rs", "/// and 11; Microsoft \"ld (sm4 - asm)\": the address is integer, its last",
     "/// WebGL's zero for out-of-range fetches); Microsoft \"ld (sm4 - asm)\": the address is integer, its last"),
    ("lowerings/texture-sample/src/gather.rs", "/// **Spec**: families.md §5 `gather4` (emulate with four taps or refuse;",
     "/// **Spec**: `{TS}#gather4` (emulate with four taps or refuse;"),
    ("lowerings/texture-sample/src/gather.rs", "/// resource swizzle; D3D gather order), profiles.md §2 `gather4`;",
     "/// resource swizzle; D3D gather order), profile switch `gather4`;"),
    ("lowerings/texture-sample/src/gather.rs", "/// Microsoft \"gather4 (sm4.1 - asm)\"; families-review.md \"claims checked\".",
     "/// Microsoft \"gather4 (sm4.1 - asm)\"."),
    ("lowerings/texture-sample/src/gather.rs", "/// **Spec**: families.md §5 `gather4_c` (\"compare variants compare each tap",
     "/// **Spec**: `{TS}#gather4_c` (the compare variants compare each tap"),
    ("lowerings/texture-sample/src/gather.rs", "/// against the reference\"); Microsoft \"gather4_c (sm5 - asm)\".",
     "/// against the reference); Microsoft \"gather4_c (sm5 - asm)\"."),
    ("lowerings/texture-sample/src/gather.rs", "/// **Spec**: families.md §5 (`_po` offset is a runtime `ivec`); Microsoft",
     "/// **Spec**: `{TS}#gather4_po-gather4_po_c` (the offset is a runtime `ivec`); Microsoft"),
    ("lowerings/texture-sample/src/gather.rs", "/// **Spec**: families.md §5; Microsoft \"gather4_po_c (sm5 - asm)\".",
     "/// **Spec**: `{TS}#gather4_po-gather4_po_c`; Microsoft \"gather4_po_c (sm5 - asm)\"."),
    ("lowerings/texture-sample/src/deriv.rs", "/// **Spec**: families.md §5 `deriv_rtx_coarse` and the plain/fine forms;",
     "/// **Spec**: `{TS}#deriv_rtx` (the plain, coarse and fine forms);"),
    ("lowerings/texture-sample/src/deriv.rs", "/// profiles.md §1 `derivatives`; Microsoft \"deriv_rtx (sm4 - asm)\".",
     "/// Microsoft \"deriv_rtx (sm4 - asm)\"."),
    ("lowerings/texture-sample/src/deriv.rs", "/// **Spec**: families.md §5 derivatives with its correction",
     "/// **Spec**: `{TS}#deriv_rty`, with the sign"),
    ("lowerings/texture-sample/src/deriv.rs", "/// (families-review.md finding 13); profiles.md §1 `derivatives` and §3",
     "/// tied to the core switch"),
    ("lowerings/texture-sample/src/refused.rs", "/// **Spec**: families.md §5 `ld_ms` and `lod` (\"refuse\"), §7",
     "/// **Spec**: `{TS}#refused-instructions`"),
    ("lowerings/texture-sample/src/refused.rs", "/// profiles.md §2 (multisample textures and `lod` refused in every",
     "/// `{PR}#refused-in-every-profile` (multisample textures and `lod` refused in every"),
    ("lowerings/texture-sample/src/sample.rs", "/// **Spec**: families.md §5 `sample` (and its common rules: combined name,",
     "/// **Spec**: `{TS}#sample` (and `{TS}#coordinates-and-results`: combined name,"),
    ("lowerings/texture-sample/src/sample.rs", "/// **Spec**: families.md §5 `sample_l` (legal in every stage;",
     "/// **Spec**: `{TS}#sample_l` (legal in every"),
    ("lowerings/texture-sample/src/sample.rs", "/// families-review.md finding 22); Microsoft \"sample_l (sm4 - asm)\".",
     "/// stage); Microsoft \"sample_l (sm4 - asm)\"."),
    ("lowerings/texture-sample/src/sample.rs", "/// **Spec**: families.md §5 `sample_c`, families-review.md finding 10;",
     "/// **Spec**: `{TS}#sample_c`;"),
    ("lowerings/texture-sample/src/sample.rs", "/// **Spec**: families.md §5 `sample_c_lz`; profiles.md §2 \"shadow",
     "/// **Spec**: `{TS}#sample_c_lz` (no ES 3.00 shadow"),
    ("lowerings/texture-sample/src/sample.rs", "/// `textureLod` on `sampler2DArrayShadow` / `samplerCubeShadow`\";",
     "/// `textureLod` on `sampler2DArrayShadow` / `samplerCubeShadow`);"),
    ("lowerings/texture-sample/src/common.rs", "/// profiles.md §4.6): decl-io declared nothing for it, and every read of",
     "/// `{PR}#stubbed-resources`): decl-io declared nothing for it, and every read of"),
    ("lowerings/texture-sample/src/switches.rs", "/// `gather4*` (profiles.md §2).", "/// `gather4*` (`{TS}#gather4`)."),
    ("lowerings/texture-sample/src/resinfo.rs", "/// **Spec**: families.md §5 `resinfo` with its correction",
     "/// **Spec**: `{TS}#resinfo`; profile switch"),
    ("lowerings/texture-sample/src/resinfo.rs", "/// (families-review.md finding 8); profiles.md §2 \"resinfo mip count\";",
     "/// `resinfo_mip_count`;"),
    # memory-structured
    ("lowerings/memory-structured/src/lib.rs", "//! The memory-structured family (`families.md` §6, §7 \"other atomics, TGSM,",
     "//! The memory-structured family (`{MS}`;"),
    ("lowerings/memory-structured/src/lib.rs", "//! UAV\"; `profiles.md` §2 \"UAVs, atomics, `sync`, SSBO stores, `bufinfo`\",",
     "//! refused in every profile, `{PR}#refused-in-every-profile`;"),
    ("lowerings/memory-structured/src/lib.rs", "//! §4.5 `BoneTransforms`): structured and raw buffer loads and stores,",
     "//! `BoneTransforms`, `{PR}#bone_transforms`): structured and raw buffer loads and stores,"),
    ("lowerings/memory-structured/src/lib.rs", "//! ([`data_texture`], profiles.md §4.6, the native ABI): every other",
     "//! ([`data_texture`], `{PR}#structured_data_texture`, the native ABI): every other"),
    ("lowerings/memory-structured/src/lib.rs", "//! RDEF binding name, profiles.md §4.6) declares nothing and its loads",
     "//! RDEF binding name, `{PR}#stubbed-resources`) declares nothing and its loads"),
    ("lowerings/memory-structured/src/lib.rs", "//! `dcl_resource_structured` belongs to decl-io (families.md §1): it refuses",
     "//! `dcl_resource_structured` belongs to decl-io (`{DI}#dcl_resource_structured`): it refuses"),
    ("lowerings/memory-structured/src/data_texture.rs", "//! The `structured_data_texture` ABI rewrite (profiles.md §4.6): read-only",
     "//! The `structured_data_texture` ABI rewrite (`{MS}#structured_data_texture`): read-only"),
    ("lowerings/memory-structured/src/bone_transforms.rs", "//! The `bone_transforms` ABI rewrite (profiles.md §4.5): the vertex-stage",
     "//! The `bone_transforms` ABI rewrite (`{MS}#bone_transforms`): the vertex-stage"),
    ("lowerings/memory-structured/src/bone_transforms.rs", "//! (families.md §6, families-review.md findings 19 and 25), i.e. component",
     "//! (`{MS}#ld_structured`), i.e. component"),
    ("lowerings/memory-structured/src/common.rs", "/// The load of a stubbed resource (`stub_resource_registers`, profiles.md",
     "/// The load of a stubbed resource (`stub_resource_registers`,"),
    ("lowerings/memory-structured/src/common.rs", "/// §4.6): zero bits in every written lane of destination operand 0",
     "/// `{PR}#stubbed-resources`): zero bits in every written lane of destination operand 0"),
    ("lowerings/memory-structured/src/dcl_resource_raw.rs", "/// **Spec**: families.md §6 `ld_raw` (\"no WebGL2 path known (sampled",
     "/// **Spec**: `{MS}#dcl_resource_raw` (refused unless the"),
    ("lowerings/memory-structured/src/dcl_resource_raw.rs", "/// instance is a particle-emit compute pass) → refuse\"); profiles.md §2,",
     "/// `structured_data_texture` pass takes the buffer:"),
    ("lowerings/memory-structured/src/dcl_resource_raw.rs", "/// §4.6.", "/// `{PR}#structured_data_texture`)."),
    ("lowerings/memory-structured/src/feedback.rs", "/// **Spec**: none in the studies; families.md §6 refuses the loads",
     "/// **Spec**: `{MS}#ld_raw_s-ld_structured_s-ld_uav_typed_s`; the loads are refused"),
    ("lowerings/memory-structured/src/feedback.rs", "/// themselves outside the `BoneTransforms` rewrite, and §7 refuses the",
     "/// themselves outside the profile passes, and so are the"),
    ("lowerings/memory-structured/src/bufinfo.rs", "/// **Spec**: families.md §6 `bufinfo` (0): \"needs runtime-sized arrays →",
     "/// **Spec**: `{MS}#bufinfo` (it needs runtime-sized arrays:"),
    ("lowerings/memory-structured/src/bufinfo.rs", "/// refuse\"; profiles.md §2.", "/// refused)."),
    ("lowerings/memory-structured/src/bufinfo.rs", "/// `structured_data_texture` pass (profiles.md §4.6). Refused with",
     "/// `structured_data_texture` pass (`{MS}#structured_data_texture`). Refused with"),
    ("lowerings/memory-structured/src/dcl_thread_group.rs", "/// **Spec**: families.md §6 `sync` (\"compute-only → refuse (with",
     "/// **Spec**: `{MS}#dcl_thread_group` (compute-only, refused like"),
    ("lowerings/memory-structured/src/dcl_thread_group.rs", "/// `dcl_thread_group`)\"); profiles.md §2 (CS refused in every profile).",
     "/// `sync`); `{PR}#refused-in-every-profile` (compute shaders)."),
    ("lowerings/memory-structured/src/ld_structured.rs", "/// **Spec**: families.md §6 `ld_structured` (4014) with findings 3, 19 and",
     "/// **Spec**: `{MS}#ld_structured`;"),
    ("lowerings/memory-structured/src/ld_structured.rs", "/// 25 of families-review.md; profiles.md §4.5 (`BoneTransforms`), §4.6",
     "/// `{PR}#bone_transforms`, `{PR}#structured_data_texture`"),
    ("lowerings/memory-structured/src/ld_structured.rs", "/// (pixel-stage light lists), §2 (UAVs refused).",
     "/// (the other buffers), `{PR}#refused-in-every-profile` (UAVs)."),
    ("lowerings/memory-structured/src/sync.rs", "/// **Spec**: families.md §6 `sync` (183): \"compute-only → refuse (with",
     "/// **Spec**: `{MS}#sync` (compute-only, refused like"),
    ("lowerings/memory-structured/src/sync.rs", "/// `dcl_thread_group`)\"; profiles.md §2.",
     "/// `dcl_thread_group`); `{PR}#refused-in-every-profile`."),
    ("lowerings/memory-structured/src/ld_uav_typed.rs", "/// **Spec**: families.md §6 (`ld_uav_typed` (18): \"UAV access → refuse",
     "/// **Spec**: `{MS}#ld_uav_typed` (UAV access refuses"),
    ("lowerings/memory-structured/src/ld_uav_typed.rs", "/// the stage\"); profiles.md §2.",
     "/// the stage); `{PR}#refused-in-every-profile`."),
    ("lowerings/memory-structured/src/dcl_uav.rs", "/// **Spec**: families.md §6 (\"UAV access → refuse the stage (plus any",
     "/// **Spec**: `{MS}#dcl_uav_typed-dcl_uav_raw-dcl_uav_structured` (UAV access refuses the stage, and so does any"),
    ("lowerings/memory-structured/src/dcl_uav.rs", "/// `dcl_unordered_access_view_*`)\"), §7; profiles.md §2 (\"UAVs … refuse\"",
     "/// UAV declaration); `{PR}#refused-in-every-profile` (UAVs refused"),
    ("lowerings/memory-structured/src/atomic.rs", "/// **Spec**: families.md §6 (`atomic_iadd` (27) with one real pixel-stage",
     "/// **Spec**: `{MS}#atomics` (`atomic_iadd` occurs in a real pixel-stage"),
    ("lowerings/memory-structured/src/atomic.rs", "/// instance, `imm_atomic_iadd` (24), `imm_atomic_exch` (9), `atomic_umax`",
     "/// shader, so atomics are"),
    ("lowerings/memory-structured/src/atomic.rs", "/// (6), `atomic_umin` (3): \"refuse in the PS path too; no pre-filter",
     "/// refused in the pixel stage too, with no"),
    ("lowerings/memory-structured/src/atomic.rs", "/// assumption that they are compute-only\"), §7 (\"other atomics …",
     "/// assumption that they are compute-only);"),
    ("lowerings/memory-structured/src/atomic.rs", "/// refuse\"); profiles.md §2 (\"incl. PS-stage `atomic_iadd`\").",
     "/// `{PR}#refused-in-every-profile`."),
    ("lowerings/memory-structured/src/dcl_tgsm.rs", "/// **Spec**: families.md §7 (\"other atomics, TGSM, UAV … refuse\");",
     "/// **Spec**: `{MS}#dcl_tgsm_raw-dcl_tgsm_structured`;"),
    ("lowerings/memory-structured/src/dcl_tgsm.rs", "/// profiles.md §2 (CS stages refused).",
     "/// `{PR}#refused-in-every-profile` (compute shaders refused)."),
    ("lowerings/memory-structured/src/store.rs", "/// **Spec**: families.md §6 (`store_structured` (930), `store_raw` (54),",
     "/// **Spec**: `{MS}#store_structured-store_raw-store_uav_typed` (`store_structured`, `store_raw`,"),
    ("lowerings/memory-structured/src/store.rs", "/// `store_uav_typed` (642): \"UAV access → refuse the stage\"); profiles.md",
     "/// `store_uav_typed`: UAV access refuses the stage);"),
    ("lowerings/memory-structured/src/store.rs", "/// §2 (\"SSBO stores … refuse\").",
     "/// `{PR}#refused-in-every-profile` (storage-buffer stores refused)."),
    ("lowerings/memory-structured/src/ld_raw.rs", "/// **Spec**: families.md §6 `ld_raw` (\"same as above without the struct",
     "/// **Spec**: `{MS}#ld_raw` (as `ld_structured` without the structure"),
    ("lowerings/memory-structured/src/ld_raw.rs", "/// index; no WebGL2 path known … → refuse\"); profiles.md §2, §4.6.",
     "/// index); `{PR}#structured_data_texture`."),
    # decl-io
    ("lowerings/decl-io/src/lib.rs", "//! The decl-io family: the 16 declaration opcodes of the seed spec",
     "//! The decl-io family (`{DI}`): the 16 declaration opcodes"),
    ("lowerings/decl-io/src/lib.rs", "//! `seed/decl-io.md` (`customdata`, `dcl_constant_buffer`,",
     "//! (`customdata`, `dcl_constant_buffer`,"),
    ("lowerings/decl-io/src/lib.rs", "//! nothing), with the cross-family conventions of",
     "//! nothing), with the cross-family conventions of"),
    ("lowerings/decl-io/src/lib.rs", "//! `families.md` §0–§1, the corrections of `families-review.md` and the",
     "//! `{CV}` and the"),
    ("lowerings/decl-io/src/lib.rs", "//! profile switches of `profiles.md` §1–§4.",
     "//! profile switches of `{PR}#decl_io-declarations-and-the-stage-interface`."),
    ("lowerings/decl-io/src/lib.rs", "//! input's interpolation on the vertex output (profiles.md §4.7).",
     "//! input's interpolation on the vertex output (`{MF}#link-rules`)."),
    ("lowerings/decl-io/src/lib.rs", "//! The decisions taken where the seed is low-confidence, with the evidence",
     "//! The decisions taken where the shape was not obvious, with the evidence"),
    ("lowerings/decl-io/src/lib.rs", "//! sources), are in `docs/decl-io.md` beside this crate.",
     "//! sources), are in `{DI}`, after the rules."),
    ("lowerings/decl-io/src/dcl_output.rs", "/// Spec: seed/decl-io.md §dcl_output; families.md §1 `dcl_output`;",
     "/// Spec: `{DI}#dcl_output`; profile switch"),
    ("lowerings/decl-io/src/dcl_output.rs", "/// profiles.md §1 `ps_output_locations`, `varying_locations`,",
     "/// `signature_only_output_fill`; `{MF}#link-rules`."),
    ("lowerings/decl-io/src/dcl_output.rs", "/// `conservative_depth`, §3 `signature_only_output_fill`.", None),
    ("lowerings/decl-io/src/dcl_output.rs", "/// - Linked program (profiles.md §4.7, [`dxlower_core::StageState::link`]):",
     "/// - Linked program (`{MF}#link-rules`, [`dxlower_core::StageState::link`]):"),
    ("lowerings/decl-io/src/dcl_output.rs", "// input's interpolation qualifier (profiles.md §4.7).",
     "// input's interpolation qualifier (`{MF}#link-rules`)."),
    ("lowerings/decl-io/src/sysval.rs", "//! signature rows that carry a system value (`seed/decl-io.md`",
     "//! signature rows that carry a system value"),
    ("lowerings/decl-io/src/sysval.rs", "//! §dcl_output_siv, §dcl_input_ps_siv, §dcl_input_ps_sgv / dcl_input_sgv;",
     "//! (`{DI}#system-values`; the gated ones are refused"),
    ("lowerings/decl-io/src/sysval.rs", "//! `families.md` §1; `profiles.md` §2 for the gated ones).",
     "//! unless their switch is set)."),
    ("lowerings/decl-io/src/sysval.rs", "/// - `precise = InvariantPosition` (profiles.md §1): when any instruction",
     "/// - `precise = InvariantPosition`: when any instruction"),
    ("lowerings/decl-io/src/sysval.rs", "/// - `clip_z_remap = Epilogue` (profiles.md §3): [`CLIP_Z_REMAP`] joins",
     "/// - `clip_z_remap = Epilogue`: [`CLIP_Z_REMAP`] joins"),
    ("lowerings/decl-io/src/dcl_input.rs", "/// Spec: seed/decl-io.md §dcl_input; families.md §1 `dcl_input`;",
     "/// Spec: `{DI}#dcl_input`; profile switches"),
    ("lowerings/decl-io/src/dcl_input.rs", "/// profiles.md §1 `vs_input_locations`, §4.3 (integer vertex attributes).",
     "/// `vs_input_locations`, `integer_vertex_attributes`."),
    ("lowerings/decl-io/src/dcl_output_siv.rs", "/// Spec: seed/decl-io.md §dcl_output_siv; families.md §1",
     "/// Spec: `{DI}#dcl_output_siv`, `{DI}#system-values`;"),
    ("lowerings/decl-io/src/dcl_output_siv.rs", "/// `dcl_output_siv`; profiles.md §1 `precise`, §2 (clip/cull distance,",
     "/// profile switches `precise`, `clip_cull_distance`, `clip_cull_extension`,"),
    ("lowerings/decl-io/src/dcl_output_siv.rs", "/// blockers), §3 `clip_z_remap`, §4.8 (stage epilogue).",
     "/// `clip_z_remap` (stage epilogue)."),
    ("lowerings/decl-io/src/dcl_input_ps_siv.rs", "/// Spec: seed/decl-io.md §dcl_input_ps_siv; families.md §1",
     "/// Spec: `{DI}#dcl_input_ps_siv`, `{DI}#system-values`;"),
    ("lowerings/decl-io/src/dcl_input_ps_siv.rs", "/// `dcl_input_ps_siv`; profiles.md §2 (blockers), §3 `fragcoord_origin`.",
     "/// core switch `fragcoord_origin`."),
    ("lowerings/decl-io/src/dcl_input_siv.rs", "/// Spec: seed/decl-io.md §dcl_input_siv (low confidence); families.md §1.",
     "/// Spec: `{DI}#dcl_input_siv`."),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// The precision of a sampler uniform (`profiles.md` §1",
     "/// The precision of a sampler uniform (profile switch"),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// `sampler_precision`, families-review.md finding 20). Always printed:",
     "/// `sampler_precision`, `{DI}#dcl_resource`). Always printed:"),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// Spec: seed/decl-io.md §dcl_resource; families.md §1 `dcl_resource`,",
     "/// Spec: `{DI}#dcl_resource`,"),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// §0.4 (names), §5 (which name each instruction reads);",
     "/// `{CV}#fixed-names`, `{TS}#names` (which name each instruction reads);"),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// families-review.md findings 9 (1D textures) and 20 (precision);",
     "/// profile switches `texture_1d`, `texture_buffers`,"),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// profiles.md §1 `sampler_precision`, §2 (blockers), §4.1.",
     "/// `sampler_precision`."),
    ("lowerings/decl-io/src/dcl_resource.rs", "/// `stub_resource_registers`, profiles.md §4.6 — matched by its RDEF",
     "/// `stub_resource_registers`, `{PR}#stubbed-resources` — matched by its RDEF"),
    ("lowerings/decl-io/src/dcl_resource.rs", "// Stubbed (profiles.md §4.6): recorded for the texture handlers,",
     "// Stubbed (`{PR}#stubbed-resources`): recorded for the texture handlers,"),
    ("lowerings/decl-io/src/dcl_input_sgv.rs", "/// Spec: seed/decl-io.md §dcl_input_ps_sgv / dcl_input_sgv; families.md §1;",
     "/// Spec: `{DI}#dcl_input_ps_sgv-dcl_input_sgv`, `{DI}#system-values`;"),
    ("lowerings/decl-io/src/dcl_input_sgv.rs", "/// families-review.md finding 15; profiles.md §3 `vertex_id_base`.",
     "/// profile switch `vertex_id_base`."),
    ("lowerings/decl-io/src/io.rs", "/// (`seed/decl-io.md` §dcl_input_ps, `profiles.md` §1 `noperspective`,",
     "/// (`{DI}#dcl_input_ps`, profile switches `noperspective`,"),
    ("lowerings/decl-io/src/passes.rs", "zero-fills the PS inputs no VS output feeds (profiles.md §4.7) |",
     "zero-fills the PS inputs no VS output feeds (`{DI}#link_unfed_varyings`) |"),
    ("lowerings/decl-io/src/passes.rs", "is declared `in_BITANGENT<n>` (profiles.md §4.2) |",
     "is declared `in_BITANGENT<n>` (`{DI}#binormal_to_bitangent`) |"),
    ("lowerings/decl-io/src/passes.rs", "/// chosen (profiles.md §4.7, \"zero-fill on the VS side\"). The pixel stage",
     "/// chosen (`{DI}#link_unfed_varyings`). The pixel stage"),
    ("lowerings/decl-io/src/passes.rs", "/// profiles.md §4.2: keep the DXBC name in lowering and rename only when",
     "/// The Carbon contract: keep the DXBC name in lowering and rename only when"),
    ("lowerings/decl-io/src/dcl_indexable_temp.rs", "/// Spec: seed/decl-io.md §dcl_indexable_temp; families.md §1",
     "/// Spec: `{DI}#dcl_indexable_temp`;"),
    ("lowerings/decl-io/src/dcl_indexable_temp.rs", "/// `dcl_indexable_temp`; profiles.md §1 `indexable_temp_shape`.",
     "/// `{CV}#register-models` (companions)."),
    ("lowerings/decl-io/src/dcl_input_ps.rs", "/// Spec: seed/decl-io.md §dcl_input_ps; families.md §1 `dcl_input_ps`;",
     "/// Spec: `{DI}#dcl_input_ps`; profile switches"),
    ("lowerings/decl-io/src/dcl_input_ps.rs", "/// families-review.md finding 21; profiles.md §1 `noperspective`,",
     "/// `noperspective`,"),
    ("lowerings/decl-io/src/dcl_input_ps.rs", "/// `sample_qualifier`, `varying_locations`.", "/// `sample_qualifier`."),
    ("lowerings/decl-io/src/dcl_input_ps.rs", "/// In a linked program (profiles.md §4.7) the variable takes the type and",
     "/// In a linked program (`{MF}#link-rules`) the variable takes the type and"),
    ("lowerings/decl-io/src/dcl_input_ps.rs", "// stages agreed on (profiles.md §4.7).",
     "// stages agreed on (`{MF}#link-rules`)."),
    ("lowerings/decl-io/src/dcl_input_ps_sgv.rs", "/// Spec: seed/decl-io.md §dcl_input_ps_sgv / dcl_input_sgv; families.md §1",
     "/// Spec: `{DI}#dcl_input_ps_sgv-dcl_input_sgv`, `{DI}#system-values`"),
    ("lowerings/decl-io/src/dcl_input_ps_sgv.rs", "/// `dcl_input_ps_sgv`; profiles.md §2 (`SV_SampleIndex`,",
     "/// (`SV_SampleIndex` under `sample_variables`,"),
    ("lowerings/decl-io/src/dcl_input_ps_sgv.rs", "/// `SV_PrimitiveID`).", "/// `SV_PrimitiveID` refused)."),
    ("lowerings/decl-io/src/dcl_resource_structured.rs", "/// Spec: seed/decl-io.md §dcl_resource_structured; families.md §1, §6;",
     "/// Spec: `{DI}#dcl_resource_structured`;"),
    ("lowerings/decl-io/src/dcl_resource_structured.rs", "/// profiles.md §4.5 (`BoneTransforms`), §4.6 (light lists).",
     "/// `{PR}#bone_transforms`, `{PR}#structured_data_texture`, `{PR}#stubbed-resources`."),
    ("lowerings/decl-io/src/dcl_resource_structured.rs", "/// pass (profiles.md §4.6; `ld_structured` refuses the loads of buffers",
     "/// pass (`{MS}#structured_data_texture`; `ld_structured` refuses the loads of buffers"),
    ("lowerings/decl-io/src/dcl_resource_structured.rs", "// `structured_data_texture`, profiles.md §4.5, §4.6); a stubbed buffer",
     "// `structured_data_texture`, `{MS}#bone_transforms`); a stubbed buffer"),
    ("lowerings/decl-io/src/dcl_sampler.rs", "/// Spec: seed/decl-io.md §dcl_sampler; families.md §1 `dcl_sampler`,",
     "/// Spec: `{DI}#dcl_sampler`,"),
    ("lowerings/decl-io/src/dcl_sampler.rs", "/// §0.4 (names).", "/// `{CV}#fixed-names`."),
    ("lowerings/decl-io/src/customdata.rs", "/// Spec: seed/decl-io.md §customdata; families.md §0.1 (bit-exact data),",
     "/// Spec: `{DI}#customdata`, `{CV}#immediates` (bit-exact data);"),
    ("lowerings/decl-io/src/customdata.rs", "/// §1 `customdata`; profiles.md §1 `icb_shape`.", "/// profile switch `icb_shape`."),
    ("lowerings/decl-io/src/customdata.rs", "/// - `ConstVec4Array` (the seed's form): `const vec4 ImmCB_0[K] =",
     "/// - `ConstVec4Array` (the float form): `const vec4 ImmCB_0[K] ="),
    ("lowerings/decl-io/src/customdata.rs", "///   constants that its HLSL back end prints in decimal — see",
     "///   constants that its HLSL back end prints in decimal — see"),
    ("lowerings/decl-io/src/customdata.rs", "///   `docs/decl-io.md`.", "///   `{DI}#1-immediate-constant-buffer-raw-dwords-in-a-const-uvec4-array`."),
    ("lowerings/decl-io/src/dcl_constant_buffer.rs", "/// Spec: seed/decl-io.md §dcl_constant_buffer; families.md §1",
     "/// Spec: `{DI}#dcl_constant_buffer`; `{PR}#resource-limits`;"),
    ("lowerings/decl-io/src/dcl_constant_buffer.rs", "/// `dcl_constant_buffer`; profiles.md §1 `uniform_location_binding`, §2",
     "/// `{MF}#link-rules`."),
    ("lowerings/decl-io/src/dcl_constant_buffer.rs", "/// (resource limits), §4.4.", None),
    ("lowerings/decl-io/src/dcl_constant_buffer.rs", "/// (profiles.md §4.4): GLSL ES fails the link of a block declared with two",
     "/// (`{MF}#link-rules`): GLSL ES fails the link of a block declared with two"),
    ("lowerings/decl-io/src/dcl_constant_buffer.rs", "// declared with two layouts does not link (profiles.md §4.4).",
     "// declared with two layouts does not link (`{MF}#link-rules`)."),
    ("lowerings/decl-io/src/dcl_temps.rs", "/// Spec: seed/decl-io.md §dcl_temps; families.md §0.1 (register file),",
     "/// Spec: `{DI}#dcl_temps`, `{CV}#register-file`,"),
    ("lowerings/decl-io/src/dcl_temps.rs", "/// §1 `dcl_temps`; profiles.md §3 `register_model`, `temp_zero_init`.",
     "/// `{CV}#register-models`."),
    ("lowerings/decl-io/src/dcl_input_siv.rs", "/// input); the vertex/pixel corpus has none (see `docs/decl-io.md`). The",
     "/// input); the vertex/pixel corpus has none (see `{DI}#6-dcl_input_siv-in-vertex-and-pixel-shaders`). The"),
    ("lowerings/decl-io/src/switches.rs", "//! the plain `webgl2` behaviour; profiles.md (restated in `docs/`)",
     "//! the plain `webgl2` behaviour; `{PR}#decl_io-declarations-and-the-stage-interface`"),
    ("lowerings/decl-io/src/switches.rs", "/// Precision of sampler uniforms (profiles.md §1 `sampler_precision`).",
     "/// Precision of sampler uniforms (`{DI}#dcl_resource`)."),
    ("lowerings/decl-io/src/switches.rs", "/// `dcl_global_flags forceEarlyDepthStencil` (profiles.md §1).",
     "/// `dcl_global_flags forceEarlyDepthStencil` (`{DI}#dcl_global_flags`)."),
    ("lowerings/decl-io/src/switches.rs", "/// `noperspective` interpolation on PS inputs (profiles.md §1).",
     "/// `noperspective` interpolation on PS inputs (`{DI}#dcl_input_ps`)."),
    ("lowerings/decl-io/src/switches.rs", "/// when `clip_cull_distance` is on (profiles.md §2).",
     "/// when `clip_cull_distance` is on (`{DI}#system-values`)."),
    ("lowerings/decl-io/src/switches.rs", "/// How `SV_VertexID` relates to `gl_VertexID` (profiles.md §3).",
     "/// How `SV_VertexID` relates to `gl_VertexID` (`{DI}#system-values`)."),
    ("lowerings/decl-io/src/switches.rs", "/// How integer vertex attributes are declared (profiles.md §4.3).",
     "/// How integer vertex attributes are declared (`{DI}#dcl_input`)."),
    ("lowerings/decl-io/src/switches.rs", "/// (profiles.md §3 `clip_z_remap`).", "/// (`{DI}#system-values`)."),
    ("lowerings/decl-io/src/switches.rs", "/// 1D textures (profiles.md §2): declared as W×1 2D textures, or",
     "/// 1D textures (`{DI}#dcl_resource`): declared as W×1 2D textures, or"),
    ("lowerings/decl-io/src/switches.rs", "/// choice; since families-review.md finding 20 the same rule as",
     "/// choice; the same rule as"),
    ("lowerings/decl-io/src/switches.rs", "/// `PerKind`, kept as the name profiles.md gives it).",
     "/// `PerKind`, kept as the name of that profile's setting)."),
    ("lowerings/decl-io/src/switches.rs", "/// (the seed's recommendation). Legal GLSL ES 3.00 and accepted by",
     "/// Legal GLSL ES 3.00 and accepted by"),
    ("lowerings/decl-io/src/switches.rs", "/// crate's `docs/decl-io.md` records the evidence).",
     "/// rules document records the evidence, `{DI}#decisions-and-evidence`)."),
    ("lowerings/decl-io/src/switches.rs", "/// `WEBGL_clip_cull_distance` (the decl-io crate's `docs/decl-io.md`",
     "/// `WEBGL_clip_cull_distance` (`{DI}#4-clip-and-cull-distances`"),
    ("lowerings/decl-io/src/dcl_global_flags.rs", "/// Spec: seed/decl-io.md §dcl_global_flags; families.md §1",
     "/// Spec: `{DI}#dcl_global_flags`; profile switch"),
    ("lowerings/decl-io/src/dcl_global_flags.rs", "/// `dcl_global_flags`; profiles.md §1 `early_fragment_tests`.",
     "/// `early_fragment_tests`."),
    # core
    ("core/lower/src/profile.rs", "/// Register model (families.md §0.1).", "/// Register model (`{CV}#register-models`)."),
    ("core/lower/src/profile.rs", "/// D3D-exact `min`/`max`/`_sat` NaN handling (families.md §0.3, §2):",
     "/// D3D-exact `min`/`max`/`_sat` NaN handling (`{CV}#special-values`):"),
    ("core/lower/src/profile.rs", "/// HLSLcc's mobile-driver workarounds (profiles.md §3): scalarised",
     "/// HLSLcc's mobile-driver workarounds (`{CV}#mobile-workarounds`): scalarised"),
    ("core/lower/src/profile.rs", "/// `gl_FragCoord` origin handling (profiles.md §3): how `SV_Position`",
     "/// `gl_FragCoord` origin handling (`{PR}#core-switches`): how `SV_Position`"),
    ("core/lower/src/profile.rs", "/// (profiles.md §4.6 `stub_resource_registers`): their declarations",
     "/// (`{PR}#stubbed-resources`): their declarations"),
    ("core/lower/src/profile.rs", "/// Resource limits checked at translate time (profiles.md §2,",
     "/// Resource limits checked at translate time"),
    ("core/lower/src/profile.rs", "/// \"Resource limits\"): a stage that needs more is refused by name.",
     "/// (`{PR}#resource-limits`): a stage that needs more is refused by name."),
    ("core/lower/src/profile.rs", "/// bits (families.md §0.1, profiles.md §3): integer producers write the",
     "/// bits (`{CV}#register-models`): integer producers write the"),
    ("core/lower/src/profile.rs", "/// Per-stage resource limits of the target (profiles.md §2). The defaults",
     "/// Per-stage resource limits of the target (`{PR}#resource-limits`). The defaults"),
    ("core/lower/src/hints.rs", "//! (profiles.md §4.4, §4.7), and read by the declaration handlers through",
     "//! (`{MF}#link-rules`), and read by the declaration handlers through"),
    ("core/lower/src/emit.rs", "//! Order of the final text (families.md §1 preamble, seed \"Emission order\"):",
     "//! Order of the final text (`{DI}#declaration-order`):"),
    ("core/lower/src/regs.rs", "//! The `float_vec4` model of the seed (families.md §0.1): every temp `rN` is",
     "//! The `FloatVec4` model (`{CV}#register-models`): every temp `rN` is"),
    ("core/lower/src/regs.rs", "/// lexers (families-review.md), hence `exact` for type-less movers.",
     "/// lexers (`{CV}#immediates`), hence `exact` for type-less movers."),
    ("core/lower/src/record.rs", "/// buffer SRV (profiles.md §4.6); `None` for ordinary textures.",
     "/// buffer SRV (`{PR}#structured_data_texture`); `None` for ordinary textures."),
    ("core/lower/src/record.rs", "/// A buffer SRV the stage reads from a data texture (profiles.md §4.6):",
     "/// A buffer SRV the stage reads from a data texture (`{PR}#structured_data_texture`):"),
    ("core/lower/src/lib.rs", "//! /// `add`: componentwise float addition (families.md §2).",
     "//! /// `add`: componentwise float addition (`{FA}#add-mul`)."),
    ("core/lower/src/operands.rs", "/// (families.md §0.1 \"exactness matters\"); `Ty::Uint` reads a temp's",
     "/// (`{CV}#immediates`); `Ty::Uint` reads a temp's"),
    ("core/lower/src/limits.rs", "//! (profiles.md §2, \"Resource limits to check at translate/link time\").",
     "//! (`{PR}#resource-limits`)."),
    ("core/lower/src/limits.rs", "//! What is counted, from the lowered stage (names follow profiles.md §4.1):",
     "//! What is counted, from the lowered stage (names as in `{CV}#fixed-names`):"),
    ("core/lower/src/link.rs", "//! pair links in WebGL2 (profiles.md §4.4, §4.7).",
     "//! pair links in WebGL2 (`{MF}#link-rules`)."),
    ("core/lower/src/manifest.rs", "/// (profiles.md §4.6, the `structured_data_texture` pass): the host",
     "/// (`{PR}#structured_data_texture`): the host"),
    # docs
    ("docs/handler-api.md", "/// **Spec**: families.md §2 `add`; Microsoft \"add (sm4 - asm)\".",
     "/// **Spec**: `{FA}#add-mul`; Microsoft \"add (sm4 - asm)\"."),
    ("docs/adding-an-opcode.md", "/// **Spec**: families.md §2 `mad`; Microsoft \"mad (sm4 - asm)\".",
     "/// **Spec**: `{FA}#mad`; Microsoft \"mad (sm4 - asm)\"."),
    # profiles
    ("targets/profiles/ccpwgl.ron", "// profiles.md §4.6: the ccpwgl runtime binds no tiled light lists.",
     "// {PR}#stubbed-resources: the ccpwgl runtime binds no tiled light lists."),
    ("targets/profiles/ccpwgl.ron", "// profiles.md §4.3: bound with vertexAttribPointer, converted at use.",
     "// {DI}#dcl_input: bound with vertexAttribPointer, converted at use."),
    ("targets/profiles/native.ron", "// floats (families.md §0.1).", "// floats ({CV}#register-models)."),
    ("targets/profiles/native.ron", "// §3 register_model: a uvec4 companion rN_u per temp, so integer data",
     "// register_model: a uvec4 companion rN_u per temp, so integer data"),
    ("targets/profiles/native.ron", "// §3: D3D's NaN rules for min/max/_sat (isnan-based forms).",
     "// {CV}#special-values: D3D's NaN rules for min/max/_sat (isnan-based forms)."),
    ("targets/profiles/native.ron", "// §4.2: metadata and GLSL agree on in_BITANGENT<n>.",
     "// {PR}#binormal_to_bitangent: metadata and GLSL agree on in_BITANGENT<n>."),
    ("targets/profiles/native.ron", "// §4.5: one std140 block CewgSb<r> per BoneTransforms buffer.",
     "// {PR}#bone_transforms: one std140 block CewgSb<r> per BoneTransforms buffer."),
    ("targets/profiles/native.ron", "// §4.6: every other structured SRV and every ByteAddressBuffer of",
     "// {PR}#structured_data_texture: every other structured SRV and every ByteAddressBuffer of"),
    ("targets/profiles/native.ron", "// §1: noperspective kept under GL_NV_shader_noperspective_interpolation",
     "// {DI}#dcl_input_ps: noperspective kept under GL_NV_shader_noperspective_interpolation"),
    ("targets/profiles/native.ron", "// §1: `invariant gl_Position;` in a VS with a `precise` instruction.",
     "// {DI}#system-values: `invariant gl_Position;` in a VS with a `precise` instruction."),
    ("targets/profiles/native.ron", "// §2: Buffer<> SRVs read from an RGBA32F 2D texture bt<r> (texelFetch).",
     "// {DI}#dcl_resource: Buffer<> SRVs read from an RGBA32F 2D texture bt<r> (texelFetch)."),
    ("targets/profiles/native.ron", "// §2 opt-ins left off: glslangValidator 12 rejects both clip/cull",
     "// {DI}#system-values opt-ins left off: glslangValidator 12 rejects both clip/cull"),
    ("targets/profiles/native.ron", "// §3: D3D's 0..w clip depth left as written: WebGL2 exposes",
     "// {DI}#system-values: D3D's 0..w clip depth left as written: WebGL2 exposes"),
    ("targets/profiles/ccpwgl.ron", "// §4.2: the runtime binds the BINORMAL channel as in_BITANGENT<n>",
     "// {PR}#binormal_to_bitangent: the runtime binds the BINORMAL channel as in_BITANGENT<n>"),
    ("targets/profiles/ccpwgl.ron", "// §4.5: BoneTransforms rows read from cb3[26 + joint * 3 + row].",
     "// {PR}#bone_transforms: BoneTransforms rows read from cb3[26 + joint * 3 + row]."),
    ("tests/tests/stub_resources.rs", "//! textures, the `highp` bare data sampler under ccpwgl (§1",
     "//! textures, the `highp` bare data sampler under ccpwgl (switch"),
    ("targets/profiles/native.ron", "// profiles.md §3: no HLSLcc mobile-driver unrolling (the bit-field",
     "// {CV}#mobile-workarounds: no HLSLcc mobile-driver unrolling (the bit-field"),
    ("targets/profiles/native.ron", "// profiles.md §4.3: true ivec/uvec attributes.",
     "// {DI}#dcl_input: true ivec/uvec attributes."),
    ("targets/profiles/native.ron", "// The \"candidate\" switches of profiles.md §1-§3, each on only where",
     "// The candidate switches, each on only where"),
    ("targets/profiles/native.ron", "// accept the output (evidence: lowerings/decl-io/docs/decl-io.md §14).",
     "// accept the output (evidence: {DI}#14-position-switches-and-the-native-profiles-candidates)."),
    ("targets/profiles/native.ron", "// profiles.md §3: the exact round-toward-zero f32tof16.",
     "// {IC}#f32tof16: the exact round-toward-zero f32tof16."),
    ("tests/profiles/ccpwgl-stubs.ron", "// ccpwgl with more stubbed resources (profiles.md §4.6",
     "// ccpwgl with more stubbed resources ({PR}#stubbed-resources,"),
    ("tests/profiles/native-gl-depth.ron", "// (profiles.md §3 `clip_z_remap`). Kept with the tests to show that such a",
     "// ({DI}#system-values, `clip_z_remap`). Kept with the tests to show that such a"),
    # tests
    ("tests/tests/texture_sample.rs", "//! The texture-sample family (families.md §5): the refusals by name and the",
     "//! The texture-sample family ({TS}): the refusals by name and the"),
    ("tests/tests/conformance.rs", "//!   `f32tof16 = exact`: D3D rounds toward zero), as profiles.md asks of",
     "//!   `f32tof16 = exact`: D3D rounds toward zero), the setting for"),
    ("tests/tests/conformance.rs", "/// switches on (profiles.md §3: `nan_exact`, and `f32tof16 = exact`, D3D's",
     "/// switches on (`nan_exact`, and `f32tof16 = exact`, D3D's"),
    ("tests/tests/conformance.rs", "/// round-toward-zero conversion), the setting profiles.md names for",
     "/// round-toward-zero conversion; {CV}#special-values), the setting for"),
    ("tests/tests/stub_resources.rs", "//! Stubbed resources (`stub_resource_registers`, profiles.md §4.6) on",
     "//! Stubbed resources (`stub_resource_registers`, {PR}#stubbed-resources) on"),
    ("tests/tests/stub_resources.rs", "/// profiles.md §4.6 names the three Carbon light-list resources; ccpwgl",
     "/// The ccpwgl runtime binds none of the three Carbon light-list resources; ccpwgl"),
    ("tests/tests/float_alu.rs", "//! The float-alu family (families.md §2): unit-level checks of `_sat`, the",
     "//! The float-alu family ({FA}): unit-level checks of `_sat`, the"),
    ("tests/tests/profile_switches.rs", "//! profile's \"candidate\" gates (profiles.md §1–§3, issue 7):",
     "//! profile's candidate gates:"),
    ("tests/tests/integer_conv.rs", "//! The integer-conv family (families.md §3 and the integer opcodes of §7).",
     "//! The integer-conv family ({IC})."),
    ("tests/tests/cmp_controlflow.rs", "//! The cmp-controlflow family (families.md §4 and `swapc`, `call`,",
     "//! The cmp-controlflow family ({CC}, including `swapc`, `call`,"),
    ("tests/tests/cmp_controlflow.rs", "//! `callc`, `label`, `nop` of §7): assertions about translated shaders",
     "//! `callc`, `label`, `nop`): assertions about translated shaders"),
    ("tests/tests/register_model.rs", "//! The `FloatVec4UVec4Companions` register model (families.md §0.1,",
     "//! The `FloatVec4UVec4Companions` register model ({CV}#register-models,"),
    ("tests/tests/register_model.rs", "//! profiles.md §3 `register_model`): every temp `rN` has a `uvec4 rN_u`",
     "//! core switch `register_model`): every temp `rN` has a `uvec4 rN_u`"),
    ("tests/tests/data_texture.rs", "//! The `structured_data_texture` pass (profiles.md §4.6): structured and",
     "//! The `structured_data_texture` pass ({MS}#structured_data_texture): structured and"),
    ("tests/tests/limits.rs", "//! Resource limits (profiles.md §2, `dxlower_core::limits`): a stage that",
     "//! Resource limits ({PR}#resource-limits, `dxlower_core::limits`): a stage that"),
    ("tests/tests/memory_structured.rs", "//! The memory-structured family (families.md §6, §7; profiles.md §2,",
     "//! The memory-structured family ({MS};"),
    ("tests/tests/memory_structured.rs", "//! §4.5): every opcode it owns refused by name in a vertex or pixel shader",
     "//! {PR}#refused-in-every-profile): every opcode it owns refused by name in a vertex or pixel shader"),
    ("tests/tests/memory_structured.rs", "// Every atomic in a pixel shader (families.md §6: no compute-only",
     "// Every atomic in a pixel shader ({MS}#atomics: no compute-only"),
    ("tests/tests/link.rs", "//! rewrite passes (`dxlower_core::pass`), profiles.md §4.",
     "//! rewrite passes (`dxlower_core::pass`), {PR}#passes."),
    ("tests/tests/link.rs", "// Link rules (profiles.md §4.4, §4.7)", "// Link rules ({MF}#link-rules)"),
    ("tests/tests/link.rs", "// ABI rewrites (profiles.md §4.2, §4.3, §4.5)", "// ABI rewrites ({PR}#passes)"),
    ("tests/tests/profile_switches.rs", "//! `lowerings/decl-io/docs/decl-io.md` §14.",
     "//! `{DI}#14-position-switches-and-the-native-profiles-candidates`."),
    ("tests/tests/decl_io.rs", "// The seed's const vec4 shape: valid ES 3.00 (ANGLE and Mesa fold the",
     "// The `ConstVec4Array` shape: valid ES 3.00 (ANGLE and Mesa fold the"),
    ("tests/tests/decl_io.rs", "// evidence behind the ConstUvec4Array default (docs/decl-io.md). The",
     "// evidence behind the ConstUvec4Array default ({DI}#1-immediate-constant-buffer-raw-dwords-in-a-const-uvec4-array). The"),
    # README
    ("README.md", "`lowerings/decl-io/docs/decl-io.md` §14 for the native switches).",
     "[decl-io.md](lowerings/decl-io/docs/decl-io.md#14-position-switches-and-the-native-profiles-candidates)"
     " for the native switches)."),
]
LINES = [(p, o, x(n) if n is not None else None) for (p, o, n) in LINES]

# --- 3. what still counts as a citation of an external note ----------------

EXTERNAL = re.compile(
    r"families(-review)?\.md|seed[/ ]decl-io|shared/design|shared/seed|[Tt]he seed's|seed spec"
    r"|\.md`? ?§"
    r"|(?<![\w/(\[.-])profiles\.md(?![#\])])"
    r"|(?<![\w/-])(architecture|style|references)\.md"
)

SKIP_DIRS = {"target", ".git", "node_modules", "corpus-digest", "snapshots"}
SELF = {"scripts/rewrite-citations.py", "tests/tests/spec_citations.rs"}
EXTS = (".rs", ".md", ".ron", ".toml", ".sh", ".mjs", ".js", ".ts", ".html")


def files():
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
        for f in sorted(filenames):
            if f.endswith(EXTS):
                path = os.path.relpath(os.path.join(dirpath, f), ROOT).replace(os.sep, "/")
                if path not in SELF:
                    yield path


def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")


def section_index():
    """op mnemonic → (document, anchor) from the headings of the family rule
    documents (`## iadd`, `## imad, umad`)."""
    index = {}
    base = os.path.join(ROOT, "lowerings")
    for fam in sorted(os.listdir(base)):
        doc = f"lowerings/{fam}/docs/{fam}.md"
        p = os.path.join(ROOT, doc)
        if not os.path.exists(p):
            continue
        for line in open(p, encoding="utf-8"):
            m = re.match(r"#{2,6} (.*)", line.rstrip("\n"))
            if not m:
                continue
            text = m.group(1)
            for op in re.split(r",\s*", text.replace("`", "")):
                if re.fullmatch(r"[a-z0-9_]+", op):
                    index.setdefault((fam, op), (doc, slug(text)))
    return index


def opcode_mnemonics():
    """`Opcode` variant → mnemonic, from the opcode table."""
    table = open(os.path.join(ROOT, "core/dxbc/src/opcode_table.rs"), encoding="utf-8").read()
    return dict(re.findall(r"^\s*(\w+)\s*=\s*\d+\s+\"(\w+)\"", table, re.M))


def rewrite_spec(path, lines, i, old, index, mnemonics):
    new = SPEC_BY_FILE.get((path, old)) or SPEC.get(old)
    if new or not EXTERNAL.search(old):
        return new
    # Derive from the opcodes of the registration block around the line.
    m = re.match(r"lowerings/([^/]+)/", path)
    if not m:
        return None
    fam = m.group(1)
    block = "".join(lines[max(0, i - 6): i + 1])
    ops = re.findall(r"Opcode::(\w+)", block)
    anchors = {index.get((fam, mnemonics.get(o, ""))) for o in ops}
    if len(anchors) == 1 and None not in anchors:
        doc, anchor = anchors.pop()
        return f"{doc}#{anchor}"
    return None


def main():
    check = "--check" in sys.argv[1:]
    index = section_index()
    mnemonics = opcode_mnemonics()
    by_file = {}
    for p, o, n in LINES:
        by_file.setdefault(p, []).append((o, n))
    leftovers = []
    for path in files():
        full = os.path.join(ROOT, path)
        try:
            lines = open(full, encoding="utf-8").read().split("\n")
        except UnicodeDecodeError:
            continue
        changed = False
        fam = re.match(r"lowerings/([^/]+)/", path)
        for i, line in enumerate(lines):
            new = line
            m = re.search(r'spec: "([^"]*)"', new)
            if m:
                spec = rewrite_spec(path, lines, i, m.group(1), index, mnemonics)
                if spec:
                    new = new[: m.start(1)] + spec + new[m.end(1):]
            for k, (o, n) in enumerate(by_file.get(path, [])):
                if n is None:
                    if new.strip() == o:
                        new = None
                        break
                elif o in new:
                    new = new.replace(o, n)
            if new is not None and fam:
                def generic(mm):
                    hit = index.get((fam.group(1), mm.group(1)))
                    return f"**Spec**: `{hit[0]}#{hit[1]}`" if hit else mm.group(0)
                new = re.sub(r"\*\*Spec\*\*: families\.md §\d+ `([a-z0-9_]+)`", generic, new)
            if new != line:
                lines[i] = new
                changed = True
            if new is not None and EXTERNAL.search(new):
                leftovers.append(f"{path}:{i + 1}: {new.strip()}")
        if changed and not check:
            kept = [l for l in lines if l is not None]
            open(full, "w", encoding="utf-8").write("\n".join(kept))
    if leftovers:
        print("citations of external notes left (rewrite them by hand):")
        print("\n".join(leftovers))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
