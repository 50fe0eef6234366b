import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const result = parseEnv({});
    expect(result.ok && result.env).toMatchObject({
      PORT: 8080,
      CASINO_PORT: 8081,
      DATA_DIR: './data',
      ADMIN_EMAIL: 'admin@backlay.local',
    });
  });

  it('turns the casino wallet fast paths off only when told so', () => {
    const fastPaths = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? result.env.CASINO_WALLET_FAST_PATHS : result.message;
    };
    expect(fastPaths({})).toBe('on');
    expect(fastPaths({ CASINO_WALLET_FAST_PATHS: 'off' })).toBe('off');
    expect(fastPaths({ CASINO_WALLET_FAST_PATHS: 'no' })).toContain('CASINO_WALLET_FAST_PATHS');
  });

  it('runs demo traffic with demo data outside tests, unless DEMO_TRAFFIC turns it off or on', () => {
    const traffic = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? result.env.DEMO_TRAFFIC : result.message;
    };
    expect(traffic({})).toBe(true);
    expect(traffic({ DEMO_TRAFFIC: '0' })).toBe(false);
    expect(traffic({ DEMO_DATA: 'false' })).toBe(false);
    expect(traffic({ NODE_ENV: 'test' })).toBe(false);
    expect(traffic({ NODE_ENV: 'test', DEMO_TRAFFIC: '1' })).toBe(true);
    expect(traffic({ DEMO_TRAFFIC: 'maybe' })).toContain('DEMO_TRAFFIC');
  });

  it('sizes the PostgreSQL pool and prefixes the Redis channels as told, within bounds', () => {
    const parsed = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? [result.env.DATABASE_POOL_SIZE, result.env.REDIS_PREFIX] : result.message;
    };
    expect(parsed({})).toEqual([20, 'backlay:']);
    expect(parsed({ DATABASE_POOL_SIZE: '8', REDIS_PREFIX: 'eu-1:' })).toEqual([8, 'eu-1:']);
    for (const size of ['0', '2.5', 'many', '5000'])
      expect(parsed({ DATABASE_POOL_SIZE: size })).toContain('DATABASE_POOL_SIZE');
    for (const prefix of ['has space', 'x'.repeat(65)])
      expect(parsed({ REDIS_PREFIX: prefix })).toContain('REDIS_PREFIX');
  });

  it('reads from a standby only when DATABASE_READ_URL names a PostgreSQL database', () => {
    const readUrl = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? result.env.DATABASE_READ_URL : result.message;
    };
    expect(readUrl({})).toBeUndefined();
    expect(readUrl({ DATABASE_READ_URL: '' })).toBeUndefined();
    expect(readUrl({ DATABASE_READ_URL: 'postgres://reader@standby:5432/backlay' })).toBe(
      'postgres://reader@standby:5432/backlay',
    );
    expect(readUrl({ DATABASE_READ_URL: 'postgresql://standby/backlay' })).toBe(
      'postgresql://standby/backlay',
    );
    for (const bad of ['mysql://standby/backlay', 'standby:5432', 'http://standby'])
      expect(readUrl({ DATABASE_READ_URL: bad })).toBe(
        'Invalid configuration: DATABASE_READ_URL: must start with postgres:// or postgresql://',
      );
  });

  it('keeps unit leases 10 s unless UNIT_LEASE_MS says otherwise, from 2 to 60 s', () => {
    const lease = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? result.env.UNIT_LEASE_MS : result.message;
    };
    expect(lease({})).toBe(10_000);
    expect(lease({ UNIT_LEASE_MS: '4000' })).toBe(4_000);
    for (const bad of ['1999', '60001', 'soon'])
      expect(lease({ UNIT_LEASE_MS: bad })).toContain('UNIT_LEASE_MS');
  });

  it('reads the support cash limit as minor units, 5,000.00 unless told otherwise', () => {
    const limit = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? result.env.SUPPORT_CASH_LIMIT : result.message;
    };
    expect(limit({})).toBe(500_000n);
    expect(limit({ SUPPORT_CASH_LIMIT: '250.50' })).toBe(25_050n);
    for (const bad of ['0', '-5', '12.345', 'lots', '99999999999'])
      expect(limit({ SUPPORT_CASH_LIMIT: bad })).toContain('SUPPORT_CASH_LIMIT: must be an amount');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
  ])('rejects %j with a message naming %s', (source, name) => {
    const result = parseEnv(source);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(name);
  });

  it('stops the server at start with exit code 1 and the variable name', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration: PORT');
  });

  it('reaches the aggregator at CASINO_PORT on this machine unless CASINO_URL says otherwise', () => {
    const casinoUrl = (source: Record<string, string>) => {
      const result = parseEnv(source);
      return result.ok ? result.env.CASINO_URL : result.message;
    };
    expect(casinoUrl({})).toBe('http://127.0.0.1:8081');
    expect(casinoUrl({ PORT: '9000', CASINO_PORT: '9001' })).toBe('http://127.0.0.1:9001');
    expect(casinoUrl({ CASINO_PORT: '9001', CASINO_URL: 'https://games.example.com' })).toBe(
      'https://games.example.com',
    );
  });
});
