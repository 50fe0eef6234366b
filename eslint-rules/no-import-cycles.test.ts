import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import noImportCycles from './no-import-cycles.js';

// The rule reads the files an import leads to from disk, so each case writes its files into a folder.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let caseCount = 0;

const cycle = (...files: string[]) =>
  `import cycle: ${files.join(' → ')}. Move what these files share into one that imports none of them`;

/** Writes `files` into a fresh folder and answers a function linting one of them there. */
function repository(files: Record<string, string>) {
  const cwd = path.join(root, `case-${++caseCount}`);
  for (const [file, text] of Object.entries(files)) write(cwd, file, text);
  const linter = new Linter({ configType: 'flat', cwd });
  const config = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser, sourceType: 'module' as const },
      plugins: { cycles: { rules: { 'no-import-cycles': noImportCycles } } },
      rules: { 'cycles/no-import-cycles': 'error' as const },
    },
  ];
  const problems = (file: string) => {
    const filename = path.join(cwd, file);
    const source = fs.readFileSync(filename, 'utf8');
    return linter.verify(source, config, { filename }).map(({ line, message }) => ({ line, message }));
  };
  return { cwd, problems };
}

function write(cwd: string, file: string, text: string) {
  fs.mkdirSync(path.dirname(path.join(cwd, file)), { recursive: true });
  fs.writeFileSync(path.join(cwd, file), text);
}

describe('no import cycles', () => {
  it('refuses two files importing each other, though one imports only a type', () => {
    const { problems } = repository({
      'src/bus.ts': "import { PgBus } from './pg-bus.ts';\nexport type Bus = { close(): void };",
      'src/pg-bus.ts': "import type { Bus } from './bus.ts';\nexport class PgBus {}",
    });
    expect(problems('src/bus.ts')).toEqual([
      { line: 1, message: cycle('src/bus.ts', 'src/pg-bus.ts', 'src/bus.ts') },
    ]);
    expect(problems('src/pg-bus.ts')).toHaveLength(1);
  });

  it('names every file of a longer cycle and only the import that closes it', () => {
    const { problems } = repository({
      'a.ts': "import { c } from './c.ts';\nimport { b } from './b.ts';\nexport const a = 1;",
      'b.ts': "export { c as b } from './c.ts';",
      'c.ts': "import { d } from './lib/d.ts';\nexport const c = d;",
      'lib/d.ts': "export * from '../a.ts';\nexport const d = 4;",
    });
    expect(problems('a.ts')).toEqual([
      { line: 1, message: cycle('a.ts', 'c.ts', 'lib/d.ts', 'a.ts') },
      { line: 2, message: cycle('a.ts', 'b.ts', 'c.ts', 'lib/d.ts', 'a.ts') },
    ]);
  });

  it('lets two files share a third without a cycle', () => {
    const { problems } = repository({
      'top.ts': "import { left } from './left.ts';\nimport { right } from './right.ts';",
      'left.ts': "import type { Shared } from './shared.ts';\nexport const left = 1;",
      'right.ts':
        "import { shared } from './shared.ts';\nimport './style.css';\nexport const right = shared;",
      'shared.ts': "import { Redis } from 'ioredis';\nexport type Shared = Redis;\nexport const shared = 1;",
    });
    expect(problems('top.ts')).toEqual([]);
    expect(problems('right.ts')).toEqual([]);
  });

  it('counts a dynamic import, so that it is no way out of a cycle', () => {
    const { problems } = repository({
      'loop.ts': "export async function later() { return (await import('./batch.ts')).batch; }",
      'batch.ts': "import { later } from './loop.ts';\nexport const batch = later;",
    });
    expect(problems('loop.ts')).toEqual([{ line: 1, message: cycle('loop.ts', 'batch.ts', 'loop.ts') }]);
  });

  it("follows the repository's own packages by name, as their exports map them", () => {
    const { cwd, problems } = repository({
      'packages/ledger/package.json': JSON.stringify({
        name: '@app/ledger',
        exports: { '.': './src/index.ts' },
      }),
      'packages/ledger/src/index.ts':
        "import { money } from '@app/contracts/money';\nexport const ledger = money;",
      'packages/contracts/package.json': JSON.stringify({ exports: { './money': './src/money.ts' } }),
      'packages/contracts/src/money.ts': "import '@app/ledger';\nexport const money = 1;",
    });
    fs.mkdirSync(path.join(cwd, 'node_modules/@app'), { recursive: true });
    fs.symlinkSync('../../packages/ledger', path.join(cwd, 'node_modules/@app/ledger'));
    fs.symlinkSync('../../packages/contracts', path.join(cwd, 'node_modules/@app/contracts'));
    expect(problems('packages/ledger/src/index.ts')).toEqual([
      {
        line: 1,
        message: cycle(
          'packages/ledger/src/index.ts',
          'packages/contracts/src/money.ts',
          'packages/ledger/src/index.ts',
        ),
      },
    ]);
  });

  it('sees a cycle broken on disk since it was last read', () => {
    const { cwd, problems } = repository({
      'unit.ts': "import type { Answer } from './answer.ts';\nexport type Unit = { last: Answer };",
      'answer.ts': "import type { Unit } from './unit.ts';\nexport type Answer = { unit: Unit };",
    });
    expect(problems('unit.ts')).toHaveLength(1);
    write(cwd, 'answer.ts', 'export type Answer = { ok: boolean };');
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(cwd, 'answer.ts'), later, later);
    expect(problems('unit.ts')).toEqual([]);
  });
});
