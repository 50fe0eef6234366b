import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimRouterSource } from './trim-router.ts';

/** The installed router's bundled modules, as the web build reads them. */
function routerModules(): string[] {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('react-router/package.json')), 'dist', 'development');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.mjs'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

const installed = routerModules().join('\n');

describe('trimRouterSource on the installed React Router', () => {
  const trimmed = trimRouterSource(installed);

  it('turns its development warnings off', () => {
    expect(installed).toContain('var ENABLE_DEV_WARNINGS = true;');
    expect(trimmed).toContain('var ENABLE_DEV_WARNINGS = false;');
    expect(trimmed).not.toContain('var ENABLE_DEV_WARNINGS = true;');
  });

  it('drops the top-level displayName writes that keep unused components alive', () => {
    expect(installed).toMatch(/^Form\.displayName = "Form";$/m);
    expect(trimmed).not.toMatch(/^[\w$]+\.displayName = /m);
  });

  it('marks the top-level component and context factories pure', () => {
    expect(trimmed).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(trimmed).toMatch(/^var RouteContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
    expect(trimmed).not.toMatch(/^var [\w$]+ = React\d*\.(forwardRef|createContext|memo)\(/m);
  });

  it('changes nothing inside functions', () => {
    const source = 'function f() {\n  Link.displayName = "Link";\n  var x = React.forwardRef(g);\n}\n';
    expect(trimRouterSource(source)).toBe(source);
  });

  it('keeps every line where it was', () => {
    expect(trimmed.split('\n')).toHaveLength(installed.split('\n').length);
  });
});
