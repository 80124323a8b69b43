// profile: (extends: Some("webgl2-fast"), decl_io: (signature_only_output_fill: false))
// check: notes, lanes
//
// The program of vs_outputs_position_packed_flat_and_signature_only_fill:
// no zero fill of the outputs no instruction writes.
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// TEXCOORD                 0   xy          1     NONE   float       
// TEXCOORD                 1     zw        1     NONE   float       
// COLOR                    0   xyzw        2     NONE   float       
// BLENDINDICES             0   xy          3     NONE    uint       
// texcoord                 2   xyzw        4     NONE   float       
//
vs_5_0
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_output o1.zw
dcl_output o2.xyzw
dcl_output o3.xy
dcl_output o4.xyzw
mov o0.xyzw, l(0,0,0,1.000000)
mov o1.xy, l(0.500000,0.500000,0,0)
mov o2.xy, l(1.000000,1.000000,0,0)
