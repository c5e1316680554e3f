// Builds the live badge element (web/src/embed/badge-element.ts) into <outDir>/embed/badge.js
// after each production build. It is its own small classic script, not a chunk of the app: other
// sites load it with a plain <script src>, so it must not import anything at run time, and its
// name must not change between builds (the snippet sites paste holds it).
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, ResolvedConfig } from 'vite';
import { EMBED_BADGE_SCRIPT_PATH } from '../core/embed-badge';

export function embedScriptPlugin(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'veriwork-embed-script',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        entryPoints: [entry],
        outfile: path.join(path.resolve(config.root, config.build.outDir), EMBED_BADGE_SCRIPT_PATH),
        bundle: true,
        format: 'iife',
        minify: true,
        target: 'es2020',
        legalComments: 'none',
        logLevel: 'warning',
      });
    },
  };
}
