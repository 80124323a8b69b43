// profile: (extends: Some("native"), passes: [ ( name: "bone_transforms", params: { "mode": "ubo", }, ), ( name: "binormal_to_bitangent", params: { "indices": "all", }, ), ])
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
mov r0.x, v1.y
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r1.xy, v1.z, l(32), t0.wzww
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r1.xyz, v1.z, l(20), t0.xyzx
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r2.xyzw, v1.w, l(8), t0.xyzw
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r3.zw, l(5), l(16), t0.xxyx
add r1.xyzw, r1.xyzw, r2.xyzw
add r1.xyzw, r1.xyzw, r3.xyzw
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r0.xyzw, r0.x, l(0), t0.xyzw
mov o0.xyzw, r1.xyzw
mov o1.xyzw, r0.xyzw
ret
