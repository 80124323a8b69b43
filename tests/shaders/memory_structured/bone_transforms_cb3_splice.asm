// profile: (extends: Some("ccpwgl"), passes: [ ( name: "bone_transforms", params: { "mode": "cb3_splice", }, ), ( name: "binormal_to_bitangent", params: { "indices": "all", }, ), ])
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// BLENDINDICES             0   xyzw        1     NONE    uint   xyzw
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// TEXCOORD                 0   xyzw        1     NONE   float       
//
vs_5_0
dcl_constantbuffer CB3[27], immediateIndexed
dcl_resource_structured t0, 48
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 4
iadd r0.xyzw, v1.xyzw, cb3[26].xxxx
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r1.xyzw, r0.x, l(0), t0.xyzw
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r2.xyzw, r0.x, l(16), t0.xyzw
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r3.xyzw, r0.x, l(32), t0.xyzw
dp4 o0.x, v0.xyzw, r1.xyzw
dp4 o0.y, v0.xyzw, r2.xyzw
dp4 o0.z, v0.xyzw, r3.xyzw
mov o0.w, l(1.000000)
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) o1.xyzw, r0.y, l(16), t0.wzyx
ret
