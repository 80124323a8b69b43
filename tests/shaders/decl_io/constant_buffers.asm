// profile: webgl2-fast
// check: notes, lanes
vs_5_0
dcl_constantbuffer CB0[4], immediateIndexed
dcl_constantbuffer CB3[200], dynamicIndexed
