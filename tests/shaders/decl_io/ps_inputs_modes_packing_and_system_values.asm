// profile: webgl2-fast
// check: notes, lanes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// TEXCOORD                 0   xy          1     NONE   float   xy  
// TEXCOORD                 1     zw        1     NONE   float     zw
// COLOR                    0   xyzw        2     NONE   float   xyzw
// FOG                      0   x           3     NONE   float   x   
// SV_IsFrontFace           0    y          3    FFACE    uint    y  
// INDEX                    0   xy          4     NONE     int   xy  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float       
// SV_Target                1   xy          1   TARGET    uint       
// SV_Depth                 0    N/A   oDepth    DEPTH   float     NO
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input_ps linear v1.xy
dcl_input_ps linear centroid v1.zw
dcl_input_ps constant v2.xyzw
dcl_input_ps linear v3.x
dcl_input_ps_sgv constant v3.y, is_front_face
dcl_input_ps constant v4.xy
dcl_output o0.xyzw
dcl_output o1.xy
dcl_output oDepth
