#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2D t0TEX_with_SMPs0;
uniform highp sampler2DShadow hlslcc_zcmpt0TEX_with_SMPs1;
void main()
{
}
