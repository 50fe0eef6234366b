import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { haproxyConfig } from './haproxy-config.ts';

const HAPROXY = '/usr/sbin/haproxy';
const options = {
  httpPort: 8080,
  streamPort: 8443,
  backends: [
    { name: 'portal-1', httpPort: 9001, streamPort: 9101 },
    { name: 'portal-2', httpPort: 9002, streamPort: 9102 },
  ],
  health: '/healthz',
};
const config = haproxyConfig(options);
const dir = mkdtempSync(join(tmpdir(), 'haproxy-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the balancer configuration', () => {
  it('checks every instance on its health path and balances HTTP and the trading stream', () => {
    expect(config).toContain('option httpchk GET /healthz');
    expect(config).toContain('server portal-1 127.0.0.1:9001 check');
    expect(config).toContain('server portal-2 127.0.0.1:9002 check');
    expect(config).toContain('server portal-2 127.0.0.1:9102 check');
    expect(config).toContain('bind 127.0.0.1:8443');
  });

  it('never retries a request that reached an instance (a bet could be placed twice)', () => {
    const retries = config.split('\n').filter((line) => line.includes('retry-on'));
    expect(retries).toEqual(['  retry-on conn-failure']);
  });

  it('keeps each player on one instance unless told to balance by least connections', () => {
    const backend = config.split('backend trading-streams')[0]!;
    expect(backend).toContain('  balance hash var(txn.route)\n  hash-type consistent\n');
    expect(backend).not.toContain('leastconn');
    const leastconn = haproxyConfig({ ...options, balance: 'leastconn' });
    expect(leastconn).toContain('  balance leastconn\n');
    expect(leastconn).not.toContain('txn.route');
  });

  it('reads the routing key from every place a player’s token or key travels, in order', () => {
    const sources = config
      .split('\n')
      .filter((line) => line.includes('set-var(txn.route)'))
      .map((line) => line.split('set-var(txn.route) ')[1]!.split(' if ')[0]);
    expect(sources).toEqual([
      'http_auth_bearer,field(1,.)',
      'req.hdr(x-authentication),field(1,.)',
      'req.hdr(x-routing-key)',
      'url_param(routing_key)',
      "req.body,json_query('$.token'),field(1,.)",
    ]);
    // Only a wallet callback's body is waited for and read.
    expect(config).toContain('http-request wait-for-body time 1s if { path_beg /api/wallet/ }');
    expect(config).not.toContain('option http-buffer-request');
  });

  it('keeps instances whose only trouble is the shared database when told to (--ha)', () => {
    expect(config).toContain('  http-check expect status 200\n');
    const ha = haproxyConfig({ ...options, keepWhileDatabaseAway: true });
    const expectation = ha.split('\n').find((line) => line.includes('http-check expect'))!;
    const pattern = new RegExp(expectation.split("'")[1]!);
    const body = (status: string, service: string, ok: boolean, worker = 'running') =>
      JSON.stringify({
        status,
        service,
        database: { ok, latencyMs: 1 },
        workers: [{ name: 'feed', state: worker }],
      });
    expect(pattern.test(body('ok', 'running', true))).toBe(true);
    expect(pattern.test(body('unavailable', 'running', false))).toBe(true);
    expect(pattern.test(body('unavailable', 'running', true, 'backoff'))).toBe(true);
    expect(pattern.test(body('unavailable', 'stopping', false))).toBe(false);
    expect(pattern.test(body('unavailable', 'stopping', true, 'backoff'))).toBe(false);
    expect(pattern.test(body('unavailable', 'running', true, 'starting'))).toBe(false);
  });

  it('leaves the stream out when it is off', () => {
    const httpOnly = haproxyConfig({ httpPort: 8080, streamPort: 0, backends: [], health: '/healthz' });
    expect(httpOnly).not.toContain('mode tcp');
  });

  it('is accepted by HAProxy itself', (context) => {
    if (!existsSync(HAPROXY)) {
      if (process.env.CI === 'true') throw new Error(`${HAPROXY} is missing; .ci/run installs it`);
      console.warn(`skipped: ${HAPROXY} is not installed on this machine`);
      return context.skip();
    }
    const variants = [
      config,
      haproxyConfig({ ...options, balance: 'leastconn' }),
      haproxyConfig({ ...options, keepWhileDatabaseAway: true }),
    ];
    for (const [index, text] of variants.entries()) {
      const file = join(dir, `haproxy-${index}.cfg`);
      writeFileSync(file, text);
      expect(() => execFileSync(HAPROXY, ['-c', '-q', '-f', file], { stdio: 'pipe' })).not.toThrow();
    }
  });
});
