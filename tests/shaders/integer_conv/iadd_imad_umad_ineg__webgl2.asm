// profile: webgl2
//
// isub as fxc encodes it: iadd with a negated source.
// -1 and 0x7fffffff keep their bits as int literals.
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xyzw        0     NONE   float   xyzw
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float       
// SV_Target                1   xyzw        1   TARGET     int       
// SV_Target                2   xyzw        2   TARGET    uint       
//
ps_5_0
dcl_constantbuffer CB0[4], immediateIndexed
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 4
iadd r0.x, cb0[0].x, -r2.x
iadd r0.xy, r1.xyxx, l(-1, 0x7fffffff, 0, 0)
imad r0.xy, r1.xyxx, l(3, 3, 0, 0), r2.xyxx
umad r0.z, r1.x, cb0[1].y, l(7)
ineg r0.y, r0.y
ineg o1.xyzw, -r2.wzyx
ret
