// profile: (extends: Some("webgl2-fast"), fragcoord_origin: FlipWithUniform)
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
ps_5_0
dcl_input_ps_siv v0.xyzw, position
