#version 310 es
precision highp float;
precision highp int;
layout(early_fragment_tests) in;
void main()
{
}
