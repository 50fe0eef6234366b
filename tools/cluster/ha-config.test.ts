import { describe, expect, it } from 'vitest';
import {
  NOWHERE_PORT,
  pgbouncerIni,
  readNode,
  standbyJoining,
  writablePrimary,
  type MonitorNode,
} from './ha-config.ts';

const node = (name: string, reportedState: string, goalState = reportedState): MonitorNode => ({
  name,
  host: '127.0.0.1',
  port: name === 'node1' ? 5501 : 5502,
  reportedState,
  goalState,
});

describe('the writable primary, from what the monitor says', () => {
  it('is the node that reports and is assigned a primary state', () => {
    expect(writablePrimary([node('node1', 'primary'), node('node2', 'secondary')])?.name).toBe('node1');
    expect(writablePrimary([node('node1', 'single')])?.name).toBe('node1');
    expect(
      writablePrimary([node('node1', 'demoted', 'catchingup'), node('node2', 'wait_primary')])?.name,
    ).toBe('node2');
  });

  it('is nobody once the monitor demotes a primary, though its keeper has not said so yet', () => {
    const failingOver = [
      node('node1', 'primary', 'draining'),
      node('node2', 'secondary', 'prepare_promotion'),
    ];
    expect(writablePrimary(failingOver)).toBeNull();
    expect(
      writablePrimary([node('node1', 'primary', 'demote_timeout'), node('node2', 'stop_replication')]),
    ).toBeNull();
  });

  it('is nobody while a promoted standby is not yet confirmed, nor when two nodes claim it', () => {
    expect(
      writablePrimary([node('node1', 'demoted'), node('node2', 'stop_replication', 'wait_primary')]),
    ).toBeNull();
    expect(writablePrimary([node('node1', 'primary'), node('node2', 'primary')])).toBeNull();
    expect(writablePrimary([])).toBeNull();
  });

  it('knows when a standby is still joining (its base backup waits for a checkpoint)', () => {
    expect(standbyJoining([node('node1', 'wait_primary'), node('node2', 'wait_standby', 'catchingup')])).toBe(
      true,
    );
    expect(standbyJoining([node('node1', 'primary'), node('node2', 'secondary')])).toBe(false);
  });
});

describe("PgBouncer's configuration", () => {
  const config = { port: 6432, database: 'backlay', user: 'postgres', readTarget: null };

  it('sends the database to the primary, pooling by transaction, with short waits', () => {
    const ini = pgbouncerIni({ ...config, target: { host: '127.0.0.1', port: 5502 } });
    expect(ini).toContain('backlay = host=127.0.0.1 port=5502 dbname=backlay user=postgres\n');
    expect(ini).toContain('listen_port = 6432\n');
    expect(ini).toContain('pool_mode = transaction\n');
    expect(ini).toContain('query_wait_timeout = 5\n');
    expect(ini).toContain('server_login_retry = 1\n');
  });

  it('points where connects are refused while there is no primary', () => {
    const ini = pgbouncerIni({ ...config, target: null });
    expect(ini).toContain(`backlay = host=127.0.0.1 port=${NOWHERE_PORT} dbname=backlay`);
    expect(ini).toContain('; no primary right now');
  });

  it('sends backlay_read to the standby, or nowhere when told none', () => {
    const ini = pgbouncerIni({ ...config, target: null, readTarget: { host: '127.0.0.1', port: 5501 } });
    expect(ini).toContain('backlay_read = host=127.0.0.1 port=5501 dbname=backlay user=postgres\n');
    expect(pgbouncerIni({ ...config, target: null })).toContain(
      `backlay_read = host=127.0.0.1 port=${NOWHERE_PORT} dbname=backlay`,
    );
  });
});

describe('where lists and reports read', () => {
  it('is the streaming standby, else the primary, else nobody', () => {
    expect(readNode([node('node1', 'primary'), node('node2', 'secondary')])?.name).toBe('node2');
    expect(readNode([node('node1', 'wait_primary'), node('node2', 'catchingup')])?.name).toBe('node1');
    expect(readNode([node('node1', 'primary'), node('node2', 'secondary', 'prepare_promotion')])?.name).toBe(
      'node1',
    );
    expect(readNode([node('node1', 'demoted', 'demoted'), node('node2', 'stop_replication')])).toBeNull();
  });
});
