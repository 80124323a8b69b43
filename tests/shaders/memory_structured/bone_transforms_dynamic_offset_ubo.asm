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
mov r0.xy, v1.xyxx
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r1.xyzw, r0.x, r0.y, t0.xyzw
mov o0.xyzw, r1.xyzw
ret
