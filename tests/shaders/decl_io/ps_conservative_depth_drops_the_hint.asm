// profile: webgl2-fast
// check: notes, lanes
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_DepthGreaterEqual     0    N/A oDepthGE  DEPTHGE   float     NO
//
ps_5_0
dcl_output oDepthGE
