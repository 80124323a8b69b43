// profile: webgl2
// check: notes, lanes
ps_5_0
dcl_temps 3
dcl_indexableTemp x0[4], 4
dcl_indexableTemp x1[3], 1
dcl_indexableTemp x2[2], 3
