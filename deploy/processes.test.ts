import { describe, expect, it } from 'vitest';
import { readRepoFile } from './manifests.ts';
import { CASINO, PORTAL, PRODUCTION_CASINO_ENV, PRODUCTION_PORTAL_ENV } from './processes.ts';

/** The operations guide's "Run in production" section, up to the next section of its level. */
const section = /^## Run in production$[\s\S]*?(?=^## )/m.exec(readRepoFile('docs/operations.md'))?.[0] ?? '';
const startScript = (workspace: string) =>
  (JSON.parse(readRepoFile(`${workspace}/package.json`)) as { scripts: { start: string } }).scripts.start;

describe('deploy/processes.ts', () => {
  it('runs the entry points the workspaces’ own start scripts run', () => {
    expect(startScript('apps/server')).toBe('tsx src/server.ts');
    expect(PORTAL.command.at(-1)).toBe('apps/server/src/server.ts');
    expect(startScript('apps/casino')).toBe('tsx src/server.ts');
    expect(CASINO.command.at(-1)).toBe('apps/casino/src/server.ts');
  });

  it('needs tsx at runtime, so both apps list it among their production dependencies', () => {
    for (const [workspace, process] of [
      ['apps/server', PORTAL],
      ['apps/casino', CASINO],
    ] as const) {
      expect(process.command.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
      const manifest = JSON.parse(readRepoFile(`${workspace}/package.json`)) as {
        dependencies: Record<string, string>;
      };
      expect(manifest.dependencies).toHaveProperty('tsx');
    }
  });

  it('names every production variable in the section "Run in production" of docs/operations.md', () => {
    expect(section).toMatch(/^## Run in production$/m);
    for (const name of [...PRODUCTION_PORTAL_ENV, ...PRODUCTION_CASINO_ENV]) {
      expect(section, name).toContain(`\`${name}`);
    }
  });

  it('shows the image’s casino command as deploy/processes.ts has it', () => {
    expect(section).toContain(`docker run backlay ${CASINO.command.join(' ')}`);
  });
});
