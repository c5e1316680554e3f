// Writes brotli (.br) and gzip (.gz) copies next to each built text file (JS, CSS, SVG, JSON,
// ...), at the highest levels: done once per build, so the server sends them as they are
// (@fastify/static preCompressed) instead of compressing the same bytes for every visitor.
// index.html is left out: the server fills it in per page and compresses that answer itself.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|map|webmanifest|ico)$/u;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's closeBundle, which may still write files (the embed script).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        compressAll(outDir);
      },
    },
  };
}

/** Writes the .br and .gz copies for every compressible file under `outDir`. */
export function compressAll(outDir: string): void {
  for (const file of filesUnder(outDir)) {
    if (!COMPRESSIBLE.test(file) || path.basename(file) === 'index.html') continue;
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A copy no smaller than the file would only cost the client time to decode.
    if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}
