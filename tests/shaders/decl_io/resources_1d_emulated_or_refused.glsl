#version 300 es
precision highp float;
precision highp int;
uniform mediump sampler2D t0TEX_with_SMPs0;
uniform mediump sampler2DArray t1TEX_with_SMPs0;
void main()
{
}
