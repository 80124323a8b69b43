// profile: profiles/webgl2-all.ron
//
// A multisample texture that only sampleinfo and samplepos name: no
// instruction reads a texel or a size, so no sampler uniform is declared,
// and both still lower under the single-sample contract (they must not
// take the missing uniform for a refused declaration).
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
sampleinfo r0.x, t0.x
samplepos r0.yz, t0.xxyx, l(0)
mov r0.w, l(1.0)
mov o0.xyzw, r0.xyzw
ret
