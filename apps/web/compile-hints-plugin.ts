// Custom: Rolldown's output.postBanner puts the hint before Vite's preload map, not first.
// The scripts a cold map screen runs at once start with V8's explicit compile hint
// (`//# allFunctionsCalledOnLoad`, Chromium 136+; other browsers read a comment). V8 then compiles
// all their functions on a background thread while the file downloads, instead of compiling each
// one on the main thread the first time it is called, inside the app's start and the map's first
// render. In traces of a cold /dashboard (unthrottled), the main thread's compiling fell from
// 91-110 ms to 30-46 ms. Not for screens a visit may never run: eager compiling costs memory.
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

/** The entry, and the chunks the map screen runs as it opens (vite.config.ts's groups). */
export function compileHintsPlugin(chunkNames: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      // After minification, which would drop the comment; before the files are written.
      order: 'post',
      handler(_options, bundle) {
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk' || !(out.isEntry || chunkNames.includes(out.name))) continue;
          // The hint must be the file's very first line.
          out.code = HINT + out.code;
          // A source map (when one is built; Rolldown has already emitted it as a file) then starts
          // one line lower.
          const map = bundle[`${out.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}
