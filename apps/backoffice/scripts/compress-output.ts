import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT_FILE = /\.(js|css|html)$/;

/**
 * Writes a `.br` and a `.gz` beside each script, stylesheet and page of the build: the server sends
 * the one the browser accepts as it is and never compresses per request (as for the player site).
 */
export function compressOutput(): Plugin {
  let outDir = 'dist';
  return {
    name: 'backoffice-compress-output',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle: () => {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files.filter((name) => TEXT_FILE.test(name))) {
        const path = join(outDir, file);
        const content = readFileSync(path);
        writeFileSync(`${path}.br`, brotliCompressSync(content));
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}
