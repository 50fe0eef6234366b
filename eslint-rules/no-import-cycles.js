import path from 'node:path';
import { importsOf, resolveImport } from './import-graph.js';

/**
 * Refuses an import that closes a cycle (docs/decisions/0225): a file that, through its imports, comes
 * back to itself. Type-only imports count, as the design they tie is the same. The message names the
 * whole cycle, so that whoever meets it sees which shared piece wants a file of its own.
 */

/** What an import node names, in each form an import takes (`import x = require()` keeps it in `expression`). */
function specifierOf(node) {
  const literal = node.source ?? node.expression;
  return typeof literal?.value === 'string' ? literal.value : null;
}

/** Every file that, through its imports, comes back to `file`; `file`'s own imports are `firstHops`. */
function filesReaching(file, firstHops, cwd) {
  const importers = importersBelow(file, firstHops, cwd);
  const reaching = new Set();
  const back = [file];
  while (back.length > 0) {
    for (const importer of importers.get(back.pop()) ?? []) {
      if (reaching.has(importer)) continue;
      reaching.add(importer);
      back.push(importer);
    }
  }
  return reaching;
}

/** Who imports whom among the files `file` reaches; `file` itself is not walked again. */
function importersBelow(file, firstHops, cwd) {
  const importers = new Map();
  const seen = new Set([file, ...firstHops]);
  const queue = [...seen].filter((hop) => hop !== file);
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current, cwd)) {
      if (!importers.has(next)) importers.set(next, []);
      importers.get(next).push(current);
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return importers;
}

/** The shortest way from `start` back to `file`, through files known to reach it. */
function wayBack(start, file, reaching, cwd) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current, cwd)) {
      if (next === file) return [...stepsTo(current, cameFrom), file];
      if (!reaching.has(next) || cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  return [start, file];
}

function stepsTo(last, cameFrom) {
  const steps = [];
  for (let step = last; step !== null; step = cameFrom.get(step)) steps.unshift(step);
  return steps;
}

export default {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cycle: 'import cycle: {{cycle}}. Move what these files share into one that imports none of them',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const cwd = context.cwd;
    if (!path.isAbsolute(file)) return {}; // text from stdin has no place in the graph
    const imports = [];
    const collect = (node) => {
      const specifier = specifierOf(node);
      const target = specifier === null ? null : resolveImport(specifier, file, cwd);
      if (target !== null) imports.push({ node, target });
    };
    const report = () => {
      const reaching = filesReaching(file, new Set(imports.map(({ target }) => target)), cwd);
      for (const { node, target } of imports) {
        if (target !== file && !reaching.has(target)) continue;
        const steps = target === file ? [file, file] : [file, ...wayBack(target, file, reaching, cwd)];
        const cycle = steps.map((step) => path.relative(cwd, step)).join(' → ');
        context.report({ node, messageId: 'cycle', data: { cycle } });
      }
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      TSImportType: collect,
      TSExternalModuleReference: collect,
      'Program:exit': report,
    };
  },
};
