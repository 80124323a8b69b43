//
// A Carbon-style skinned vertex shader: joints from the BoneTransforms
// structured buffer (offset by cb3[26].x), a BINORMAL input, the
// effect's own constant in cb0, the view-projection in cb1.
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// BoneTransforms                    texture  struct         r/o             t0      1 
// $Globals                          cbuffer      NA          NA            cb0      1 
// PerFrameVS                        cbuffer      NA          NA            cb1      1 
// PerObjectVS                       cbuffer      NA          NA            cb3      1 
//
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz 
// BINORMAL                 0   xyz         1     NONE   float   xyz 
// TEXCOORD                 0   xy          2     NONE   float   xy  
// BLENDINDICES             0   xyzw        3     NONE    uint   x   
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// TEXCOORD                 0   xyzw        1     NONE   float   xyzw
// TEXCOORD                 1   xyz         2     NONE   float   xyz 
//
vs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
dcl_constantbuffer CB1[4], immediateIndexed
dcl_constantbuffer CB3[27], immediateIndexed
dcl_resource_structured t0, 48
dcl_input v0.xyz
dcl_input v1.xyz
dcl_input v2.xy
dcl_input v3.x
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyz
dcl_temps 4
iadd r0.x, v3.x, cb3[26].x
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r1.xyzw, r0.x, l(0), t0.xyzw
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r2.xyzw, r0.x, l(16), t0.xyzw
ld_structured_indexable(structured_buffer, stride=48)(mixed,mixed,mixed,mixed) r3.xyzw, r0.x, l(32), t0.xyzw
mul r0.xyz, v0.xyzx, cb0[0].xxxx
mov r0.w, l(1.000000)
dp4 r1.x, r0.xyzw, r1.xyzw
dp4 r1.y, r0.xyzw, r2.xyzw
dp4 r1.z, r0.xyzw, r3.xyzw
mov r1.w, l(1.000000)
dp4 o0.x, r1.xyzw, cb1[0].xyzw
dp4 o0.y, r1.xyzw, cb1[1].xyzw
dp4 o0.z, r1.xyzw, cb1[2].xyzw
dp4 o0.w, r1.xyzw, cb1[3].xyzw
mov o1.xy, v2.xyxx
mov o1.zw, l(0,0,0,1.000000)
mov o2.xyz, v1.xyzx
ret
