// profile: profiles/webgl2-all.ron
// check: notes
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float       
// SV_SampleIndex           0   x           1   SAMPLE    uint   x   
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
// SV_Coverage              0    N/A    oMask COVERAGE    uint    YES
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input_ps_sgv v1.x, sampleIndex
dcl_input vCoverage
dcl_output o0.xyzw
dcl_output oMask
dcl_temps 1
iadd o0.x, vCoverage.x, l(40)
iadd o0.y, v1.x, l(20)
mov o0.zw, l(0,0,9,9)
mov r0.xy, cb0[0].xyxx
retc_z r0.y
mov oMask, r0.x
ret
