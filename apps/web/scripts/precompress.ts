import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images other than SVG are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, compression saves less than the packet it would ride in. */
export const MIN_COMPRESS_BYTES = 256;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // `.vite/` holds the build manifest, read by the budget check and never served.
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(path);
    return [path];
  });
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file, once per
 * build, so the server sends them as they are (docs/decisions/0080). Returns the relative paths done.
 */
export function precompressDir(dir: string): string[] {
  const done: string[] = [];
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_COMPRESS_BYTES) continue;
    const content = readFileSync(path);
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
    done.push(relative(dir, path));
  }
  return done;
}

/** Runs `precompressDir` on the build output after Vite has written it. */
export function precompress(): Plugin {
  return {
    name: 'backlay-precompress',
    apply: 'build',
    writeBundle(options) {
      if (!options.dir) return;
      const done = precompressDir(options.dir);
      this.info(`precompressed ${done.length} files (brotli + gzip)`);
    },
  };
}
