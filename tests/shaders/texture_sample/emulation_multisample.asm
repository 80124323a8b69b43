// profile: profiles/webgl2-all.ron
//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy  
//
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_resource_texture2dms(4) (uint,uint,uint,uint) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 3
ftoi r0.xy, v0.xyxx
mov r0.zw, l(0,0,0,0)
ldms_indexable(texture2dms)(uint,uint,uint,uint) r1.xyzw, r0.xyzw, t0.xyzw, cb0[0].x
sampleinfo_uint r2.x, t0.x
samplepos r2.yz, t0.xxyx, cb0[0].x
resinfo_uint r0.xy, l(0), t0.xyzw
resinfo_uint r0.w, l(0), t0.xyzw
iadd r1.x, r1.x, r2.x
ftou r2.yz, r2.yyzy
iadd r1.y, r1.y, r2.y
iadd r1.z, r1.z, r0.x
imad r1.w, r0.w, l(1000), r0.y
mov o0.xyzw, r1.xyzw
ret
