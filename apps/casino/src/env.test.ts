import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('casino environment', () => {
  it('starts with local defaults', () => {
    const result = parseEnv({});
    expect(result).toMatchObject({
      ok: true,
      env: {
        CASINO_PORT: 8081,
        CASINO_URL: 'http://127.0.0.1:8081',
        PORTAL_URL: 'http://127.0.0.1:8080',
        CASINO_OPERATOR_KEY: 'backlay-operator-key-local',
        CASINO_WALLET_SECRET: 'backlay-wallet-secret-local',
        DATA_DIR: './data',
      },
    });
  });

  it('drops a trailing slash from the base addresses and treats empty values as unset', () => {
    const result = parseEnv({
      CASINO_URL: 'https://games.example.com/',
      PORTAL_URL: '',
      CASINO_PORT: '9000',
    });
    expect(result).toMatchObject({
      ok: true,
      env: {
        CASINO_URL: 'https://games.example.com',
        PORTAL_URL: 'http://127.0.0.1:8080',
        CASINO_PORT: 9000,
      },
    });
  });

  it('points both addresses at the ports on this machine unless they are set', () => {
    expect(parseEnv({ PORT: '9000', CASINO_PORT: '9001' })).toMatchObject({
      ok: true,
      env: { CASINO_URL: 'http://127.0.0.1:9001', PORTAL_URL: 'http://127.0.0.1:9000' },
    });
    expect(
      parseEnv({ PORT: '9000', CASINO_PORT: '9001', PORTAL_URL: 'https://portal.example.com/' }),
    ).toMatchObject({
      ok: true,
      env: { CASINO_URL: 'http://127.0.0.1:9001', PORTAL_URL: 'https://portal.example.com' },
    });
    const badPort = parseEnv({ PORT: 'eighty' });
    expect(!badPort.ok && badPort.message).toContain('PORT');
  });

  it('names every bad variable', () => {
    const result = parseEnv({ CASINO_PORT: '70000', PORTAL_URL: 'ftp://x', CASINO_WALLET_SECRET: 'short' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain('CASINO_PORT');
    expect(result.message).toContain('PORTAL_URL');
    expect(result.message).toContain('CASINO_WALLET_SECRET: must be at least 16 characters');
  });
});
