// profile: webgl2-fast
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
//
vs_5_0
dcl_input_siv v0.xyzw, position
