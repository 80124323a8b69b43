// profile: profiles/webgl2-all.ron
// check: notes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_PrimitiveID           0   x           0   PRIMID    uint   x   
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_4_0
dcl_input_ps_sgv constant v0.x, primitive_id
dcl_output o0.xyzw
iadd o0.x, v0.x, l(10)
mov o0.yzw, l(0,1,2,3)
ret
