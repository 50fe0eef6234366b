import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, startTestApp, type TestContext } from '../test/test-app.ts';
import { runAdminCommand } from './commands.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runAdminCommand(ctx.deps, argv, (line) => lines.push(line));
  return lines;
}

describe('admin CLI commands', () => {
  it('creates a player, moves money, suspends, reactivates and lists', async () => {
    const [created] = await run(
      'create-player',
      '--email',
      'cli@test.local',
      '--password',
      'secret1',
      '--name',
      'Cli',
      '--opening-credit',
      '10',
    );
    expect(created).toMatch(/^Created .* cli@test\.local .* balance 10\.00 {2}exposure 0\.00$/);
    expect(await run('deposit', 'cli@test.local', '5.5', '--remark', 'cash', '--key', 'cli-1')).toEqual([
      'Deposited 5.5: balance 15.50, exposure 0.00',
    ]);
    expect((await run('deposit', 'cli@test.local', '5.5', '--remark', 'cash', '--key', 'cli-1'))[0]).toMatch(
      /nothing moved again/,
    );
    expect(await run('withdraw', 'cli@test.local', '0.50')).toEqual([
      'Withdrew 0.50: balance 15.00, exposure 0.00',
    ]);
    expect((await run('suspend', 'cli@test.local'))[0]).toMatch(/^Suspended .* suspended/);
    await expect(loginAs(ctx.app, 'cli@test.local', 'secret1')).rejects.toThrow(/401/);
    expect((await run('reactivate', 'cli@test.local'))[0]).toMatch(/^Reactivated .* active/);
    const listed = await run('list', '--search', 'cli@');
    expect(listed).toHaveLength(2);
    expect(listed[1]).toBe('1 of 1 players (page 1)');
  });

  it.each([
    [['deposit', 'nobody@test.local', '5'], /Player not found/],
    [['withdraw', 'cli@test.local', '1e9'], /must be a number/],
    [['withdraw', 'cli@test.local', '1000000'], /Insufficient balance/],
    [['deposit', 'cli@test.local'], /Give the amount/],
    [['create-player', '--email', 'bad', '--password', 'secret1', '--name', 'X'], /Invalid email/],
    [['list', '--page-size', '15'], /10, 20 or 50/],
    [['explode'], /Unknown command explode/],
    [['list', '--bogus'], /Unknown option/],
  ])('refuses %j with a clear message', async (argv, message) => {
    await expect(run(...argv)).rejects.toThrow(message);
  });
});
