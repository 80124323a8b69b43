// profile: profiles/webgl2-all.ron
// check: notes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz 
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// SV_ClipDistance          0   xy          1  CLIPDST   float   xy  
// TEXCOORD                 0     zw        1     NONE   float     zw
//
vs_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_input v0.xyz
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.xy, clip_distance
dcl_output o1.zw
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
add o1.x, v0.x, cb0[0].x
add o1.y, v0.y, cb0[0].y
mov o1.zw, v0.xxxy
ret
