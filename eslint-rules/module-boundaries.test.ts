import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import moduleBoundaries from './module-boundaries.js';

const cwd = '/repo';
const linter = new Linter({ configType: 'flat', cwd });
const config = [
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { sourceType: 'module' as const },
    plugins: { backlay: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'backlay/module-boundaries': 'error' as const },
  },
];

const problems = (file: string, source: string) =>
  linter.verify(source, config, { filename: `${cwd}/${file}` }).map((message) => message.message);

describe('module boundaries', () => {
  it("refuses a server module reaching into another module's files", () => {
    expect(
      problems('apps/server/src/modules/admin/x.ts', "import { a } from '../auth/passwords.ts';"),
    ).toEqual(['import module "auth" through its index.ts, not passwords.ts']);
  });

  it("lets a server module use another module's index and its own files", () => {
    const source = "import { a } from '../auth/index.ts';\nimport { b } from './admin-service.ts';";
    expect(problems('apps/server/src/modules/admin/x.ts', source)).toEqual([]);
  });

  it('holds shared server code and benchmarks to the same faces, whatever the spelling', () => {
    const source = "import { a } from './modules/../modules/wallet/wallet-service.ts';";
    expect(problems('apps/server/src/app.ts', source)).toHaveLength(1);
    expect(
      problems('apps/server/bench/b.ts', "export * from '../src/modules/wallet/state.ts';"),
    ).toHaveLength(1);
  });

  it('refuses a web feature importing another feature, even through its top folder', () => {
    const file = 'apps/web/src/features/home/components/home-page.tsx';
    expect(problems(file, "import { A } from '../../sports/components/a.tsx';")).toHaveLength(1);
    expect(problems(file, "import { A } from '../home-data.ts';")).toEqual([]);
    expect(problems(file, "import { A } from '../../../lib/dates.ts';")).toEqual([]);
  });

  it('refuses a console feature importing another feature; its own files, lib and components are fine', () => {
    const file = 'apps/backoffice/src/features/players/player-page.tsx';
    expect(problems(file, "import { PlayerBets } from '../bets/player-bets.tsx';")).toEqual([
      'a feature must not import another feature (bets)',
    ]);
    const source = [
      "import { fetchPlayer } from './api.ts';",
      "import { ListPage } from '../../components/list-page.tsx';",
      "import { useMay } from '../../lib/permissions.ts';",
    ].join('\n');
    expect(problems(file, source)).toEqual([]);
  });

  it("keeps tools to the server modules' faces: no module's inner files, no bench or platform code", () => {
    const file = 'tools/chaos/load.ts';
    expect(
      problems(file, "import { signBody } from '../../apps/server/src/modules/casino/index.ts';"),
    ).toEqual([]);
    expect(
      problems(file, "import { a } from '../../apps/server/src/modules/casino/sessions-repo.ts';"),
    ).toEqual([
      "tools reach the server only through a module's index.ts, not apps/server/src/modules/casino/sessions-repo.ts",
    ]);
    expect(
      problems('tools/scale/load.ts', "import { A } from '../../apps/server/bench/bets-clients.ts';"),
    ).toEqual([
      "tools reach the server only through a module's index.ts, not apps/server/bench/bets-clients.ts",
    ]);
    expect(
      problems('tools/scale/load.ts', "import { A } from '../../apps/server/src/platform/bus.ts';"),
    ).toEqual([
      "tools reach the server only through a module's index.ts, not apps/server/src/platform/bus.ts",
    ]);
    expect(problems('tools/scale/load.ts', "import { A } from '../load-clients/bets-clients.ts';")).toEqual(
      [],
    );
  });

  it("lets a tool's test or test kit open the server's test database, and nothing else of it", () => {
    const source = "import { openTestDatabase } from '../../apps/server/src/test/test-db.ts';";
    expect(problems('tools/chaos/db-test-kit.ts', source)).toEqual([]);
    expect(problems('tools/chaos/checks.test.ts', source)).toEqual([]);
    expect(problems('tools/chaos/checks.ts', source)).toEqual([
      "tools reach the server only through a module's index.ts, not apps/server/src/test/test-db.ts",
    ]);
    expect(
      problems(
        'tools/chaos/checks.test.ts',
        "import { migrate } from '../../apps/server/src/db/migrate.ts';",
      ),
    ).toHaveLength(1);
  });
});
