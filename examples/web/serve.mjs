// A static server for the example page: the repository root at /, the
// corpus at /corpus/ (for the Chromium test; ../shared/corpus unless
// DXLOWER_CORPUS_DIR names another), on 127.0.0.1.
//
//   scripts/build-npm.sh && node examples/web/serve.mjs [PORT]
//
// then open http://127.0.0.1:PORT/examples/web/ (PORT 8000 by default).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".css": "text/css",
};

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Starts the server; `onResult(text)` receives what a page POSTs to
 * /result. Resolves to the server (listening on `server.address().port`).
 */
export function serve({
  port = 0,
  corpus = process.env.DXLOWER_CORPUS_DIR ?? join(repoRoot, "../shared/corpus"),
  onResult,
} = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (req.method === "POST" && url.pathname === "/result") {
      let body = "";
      for await (const chunk of req) body += chunk;
      res.end("ok");
      onResult?.(body);
      return;
    }
    let path = decodeURIComponent(url.pathname);
    let base = repoRoot;
    if (path.startsWith("/corpus/")) {
      base = resolve(corpus);
      path = path.slice("/corpus".length);
    }
    if (path.endsWith("/")) path += "index.html";
    const file = normalize(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const data = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(data);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((ok) => server.listen(port, "127.0.0.1", () => ok(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const server = await serve({ port: Number(process.argv[2] ?? 8000) });
  console.log(`http://127.0.0.1:${server.address().port}/examples/web/`);
}
