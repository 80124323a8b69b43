// profile: profiles/webgl2-all.ron
// check: notes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// SV_RenderTargetArrayIndex     0   x           1  RTINDEX    uint   x   
// SV_ViewportArrayIndex     0    y          1  VPINDEX    uint    y  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_4_0
dcl_input_ps_siv constant v1.x, rendertarget_array_index
dcl_input_ps_siv constant v1.y, viewport_array_index
dcl_output o0.xyzw
iadd o0.x, v1.x, l(100)
mov o0.y, v1.y
utof o0.z, v1.x
mov o0.w, l(7)
ret
