//
// A pixel shader reading 14 textures (12 2D, one cube, one 2D array)
// through one sampler, scaled by the effect's own constant in cb0.
//
// Resource Bindings:
//
// Name                                 Type  Format         Dim      HLSL Bind  Count
// ------------------------------ ---------- ------- ----------- -------------- ------
// LinearSampler                     sampler      NA          NA             s0      1 
// Map0                              texture  float4          2d            t0      1 
// Map1                              texture  float4          2d            t1      1 
// Map2                              texture  float4          2d            t2      1 
// Map3                              texture  float4          2d            t3      1 
// Map4                              texture  float4          2d            t4      1 
// Map5                              texture  float4          2d            t5      1 
// Map6                              texture  float4          2d            t6      1 
// Map7                              texture  float4          2d            t7      1 
// Map8                              texture  float4          2d            t8      1 
// Map9                              texture  float4          2d            t9      1 
// Map10                             texture  float4          2d            t10     1 
// Map11                             texture  float4          2d            t11     1 
// ReflectionMap                     texture  float4        cube            t12      1 
// LayerMap                          texture  float4     2darray            t13      1 
// $Globals                          cbuffer      NA          NA            cb0      1 
//
//
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// TEXCOORD                 0   xyzw        1     NONE   float   xy  
// TEXCOORD                 1   xyz         2     NONE   float   xyz 
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[2], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture2d (float,float,float,float) t2
dcl_resource_texture2d (float,float,float,float) t3
dcl_resource_texture2d (float,float,float,float) t4
dcl_resource_texture2d (float,float,float,float) t5
dcl_resource_texture2d (float,float,float,float) t6
dcl_resource_texture2d (float,float,float,float) t7
dcl_resource_texture2d (float,float,float,float) t8
dcl_resource_texture2d (float,float,float,float) t9
dcl_resource_texture2d (float,float,float,float) t10
dcl_resource_texture2d (float,float,float,float) t11
dcl_resource_texturecube (float,float,float,float) t12
dcl_resource_texture2darray (float,float,float,float) t13
dcl_input_ps linear v1.xy
dcl_input_ps linear v2.xyz
dcl_output o0.xyzw
dcl_temps 2
sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v1.xyxx, t0.xyzw, s0
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t1.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t2.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t3.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t4.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t5.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t6.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t7.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t8.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t9.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t10.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t11.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texturecube)(float,float,float,float) r1.xyzw, v2.xyzx, t12.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
sample_indexable(texture2darray)(float,float,float,float) r1.xyzw, v2.xyzx, t13.xyzw, s0
add r0.xyzw, r0.xyzw, r1.xyzw
mul r0.xyzw, r0.xyzw, cb0[0].xyzw
add o0.xyzw, r0.xyzw, cb0[1].xyzw
ret
