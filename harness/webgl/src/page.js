// The script of the generated page. It reads the jobs from the JSON element
// `dxlower-jobs`, runs them in one WebGL2 context and writes the results as
// JSON (ASCII only) into the <pre id="dxlower-result">. The page is loaded
// with `--dump-dom`, which prints the DOM after the load event; everything
// here runs synchronously before that.
(function () {
  "use strict";
  var out = document.getElementById("dxlower-result");
  var dataEl = document.getElementById("dxlower-jobs");
  var self = document.currentScript;

  function finish(obj) {
    // Escape everything outside printable ASCII so that the DOM serializer
    // only ever escapes &, < and > (which the reader undoes).
    var text = JSON.stringify(obj).replace(/[\u007f-\uffff]/g, function (c) {
      return "\\u" + ("0000" + c.charCodeAt(0).toString(16)).slice(-4);
    });
    if (dataEl) dataEl.remove();
    if (self) self.remove();
    out.textContent = text;
  }

  try {
    var input = JSON.parse(dataEl.textContent);
    var canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    var gl = canvas.getContext("webgl2", {
      antialias: false,
      depth: false,
      stencil: false,
      alpha: true,
      premultipliedAlpha: false,
      preserveDrawingBuffer: false,
      failIfMajorPerformanceCaveat: false,
    });
    if (!gl) {
      finish({ error: "the browser gave no WebGL2 context" });
      return;
    }
    var info = {
      version: String(gl.getParameter(gl.VERSION)),
      shading_language: String(gl.getParameter(gl.SHADING_LANGUAGE_VERSION)),
      renderer: String(gl.getParameter(gl.RENDERER)),
      extensions: [],
    };
    var dbg = gl.getExtension("WEBGL_debug_renderer_info");
    if (dbg) info.renderer = String(gl.getParameter(dbg.UNMASKED_RENDERER_WEBGL));
    // Every extension the context offers is enabled, so that a shader
    // that asks for one with #extension compiles as it would in a host
    // that enabled it.
    (gl.getSupportedExtensions() || []).forEach(function (name) {
      if (gl.getExtension(name)) info.extensions.push(name);
    });

    var LOST = "the WebGL context was lost";

    function compile(kind, source) {
      var sh = gl.createShader(kind === "fragment" ? gl.FRAGMENT_SHADER : gl.VERTEX_SHADER);
      if (!sh) return { sh: null, r: { ok: false, log: LOST } };
      gl.shaderSource(sh, source);
      gl.compileShader(sh);
      var ok = gl.getShaderParameter(sh, gl.COMPILE_STATUS) === true;
      var log = gl.getShaderInfoLog(sh) || "";
      if (gl.isContextLost()) {
        ok = false;
        log = LOST + (log ? "\n" + log : "");
      }
      return { sh: sh, r: { ok: ok, log: log } };
    }

    function link(vsSource, fsSource) {
      var v = compile("vertex", vsSource);
      var f = compile("fragment", fsSource);
      var p = gl.createProgram();
      var r = { vs: v.r, fs: f.r, linked: false, log: "" };
      if (!p || !v.sh || !f.sh) {
        r.log = LOST;
        return { p: null, r: r, shaders: [v.sh, f.sh] };
      }
      gl.attachShader(p, v.sh);
      gl.attachShader(p, f.sh);
      gl.linkProgram(p);
      r.linked = gl.getProgramParameter(p, gl.LINK_STATUS) === true;
      r.log = gl.getProgramInfoLog(p) || "";
      if (gl.isContextLost()) {
        r.linked = false;
        r.log = LOST + (r.log ? "\n" + r.log : "");
      }
      return { p: p, r: r, shaders: [v.sh, f.sh] };
    }

    function release(l) {
      if (l.p) gl.deleteProgram(l.p);
      l.shaders.forEach(function (s) {
        if (s) gl.deleteShader(s);
      });
    }

    function words(list, ctor) {
      return new ctor(new Uint32Array(list).buffer);
    }

    var SAMPLERS = [
      gl.SAMPLER_2D, gl.SAMPLER_3D, gl.SAMPLER_CUBE, gl.SAMPLER_2D_SHADOW,
      gl.SAMPLER_2D_ARRAY, gl.SAMPLER_2D_ARRAY_SHADOW, gl.SAMPLER_CUBE_SHADOW,
      gl.INT_SAMPLER_2D, gl.INT_SAMPLER_3D, gl.INT_SAMPLER_CUBE, gl.INT_SAMPLER_2D_ARRAY,
      gl.UNSIGNED_INT_SAMPLER_2D, gl.UNSIGNED_INT_SAMPLER_3D, gl.UNSIGNED_INT_SAMPLER_CUBE,
      gl.UNSIGNED_INT_SAMPLER_2D_ARRAY,
    ];

    function render(job) {
      var l = link(job.vs, job.fs);
      var r = {
        program: l.r,
        error: null,
        inactive_attributes: [],
        inactive_blocks: [],
        texels: [],
        distinct_truncated: false,
        width: job.width,
        height: job.height,
      };
      if (!r.program.linked) {
        r.error = "the program did not link";
        release(l);
        return r;
      }
      var fmt = {
        rgba32f: [gl.RGBA32F, gl.RGBA, gl.FLOAT, Float32Array],
        rgba32ui: [gl.RGBA32UI, gl.RGBA_INTEGER, gl.UNSIGNED_INT, Uint32Array],
        rgba32i: [gl.RGBA32I, gl.RGBA_INTEGER, gl.INT, Int32Array],
      }[job.format];
      var objects = [];
      gl.useProgram(l.p);
      var tex = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, tex);
      gl.texStorage2D(gl.TEXTURE_2D, 1, fmt[0], job.width, job.height);
      gl.bindTexture(gl.TEXTURE_2D, null);
      var fb = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, tex, 0);
      var status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
      if (status !== gl.FRAMEBUFFER_COMPLETE) {
        r.error = "the " + job.format + " framebuffer is incomplete (status 0x" + status.toString(16) + ")";
      } else {
        gl.viewport(0, 0, job.width, job.height);
        if (job.format === "rgba32f") gl.clearBufferfv(gl.COLOR, 0, words(job.clear, Float32Array));
        else if (job.format === "rgba32ui") gl.clearBufferuiv(gl.COLOR, 0, words(job.clear, Uint32Array));
        else gl.clearBufferiv(gl.COLOR, 0, words(job.clear, Int32Array));
        var vao = gl.createVertexArray();
        gl.bindVertexArray(vao);
        job.attributes.forEach(function (a) {
          var loc = gl.getAttribLocation(l.p, a.name);
          if (loc < 0) {
            r.inactive_attributes.push(a.name);
            return;
          }
          var buf = gl.createBuffer();
          objects.push(buf);
          gl.bindBuffer(gl.ARRAY_BUFFER, buf);
          gl.bufferData(gl.ARRAY_BUFFER, words(a.bits, Float32Array), gl.STATIC_DRAW);
          gl.enableVertexAttribArray(loc);
          gl.vertexAttribPointer(loc, a.components, gl.FLOAT, false, 0, 0);
        });
        job.blocks.forEach(function (b, binding) {
          var idx = gl.getUniformBlockIndex(l.p, b.name);
          if (idx === gl.INVALID_INDEX) {
            r.inactive_blocks.push(b.name);
            return;
          }
          var size = gl.getActiveUniformBlockParameter(l.p, idx, gl.UNIFORM_BLOCK_DATA_SIZE);
          var bytes = new Uint8Array(Math.max(size, b.bytes.length));
          bytes.set(b.bytes);
          var ubo = gl.createBuffer();
          objects.push(ubo);
          gl.bindBuffer(gl.UNIFORM_BUFFER, ubo);
          gl.bufferData(gl.UNIFORM_BUFFER, bytes, gl.STATIC_DRAW);
          gl.uniformBlockBinding(l.p, idx, binding);
          gl.bindBufferBase(gl.UNIFORM_BUFFER, binding, ubo);
        });
        // Each active sampler gets its own texture unit (none is bound, so
        // sampling reads an incomplete texture): two sampler types on one
        // unit would make the draw an error.
        var n = gl.getProgramParameter(l.p, gl.ACTIVE_UNIFORMS);
        var unit = 0;
        for (var i = 0; i < n; i++) {
          var u = gl.getActiveUniform(l.p, i);
          if (u && SAMPLERS.indexOf(u.type) >= 0) {
            var loc = gl.getUniformLocation(l.p, u.name);
            if (loc) gl.uniform1i(loc, unit++);
          }
        }
        gl.drawArrays(job.primitive === "triangles" ? gl.TRIANGLES : gl.TRIANGLE_STRIP, 0, job.count);
        var err = gl.getError();
        if (err !== gl.NO_ERROR) {
          r.error = "the draw raised GL error 0x" + err.toString(16);
        } else {
          var texels = job.width * job.height;
          var pixels = new fmt[3](texels * 4);
          gl.readPixels(0, 0, job.width, job.height, fmt[1], fmt[2], pixels);
          err = gl.getError();
          if (err !== gl.NO_ERROR) {
            r.error = "readPixels raised GL error 0x" + err.toString(16);
          } else {
            summarize(new Uint32Array(pixels.buffer), job.width, r);
          }
        }
        gl.bindVertexArray(null);
        gl.deleteVertexArray(vao);
      }
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.deleteFramebuffer(fb);
      gl.deleteTexture(tex);
      objects.forEach(function (b) {
        gl.deleteBuffer(b);
      });
      gl.useProgram(null);
      release(l);
      if (gl.isContextLost()) r.error = LOST;
      return r;
    }

    // The distinct texel values with their counts and the first texel of
    // each (x, y from the bottom-left, as readPixels orders them), at most
    // 16 values.
    function summarize(w, width, r) {
      var seen = {};
      var list = [];
      var last = null;
      for (var t = 0; t * 4 < w.length; t++) {
        var a = w[t * 4], b = w[t * 4 + 1], c = w[t * 4 + 2], d = w[t * 4 + 3];
        if (last && last[0] === a && last[1] === b && last[2] === c && last[3] === d) {
          last[4].count++;
          continue;
        }
        var key = a + "," + b + "," + c + "," + d;
        var e = seen[key];
        if (!e) {
          if (list.length >= 16) {
            r.distinct_truncated = true;
            last = null;
            continue;
          }
          e = { value: [a, b, c, d], count: 0, first: [t % width, Math.floor(t / width)] };
          seen[key] = e;
          list.push(e);
        }
        e.count++;
        last = [a, b, c, d, e];
      }
      r.texels = list;
    }

    // `text` with `tag` as a line of its own after the first (#version).
    function tagged(text, tag) {
      var i = text.indexOf("\n");
      return i < 0 ? text + "\n" + tag + "\n" : text.slice(0, i + 1) + tag + "\n" + text.slice(i + 1);
    }

    var INT_TYPES = [
      gl.INT, gl.INT_VEC2, gl.INT_VEC3, gl.INT_VEC4,
    ];
    var UINT_TYPES = [
      gl.UNSIGNED_INT, gl.UNSIGNED_INT_VEC2, gl.UNSIGNED_INT_VEC3, gl.UNSIGNED_INT_VEC4,
    ];
    // A triangle covering the target, as vec4s.
    var COVER = new Float32Array([-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1]);
    var TIME_SIZE = 4;

    // One repetition of a timing job (see `Timed` in lib.rs): the
    // measured stage's compile, the link and the first draw, each timed
    // with performance.now() after the command queue was drained by a
    // synchronous query (getError). Writes the logs into `r` on the first
    // repetition; returns the three times, or null after a failure (with
    // `r.error` set).
    function timeOnce(job, tag, r, first) {
      var fsMeasured = job.measured === "fragment";
      var vsSource = tagged(job.vs, tag);
      var fsSource = tagged(job.fs, tag);
      var partner = compile(fsMeasured ? "vertex" : "fragment", fsMeasured ? vsSource : fsSource);
      var sh = gl.createShader(fsMeasured ? gl.FRAGMENT_SHADER : gl.VERTEX_SHADER);
      var p = gl.createProgram();
      var objects = { shaders: [partner.sh, sh], program: p, buffers: [], renderbuffers: [], fb: null, vao: null };
      var t = null;
      try {
        if (!sh || !p || !partner.sh) {
          r.error = LOST;
          return null;
        }
        gl.shaderSource(sh, fsMeasured ? fsSource : vsSource);
        gl.getError();
        var t0 = performance.now();
        gl.compileShader(sh);
        var ok = gl.getShaderParameter(sh, gl.COMPILE_STATUS) === true;
        var t1 = performance.now();
        var measured = { ok: ok, log: gl.getShaderInfoLog(sh) || "" };
        if (first) {
          r.program.vs = fsMeasured ? partner.r : measured;
          r.program.fs = fsMeasured ? measured : partner.r;
        }
        if (!ok || !partner.r.ok) {
          r.error = "a stage did not compile";
          return null;
        }
        gl.attachShader(p, objects.shaders[0]);
        gl.attachShader(p, sh);
        gl.getError();
        var t2 = performance.now();
        gl.linkProgram(p);
        var linked = gl.getProgramParameter(p, gl.LINK_STATUS) === true;
        var t3 = performance.now();
        if (first) {
          r.program.linked = linked;
          r.program.log = gl.getProgramInfoLog(p) || "";
        }
        if (!linked) {
          r.error = "the program did not link";
          return null;
        }

        // What the draw needs, made before its clock starts.
        var blocks = [];
        var nblocks = gl.getProgramParameter(p, gl.ACTIVE_UNIFORM_BLOCKS);
        for (var b = 0; b < nblocks; b++) {
          var size = gl.getActiveUniformBlockParameter(p, b, gl.UNIFORM_BLOCK_DATA_SIZE);
          var ubo = gl.createBuffer();
          objects.buffers.push(ubo);
          gl.bindBuffer(gl.UNIFORM_BUFFER, ubo);
          gl.bufferData(gl.UNIFORM_BUFFER, new Uint8Array(Math.max(size, 16)), gl.STATIC_DRAW);
          blocks.push(ubo);
        }
        gl.bindBuffer(gl.UNIFORM_BUFFER, null);
        var samplers = [];
        var nuniforms = gl.getProgramParameter(p, gl.ACTIVE_UNIFORMS);
        for (var u = 0; u < nuniforms; u++) {
          var info = gl.getActiveUniform(p, u);
          if (info && SAMPLERS.indexOf(info.type) >= 0) {
            var loc = gl.getUniformLocation(p, info.name);
            if (loc) samplers.push(loc);
          }
        }
        var cover = gl.createBuffer();
        objects.buffers.push(cover);
        gl.bindBuffer(gl.ARRAY_BUFFER, cover);
        gl.bufferData(gl.ARRAY_BUFFER, COVER, gl.STATIC_DRAW);
        var attributes = [];
        var nattributes = gl.getProgramParameter(p, gl.ACTIVE_ATTRIBUTES);
        for (var a = 0; a < nattributes; a++) {
          var ai = gl.getActiveAttrib(p, a);
          if (!ai) continue;
          var aloc = gl.getAttribLocation(p, ai.name);
          if (aloc < 0) continue;
          var kind = INT_TYPES.indexOf(ai.type) >= 0 ? "int" : UINT_TYPES.indexOf(ai.type) >= 0 ? "uint" : "float";
          attributes.push([aloc, kind]);
        }
        objects.vao = gl.createVertexArray();
        var nout = 1;
        var types = {};
        job.outputs.forEach(function (o) {
          types[o[0]] = o[1];
          nout = Math.max(nout, o[0] + 1);
        });
        if (nout > gl.getParameter(gl.MAX_DRAW_BUFFERS)) {
          r.error = "the program has " + nout + " output locations, more than MAX_DRAW_BUFFERS";
          return null;
        }
        objects.fb = gl.createFramebuffer();
        gl.bindFramebuffer(gl.FRAMEBUFFER, objects.fb);
        var attachments = [];
        for (var o = 0; o < nout; o++) {
          var type = types[o] || "float";
          if (!types[o] && (o > 0 || job.outputs.length > 0)) {
            attachments.push(gl.NONE);
            continue;
          }
          var rb = gl.createRenderbuffer();
          objects.renderbuffers.push(rb);
          gl.bindRenderbuffer(gl.RENDERBUFFER, rb);
          gl.renderbufferStorage(gl.RENDERBUFFER,
            type === "int" ? gl.RGBA32I : type === "uint" ? gl.RGBA32UI : gl.RGBA8, TIME_SIZE, TIME_SIZE);
          gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0 + o, gl.RENDERBUFFER, rb);
          attachments.push(gl.COLOR_ATTACHMENT0 + o);
        }
        gl.bindRenderbuffer(gl.RENDERBUFFER, null);
        // A draw buffer no output writes is an error in WebGL: with no
        // outputs, attachment 0 is only read back.
        gl.drawBuffers(job.outputs.length > 0 ? attachments : [gl.NONE]);
        var status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
        if (status !== gl.FRAMEBUFFER_COMPLETE) {
          r.error = "the timing framebuffer is incomplete (status 0x" + status.toString(16) + ")";
          return null;
        }
        gl.viewport(0, 0, TIME_SIZE, TIME_SIZE);
        for (o = 0; o < nout; o++) {
          if (attachments[o] === gl.NONE) continue;
          var ty = types[o] || "float";
          if (ty === "int") gl.clearBufferiv(gl.COLOR, o, new Int32Array(4));
          else if (ty === "uint") gl.clearBufferuiv(gl.COLOR, o, new Uint32Array(4));
          else gl.clearBufferfv(gl.COLOR, o, new Float32Array(4));
        }
        // The read-back is of the first attachment.
        var readAt = 0;
        while (attachments[readAt] === gl.NONE) readAt++;
        gl.readBuffer(gl.COLOR_ATTACHMENT0 + readAt);
        var t0type = types[readAt] || "float";
        var rformat = t0type === "float" ? gl.RGBA : gl.RGBA_INTEGER;
        var rtype = t0type === "int" ? gl.INT : t0type === "uint" ? gl.UNSIGNED_INT : gl.UNSIGNED_BYTE;
        var pixel = t0type === "int" ? new Int32Array(4) : t0type === "uint" ? new Uint32Array(4) : new Uint8Array(4);
        // The cleared target is read once, so that it exists before the
        // clock starts.
        gl.readPixels(0, 0, 1, 1, rformat, rtype, pixel);
        var before = gl.getError();
        if (before !== gl.NO_ERROR) {
          r.error = "setting up the timing draw raised GL error 0x" + before.toString(16);
          return null;
        }

        var t4 = performance.now();
        gl.useProgram(p);
        blocks.forEach(function (ubo, binding) {
          gl.uniformBlockBinding(p, binding, binding);
          gl.bindBufferBase(gl.UNIFORM_BUFFER, binding, ubo);
        });
        samplers.forEach(function (loc, unit) {
          gl.uniform1i(loc, unit);
        });
        gl.bindVertexArray(objects.vao);
        gl.bindBuffer(gl.ARRAY_BUFFER, cover);
        attributes.forEach(function (a) {
          if (a[1] === "float") {
            gl.enableVertexAttribArray(a[0]);
            gl.vertexAttribPointer(a[0], 4, gl.FLOAT, false, 0, 0);
          } else if (a[1] === "int") {
            gl.vertexAttribI4i(a[0], 0, 0, 0, 0);
          } else {
            gl.vertexAttribI4ui(a[0], 0, 0, 0, 0);
          }
        });
        gl.drawArrays(gl.TRIANGLES, 0, 3);
        gl.readPixels(0, 0, 1, 1, rformat, rtype, pixel);
        var t5 = performance.now();
        var err = gl.getError();
        if (err !== gl.NO_ERROR) {
          r.error = "the timing draw raised GL error 0x" + err.toString(16);
          return null;
        }
        t = { compile_ms: t1 - t0, link_ms: t3 - t2, draw_ms: t5 - t4 };
      } finally {
        gl.bindVertexArray(null);
        gl.useProgram(null);
        gl.bindBuffer(gl.ARRAY_BUFFER, null);
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        if (objects.vao) gl.deleteVertexArray(objects.vao);
        if (objects.fb) gl.deleteFramebuffer(objects.fb);
        objects.renderbuffers.forEach(function (x) { gl.deleteRenderbuffer(x); });
        objects.buffers.forEach(function (x) { gl.deleteBuffer(x); });
        if (p) gl.deleteProgram(p);
        objects.shaders.forEach(function (x) { if (x) gl.deleteShader(x); });
        if (gl.isContextLost()) {
          r.error = LOST;
          t = null;
        }
      }
      return t;
    }

    // A timing job: the fastest of its repetitions, figure by figure.
    function time(job, index) {
      var r = {
        program: { vs: { ok: false, log: "" }, fs: { ok: false, log: "" }, linked: false, log: "" },
        error: null,
        compile_ms: 0,
        link_ms: 0,
        draw_ms: 0,
        reps: 0,
      };
      var reps = Math.max(job.reps, 1);
      for (var rep = 0; rep < reps; rep++) {
        var t = timeOnce(job, "// rep " + index + "." + rep, r, rep === 0);
        if (!t) break;
        r.compile_ms = rep === 0 ? t.compile_ms : Math.min(r.compile_ms, t.compile_ms);
        r.link_ms = rep === 0 ? t.link_ms : Math.min(r.link_ms, t.link_ms);
        r.draw_ms = rep === 0 ? t.draw_ms : Math.min(r.draw_ms, t.draw_ms);
        r.reps = rep + 1;
      }
      return r;
    }

    var results = [];
    var lostAt = null;
    for (var j = 0; j < input.jobs.length; j++) {
      var job = input.jobs[j];
      var res;
      if (job.kind === "compile") {
        var c = compile(job.stage, job.source);
        if (c.sh) gl.deleteShader(c.sh);
        res = c.r;
      } else if (job.kind === "link") {
        var l = link(job.vs, job.fs);
        release(l);
        res = l.r;
      } else if (job.kind === "time") {
        res = time(job, j);
      } else {
        res = render(job);
      }
      results.push(res);
      if (gl.isContextLost()) {
        lostAt = j;
        break;
      }
    }
    finish({ info: info, results: results, lost_at: lostAt });
  } catch (e) {
    finish({ error: "the page script threw: " + e + (e && e.stack ? "\n" + e.stack : "") });
  }
})();
