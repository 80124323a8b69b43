// A minimal CEWG runtime for the end-to-end test (tests/tests/cewg_webgl.rs),
// written from docs/cewg-package.md: it reads a package the way a WebGL
// runtime does, selects permutations by mixed-radix index, takes each pass's
// vertex and pixel shaders, binds attributes by the META names, compiles and
// links every pass in WebGL2, and draws one pass with the META constants.
// Input: <script id="dxlower-data"> {package: base64, choices: [{axis: option}],
// draw: {choice, technique, pass, engine: {"1": [...], "3": [...]}, texel}}.
// Output: JSON in <pre id="dxlower-result">.
(function () {
  "use strict";
  const out = document.getElementById("dxlower-result");
  const result = { renderer: null, selections: [], draw: null, error: null };
  try {
    const data = JSON.parse(document.getElementById("dxlower-data").textContent);
    const bin = atob(data.package);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const pkg = readPackage(bytes);
    const canvas = document.createElement("canvas");
    canvas.width = 16;
    canvas.height = 16;
    const gl = canvas.getContext("webgl2", { preserveDrawingBuffer: true });
    if (!gl) throw new Error("no WebGL2 context");
    result.renderer = gl.getParameter(gl.RENDERER);
    for (const choice of data.choices) {
      const index = permutationIndex(pkg.META, choice);
      const passes = passesOf(pkg, index);
      const sel = { choice, index, body: passes.bodyKey, passes: [] };
      for (const p of passes.list) sel.passes.push(buildPass(gl, p).report);
      result.selections.push(sel);
    }
    if (data.draw) result.draw = draw(gl, pkg, data.draw);
  } catch (e) {
    result.error = String((e && e.stack) || e);
  }
  out.textContent = JSON.stringify(result);

  function readPackage(bytes) {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const tag = (at) => String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    if (bytes.length < 12 || tag(0) !== "CEWG") throw new Error("not a CEWG package");
    if (dv.getUint32(4, true) !== 1) throw new Error("unknown CEWG version");
    const count = dv.getUint32(8, true);
    const chunks = {};
    let at = 12;
    for (let i = 0; i < count; i++) {
      if (at + 8 > bytes.length) throw new Error("truncated chunk header");
      const t = tag(at);
      const size = dv.getUint32(at + 4, true);
      if (at + 8 + size > bytes.length) throw new Error("truncated chunk " + t);
      chunks[t] = JSON.parse(new TextDecoder().decode(bytes.subarray(at + 8, at + 8 + size)));
      at += 8 + size;
    }
    if (at !== bytes.length) throw new Error("trailing bytes");
    for (const t of ["INFO", "META", "GLSL"]) if (!chunks[t]) throw new Error("no " + t + " chunk");
    return chunks;
  }

  // Mixed radix, axis 0 fastest; an unnamed axis takes its default.
  function permutationIndex(meta, choice) {
    let index = 0;
    let radix = 1;
    for (const axis of meta.permutations) {
      let v = axis.options.indexOf(choice[axis.name]);
      if (v < 0) v = axis.defaultOption;
      index += v * radix;
      radix *= axis.options.length;
    }
    return index;
  }

  function passesOf(pkg, index) {
    const G = pkg.GLSL;
    const variant = G.variants.find((v) => v.permutationIndex === index) || G.variants[0];
    const body = G.bodies.find((b) => b.key === variant.bodyKey);
    const mbody = pkg.META.bodies.find((b) => b.key === variant.bodyKey);
    if (!body || !mbody) throw new Error("no body " + variant.bodyKey);
    if (body.error || mbody.error) throw new Error("body " + body.key + " has an error");
    const groups = new Map();
    for (const key of body.stages) {
      const st = G.stages.find((s) => s.key === key);
      if (st.stageName !== "vertex" && st.stageName !== "pixel") continue;
      const sh = G.shaders.find((s) => s.key === st.shaderKey);
      const m = mbody.manifest.stages.find((x) =>
        x.techniqueName === st.techniqueName && x.passIndex === st.passIndex && x.stageName === st.stageName);
      const pm = mbody.manifest.passes.find((x) =>
        x.techniqueName === st.techniqueName && x.passIndex === st.passIndex);
      const pkey = st.techniqueName + ".pass" + st.passIndex;
      if (!groups.has(pkey)) groups.set(pkey, { key: pkey, technique: st.techniqueName, pass: st.passIndex, states: pm ? pm.states : [] });
      groups.get(pkey)[st.stageName] = { source: sh ? sh.source : null, meta: m, shaderKey: st.shaderKey };
    }
    return { bodyKey: body.key, list: [...groups.values()] };
  }

  function inputName(i) {
    return "in_" + i.usageName + (i.usageIndex || 0);
  }

  // The pixel stage's constant buffers are its own: a block both stages
  // declare would be one block of the program, so the pixel blocks get a
  // stage prefix (docs/cewg-package.md, "Constant buffers").
  function pixelSource(src) {
    return src.replace(/\buniform\s+ConstantBuffer(\d+)\b/g, "uniform PSConstantBuffer$1");
  }

  function compile(gl, type, src) {
    const s = gl.createShader(type);
    gl.shaderSource(s, src);
    gl.compileShader(s);
    return { shader: s, ok: !!gl.getShaderParameter(s, gl.COMPILE_STATUS), log: gl.getShaderInfoLog(s) || "" };
  }

  function buildPass(gl, p) {
    const report = { key: p.key, compiled: false, linked: false, log: "", attributes: [], missing: [], textures: [] };
    if (!p.vertex || !p.pixel || !p.vertex.source || !p.pixel.source) {
      report.log = "a stage has no source";
      return { report };
    }
    const vs = compile(gl, gl.VERTEX_SHADER, p.vertex.source);
    const fs = compile(gl, gl.FRAGMENT_SHADER, pixelSource(p.pixel.source));
    report.compiled = vs.ok && fs.ok;
    report.log = (vs.log + fs.log).trim();
    const prog = gl.createProgram();
    gl.attachShader(prog, vs.shader);
    gl.attachShader(prog, fs.shader);
    // Attributes by the META names, in META order.
    const used = p.vertex.meta.pipelineInputs.filter((i) => i.usedMask !== 0);
    let loc = 0;
    for (const i of used) {
      const name = inputName(i);
      if (!new RegExp("\\b" + name + "\\b").test(p.vertex.source)) {
        report.missing.push(name);
        continue;
      }
      gl.bindAttribLocation(prog, loc, name);
      report.attributes.push({ name, location: loc, usage: i.usageName });
      loc++;
    }
    gl.linkProgram(prog);
    report.linked = !!gl.getProgramParameter(prog, gl.LINK_STATUS);
    if (!report.linked) report.log += gl.getProgramInfoLog(prog) || "";
    // Every META texture (2D, 3D, cube, typeless) has its sampler uniform.
    for (const [stage, src] of [["vertex", p.vertex.source], ["pixel", p.pixel.source]]) {
      for (const b of p[stage].meta.bindings) {
        if (b.kind !== "resource" || ![2, 3, 4, 5].includes(b.carbon.type)) continue;
        const m = src.match(new RegExp("\\b(t" + b.registerIndex + "TEX_with_SMPs\\d+)\\b"));
        report.textures.push({ stage, name: b.metadataName, uniform: m ? m[1] : null });
      }
    }
    return { report, prog, used };
  }

  // A pass drawn with the META constants in cb0 of each stage, the engine
  // buffers given by the test, one texel in every texture.
  function draw(gl, pkg, d) {
    const index = permutationIndex(pkg.META, d.choice);
    const p = passesOf(pkg, index).list.find((x) => x.technique === d.technique && x.pass === d.pass);
    if (!p) throw new Error("no pass " + d.technique + "." + d.pass);
    const built = buildPass(gl, p);
    if (!built.report.linked) return { ok: false, log: built.report.log };
    const prog = built.prog;
    gl.useProgram(prog);
    // Constant buffers.
    const nblocks = gl.getProgramParameter(prog, gl.ACTIVE_UNIFORM_BLOCKS);
    const blocks = [];
    for (let b = 0; b < nblocks; b++) {
      const name = gl.getActiveUniformBlockName(prog, b);
      const size = gl.getActiveUniformBlockParameter(prog, b, gl.UNIFORM_BLOCK_DATA_SIZE);
      const data = new Float32Array(size / 4);
      const m = name.match(/^(PS)?ConstantBuffer(\d+)$/);
      if (m) {
        const reg = Number(m[2]);
        const stage = m[1] ? p.pixel.meta : p.vertex.meta;
        if (reg === 0) {
          const local = stage.bindings.find((x) => x.kind === "constantBuffer" && x.registerIndex === 0 && x.carbon.hasLocalConstants);
          for (const c of (local ? local.carbon.constants : [])) {
            if (c.value) data.set(c.value.slice(0, Math.max(0, data.length - c.offset / 4)), c.offset / 4);
          }
        } else if (d.engine[String(reg)]) {
          const e = d.engine[String(reg)];
          data.set(e.slice(0, data.length));
        }
      }
      const buf = gl.createBuffer();
      gl.bindBuffer(gl.UNIFORM_BUFFER, buf);
      gl.bufferData(gl.UNIFORM_BUFFER, data, gl.STATIC_DRAW);
      gl.uniformBlockBinding(prog, b, b);
      gl.bindBufferBase(gl.UNIFORM_BUFFER, b, buf);
      blocks.push(name);
    }
    // Textures: one texel each, by sampler type.
    const nuni = gl.getProgramParameter(prog, gl.ACTIVE_UNIFORMS);
    const t = d.texel;
    let unit = 0;
    const samplers = [];
    for (let u = 0; u < nuni; u++) {
      const info = gl.getActiveUniform(prog, u);
      const texel = new Uint8Array(t);
      let target = null;
      const tex = gl.createTexture();
      gl.activeTexture(gl.TEXTURE0 + unit);
      if (info.type === gl.SAMPLER_2D) {
        target = gl.TEXTURE_2D;
        gl.bindTexture(target, tex);
        gl.texImage2D(target, 0, gl.RGBA8, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, texel);
      } else if (info.type === gl.SAMPLER_CUBE) {
        target = gl.TEXTURE_CUBE_MAP;
        gl.bindTexture(target, tex);
        for (let f = 0; f < 6; f++) gl.texImage2D(gl.TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, gl.RGBA8, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, texel);
      } else if (info.type === gl.SAMPLER_2D_ARRAY) {
        target = gl.TEXTURE_2D_ARRAY;
        gl.bindTexture(target, tex);
        gl.texImage3D(target, 0, gl.RGBA8, 1, 1, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, texel);
      } else {
        gl.deleteTexture(tex);
        continue;
      }
      gl.texParameteri(target, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(target, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gl.uniform1i(gl.getUniformLocation(prog, info.name), unit);
      samplers.push(info.name);
      unit++;
    }
    // Attributes: POSITION from a buffer (a triangle over the viewport),
    // the others constant zero.
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    for (const a of built.report.attributes) {
      if (a.usage === "POSITION") {
        const buf = gl.createBuffer();
        gl.bindBuffer(gl.ARRAY_BUFFER, buf);
        gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 0, 3, -1, 0, -1, 3, 0]), gl.STATIC_DRAW);
        gl.enableVertexAttribArray(a.location);
        gl.vertexAttribPointer(a.location, 3, gl.FLOAT, false, 0, 0);
      } else {
        gl.disableVertexAttribArray(a.location);
        gl.vertexAttrib4f(a.location, 0, 0, 0, 0);
      }
    }
    gl.viewport(0, 0, 16, 16);
    gl.disable(gl.DEPTH_TEST);
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    const px = new Uint8Array(4);
    gl.readPixels(8, 8, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    return { ok: true, error: gl.getError(), pixel: Array.from(px), blocks, samplers, attributes: built.report.attributes };
  }
})();
