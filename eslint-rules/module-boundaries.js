import path from 'node:path';

/**
 * Keeps features apart (docs/decisions/0071): a server module reaches another module only through its
 * `index.ts`, and shared server code (platform, plugins, ws) does the same; a feature of the player
 * site or of the console never imports another feature; the tools reach the server only through a
 * module's `index.ts` (their tests may also open the server's test database). Paths are resolved, so
 * every spelling of an import meets the same check.
 */
const AREAS = [
  { root: 'apps/server/src/modules', face: 'index.ts', outsiders: ['apps/server'] },
  { root: 'apps/web/src/features', face: null, outsiders: [] },
  { root: 'apps/backoffice/src/features', face: null, outsiders: [] },
];

const within = (dir, file) => {
  const relative = path.relative(dir, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
};

const unitOf = (file, root) => {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [unit, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? { unit, inner: rest.join('/') } : null;
};

/** A test of a tool, or its kit: it may open the server's test database (built by the app's migrations). */
const TOOL_TEST = /(\.test|-test-kit)\.ts$/;
const TEST_DATABASE = 'apps/server/src/test/test-db.ts';

/** From `tools/`, the server is its modules' faces: not its bench, platform or a module's inner files. */
function toolsProblem(file, target, cwd) {
  if (!within(path.join(cwd, 'tools'), file) || !within(path.join(cwd, 'apps/server'), target)) return null;
  if (unitOf(target, path.join(cwd, 'apps/server/src/modules'))?.inner === 'index.ts') return null;
  if (TOOL_TEST.test(file) && target === path.join(cwd, TEST_DATABASE)) return null;
  return `tools reach the server only through a module's index.ts, not ${path.relative(cwd, target)}`;
}

function problemFor(file, target, cwd) {
  const fromTools = toolsProblem(file, target, cwd);
  if (fromTools) return fromTools;
  for (const area of AREAS) {
    const root = path.join(cwd, area.root);
    const to = unitOf(target, root);
    if (!to) continue;
    const from = unitOf(file, root);
    if (from?.unit === to.unit) return null;
    const insideArea = from !== null;
    const outsider = area.outsiders.some((dir) => within(path.join(cwd, dir), file));
    if (!insideArea && !outsider) return null;
    if (area.face === null) return `a feature must not import another feature (${to.unit})`;
    if (to.inner !== area.face) return `import module "${to.unit}" through its ${area.face}, not ${to.inner}`;
  }
  return null;
}

export default {
  meta: { type: 'problem', schema: [], messages: { boundary: '{{problem}}' } },
  create(context) {
    const file = context.filename;
    const cwd = context.cwd;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const problem = problemFor(file, target, cwd);
      if (problem) context.report({ node: node.source, messageId: 'boundary', data: { problem } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
