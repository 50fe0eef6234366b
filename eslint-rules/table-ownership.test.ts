import fs from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import tableOwnership, { TABLE_OWNERS } from './table-ownership.js';

const cwd = '/repo';
const linter = new Linter({ configType: 'flat', cwd });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, sourceType: 'module' as const },
    plugins: { backlay: { rules: { 'table-ownership': tableOwnership } } },
    rules: { 'backlay/table-ownership': 'error' as const },
  },
];

const problems = (file: string, source: string) =>
  linter.verify(source, config, { filename: `${cwd}/${file}` }).map((message) => message.message);

const foreign = (table: string, owner: string) =>
  `table "${table}" belongs to ${owner}: reach it through ${owner === 'platform' ? 'the platform' : `${owner}'s index.ts`}`;

describe('table ownership', () => {
  it("refuses a module's SQL naming another module's table, after any keyword that reads or writes it", () => {
    const file = 'apps/server/src/modules/reports/x.ts';
    expect(problems(file, "const a = 'SELECT 1 FROM bets b';")).toEqual([foreign('bets', 'exchange')]);
    expect(problems(file, 'const a = `SELECT 1 FROM x\n  left join users u ON u.id = x.id`;')).toEqual([
      foreign('users', 'auth'),
    ]);
    expect(problems(file, "const a = 'INSERT INTO accounts (id) VALUES ($1)';")).toEqual([
      foreign('accounts', 'wallet'),
    ]);
    expect(problems(file, "const a = 'update ONLY public.markets SET x = 1';")).toEqual([
      foreign('markets', 'sports'),
    ]);
    expect(problems(file, "const a = 'DELETE FROM holds WHERE true';")).toEqual([foreign('holds', 'wallet')]);
    expect(problems(file, "const a = 'LOCK TABLE unit_leases';")).toEqual([
      foreign('unit_leases', 'platform'),
    ]);
  });

  it('names each foreign table of a statement once', () => {
    const source = "const a = 'SELECT 1 FROM bets b JOIN bets c ON true JOIN markets m ON true';";
    expect(problems('apps/server/src/modules/reports/x.ts', source)).toEqual([
      foreign('bets', 'exchange'),
      foreign('markets', 'sports'),
    ]);
  });

  it("lets a module name its own tables, words that are no table, and another module's fragments", () => {
    const file = 'apps/server/src/modules/exchange/deep/x.ts';
    expect(problems(file, "const a = 'SELECT * FROM bets b JOIN bet_fills f ON true';")).toEqual([]);
    expect(problems(file, "const a = 'SELECT extract(epoch FROM now()) FROM unnest($1) AS q(id)';")).toEqual(
      [],
    );
    expect(problems(file, 'const a = `SELECT 1 FROM ${USERS} JOIN ${b} users ON true`;')).toEqual([]);
    expect(problems(file, "const a = 'users'; const b = 'SELECT users.id';")).toEqual([]);
  });

  it('leaves tests, test kits and the database layer free to read any table', () => {
    const source = "const a = 'SELECT 1 FROM users';";
    for (const file of [
      'apps/server/src/modules/reports/statement.test.ts',
      'apps/server/src/modules/tables/testing.ts',
      'apps/server/src/modules/tables/crash-testing.ts',
      'apps/server/src/modules/casino/casino-test-kit.ts',
      'apps/server/src/modules/exchange/testing/exchange-client.ts',
      'apps/server/src/modules/betfair/catalogue/catalogue-fixtures.ts',
      'apps/server/src/db/migrations/001-auth.ts',
      'apps/server/src/db/functions/ledger-audit.ts',
      'apps/server/src/test/test-db.ts',
    ])
      expect(problems(file, source)).toEqual([]);
  });

  it('gives every table the migrations create exactly one owner', () => {
    const migrations = path.join(import.meta.dirname, '../apps/server/src/db/migrations');
    const created = fs
      .readdirSync(migrations)
      .flatMap((file) => [
        ...fs
          .readFileSync(path.join(migrations, file), 'utf8')
          .matchAll(/create table (?:if not exists )?(\w+)/gi),
      ])
      .map((match) => match[1]!.toLowerCase());
    expect(created.length).toBeGreaterThan(40);
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(created)].sort());
  });
});
