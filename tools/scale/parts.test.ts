import { describe, expect, it } from 'vitest';
import { classifier } from './parts.ts';

const classify = classifier({
  portals: [
    { name: 'portal-1', pgrp: 100 },
    { name: 'portal-2', pgrp: 200 },
  ],
  balancerPgrp: 300,
  casinoPgrp: 400,
  loadPid: 500,
  benchPid: 600,
  databaseName: 'scale_ab12_0',
});
const process = (pid: number, pgrp: number, command: string) => ({ pid, pgrp, command, ticks: 0 });

describe('which part a process is', () => {
  it('names the cluster by process group, the load generator and the bench by pid', () => {
    expect(classify(process(100, 100, 'taskset -c 0 node server.ts'))).toBe('portal-1');
    expect(classify(process(201, 200, 'esbuild --service'))).toBe('portal-2');
    expect(classify(process(300, 300, '/usr/sbin/haproxy -db -f x.cfg'))).toBe('haproxy');
    expect(classify(process(400, 400, 'node casino'))).toBe('casino');
    expect(classify(process(500, 600, 'node bets-clients.ts'))).toBe('load');
    expect(classify(process(600, 600, 'node main.ts'))).toBe('bench');
    expect(classify(process(700, 700, 'redis-server 127.0.0.1:6379'))).toBe('redis');
  });

  it("counts this database's backends and the server's WAL writers, not other databases' backends", () => {
    expect(classify(process(801, 1, 'postgres: 15/main: postgres scale_ab12_0 127.0.0.1(50000) idle'))).toBe(
      'postgres',
    );
    expect(classify(process(802, 1, 'postgres: postgres scale_ab12_0 127.0.0.1(50001) COMMIT'))).toBe(
      'postgres',
    );
    expect(classify(process(803, 1, 'postgres: 15/main: walwriter'))).toBe('postgres');
    expect(
      classify(process(804, 1, 'postgres: 15/main: postgres test 127.0.0.1(50002) idle')),
    ).toBeUndefined();
    expect(classify(process(805, 1, 'node someone-else.js'))).toBeUndefined();
    expect(
      classify(process(806, 1, 'postgres: walsender postgres 127.0.0.1(50003) streaming 0/3000148')),
    ).toBe('postgres');
    expect(classify(process(807, 1, 'postgres: walreceiver streaming 0/3000148'))).toBe('postgres');
    expect(classify(process(808, 1, '/usr/sbin/pgbouncer -u postgres /tmp/ha/pgbouncer.ini'))).toBe(
      'pgbouncer',
    );
  });
});
