import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync, type Plugin } from 'vite';

/** The classic script index.html runs in <head> (public/boot.js); Vite copies it as it is. */
export const BOOT_SCRIPT = 'boot.js';

/**
 * boot.js without its comments and with short local names. Its source explains every step at
 * length, which the login screen paid for on each visit (docs/decisions/0210): the comments stay in the
 * repository and the build ships the code alone. A syntax error fails the build.
 */
export function minifyBootSource(code: string): string {
  const result = minifySync(BOOT_SCRIPT, code, { module: false, compress: true, mangle: true });
  if (result.errors.length > 0) {
    throw new Error(`public/${BOOT_SCRIPT}: ${result.errors.map((error) => error.message).join('; ')}`);
  }
  return result.code;
}

/** Minifies the copied boot.js in the output before the compressed copies are written (precompress). */
export function minifyBoot(): Plugin {
  return {
    name: 'backlay:minify-boot',
    apply: 'build',
    writeBundle: {
      order: 'pre',
      handler(options) {
        if (!options.dir) return;
        const path = join(options.dir, BOOT_SCRIPT);
        writeFileSync(path, minifyBootSource(readFileSync(path, 'utf8')));
      },
    },
  };
}
