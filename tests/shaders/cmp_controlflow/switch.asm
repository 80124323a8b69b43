// profile: webgl2-fast
//
// Two labels sharing a body.
// Fall-through into the next label.
// A label last: GLSL needs a statement before the `}`.
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
//
ps_5_0
dcl_constantbuffer CB0[8], immediateIndexed
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 4
switch r0.x
case l(0)
case l(1)
mov r1.x, l(1.000000)
break
case l(-1)
mov r1.y, l(2.000000)
case l(0x80000000)
mov r1.z, l(3.000000)
break
default
endswitch
ret
