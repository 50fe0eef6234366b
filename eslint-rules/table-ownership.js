import fs from 'node:fs';
import path from 'node:path';

/**
 * Gives every database table one owning module (docs/decisions/0266): SQL text in a server module may
 * name only its own tables; another module's rows come through that module's index.ts. Tests and test
 * kits may read any table to assert on the database, and migrations and db/functions are the database
 * layer's own, so neither is checked.
 */
export const TABLE_OWNERS = JSON.parse(
  fs.readFileSync(new URL('../apps/server/src/db/table-owners.json', import.meta.url), 'utf8'),
);

const MODULES = 'apps/server/src/modules';
const TEST_KIT = /(\.test\.ts|(^|[/-])testing\.ts|-test-(kit|app|client)\.ts|-fixtures\.ts)$|(^|\/)testing\//;
// A table named where SQL reads or writes it; `DELETE FROM` is a FROM, `LOCK TABLE` and `TRUNCATE TABLE` a TABLE.
const TABLE_REFERENCE = /\b(from|join|into|update|table)\s+(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;

/** The module a production file under modules/ belongs to, or null for any other file. */
function moduleOf(file, cwd) {
  const relative = path.relative(path.join(cwd, MODULES), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [module, ...rest] = relative.split(path.sep);
  if (rest.length === 0 || TEST_KIT.test(rest.join('/'))) return null;
  return module;
}

/** The foreign tables `text` names, each once, with the module that owns it. */
export function foreignTables(text, module) {
  const found = new Map();
  for (const match of text.matchAll(TABLE_REFERENCE)) {
    const table = match[2].toLowerCase();
    const owner = Object.hasOwn(TABLE_OWNERS, table) ? TABLE_OWNERS[table] : null;
    if (owner !== null && owner !== module) found.set(table, owner);
  }
  return found;
}

export default {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreign: 'table "{{table}}" belongs to {{owner}}: reach it through {{face}}',
    },
  },
  create(context) {
    const module = moduleOf(context.filename, context.cwd);
    if (module === null) return {};
    const check = (node, text) => {
      for (const [table, owner] of foreignTables(text, module)) {
        const face = owner === 'platform' ? 'the platform' : `${owner}'s index.ts`;
        context.report({ node, messageId: 'foreign', data: { table, owner, face } });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      // Interpolations stand apart from the text around them, so `FROM ${x} users` names no table.
      TemplateLiteral(node) {
        check(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ${} '));
      },
    };
  },
};
