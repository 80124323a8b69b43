// profile: webgl2-fast
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xy          1     NONE   float   xy  
// TEXCOORD                 1   xyzw        2     NONE   float   xyzw
//
ps_5_0
dcl_input_ps linear noperspective v1.xy
dcl_input_ps linear noperspective centroid v2.xyzw
