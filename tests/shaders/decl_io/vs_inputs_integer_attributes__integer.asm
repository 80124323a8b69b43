// profile: webgl2-fast
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// BLENDINDICES             0   xyzw        0     NONE    uint   xyzw
// BONECOUNT                0   x           1     NONE     int   x   
// TEXCOORD                 0   xy          2     NONE   float   xy  
//
vs_5_0
dcl_input v0.xyzw
dcl_input v1.x
dcl_input v2.xy
