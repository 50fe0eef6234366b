import path from 'node:path';

/**
 * Keeps features apart (docs/decisions/0071): a server module reaches another module only through its
 * `index.ts`, and shared server code (platform, plugins, ws) does the same; a web feature never imports
 * another feature. Paths are resolved, so every spelling of an import meets the same check.
 */
const AREAS = [
  { root: 'apps/server/src/modules', face: 'index.ts', outsiders: ['apps/server'] },
  { root: 'apps/web/src/features', face: null, outsiders: [] },
];

const unitOf = (file, root) => {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [unit, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? { unit, inner: rest.join('/') } : null;
};

function problemFor(file, target, cwd) {
  for (const area of AREAS) {
    const root = path.join(cwd, area.root);
    const to = unitOf(target, root);
    if (!to) continue;
    const from = unitOf(file, root);
    if (from?.unit === to.unit) return null;
    const insideArea = from !== null;
    const outsider = area.outsiders.some((dir) => !path.relative(path.join(cwd, dir), file).startsWith('..'));
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
