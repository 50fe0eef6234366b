import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import {
  NOWHERE_PORT,
  pgbouncerIni,
  readDatabase,
  readNode,
  writablePrimary,
  type MonitorNode,
} from '../tools/cluster/ha-config.ts';
import { readRepoFile, REPO_ROOT } from './manifests.ts';

const SCRIPT = join(REPO_ROOT, 'deploy/postgres-ha/pg-ha.sh');
const TEMPLATE = join(REPO_ROOT, 'deploy/postgres-ha/pgbouncer.ini');
const runDir = mkdtempSync(join(tmpdir(), 'pg-ha-test-'));
afterAll(() => rmSync(runDir, { recursive: true, force: true }));

/** Runs bash with pg-ha.sh sourced (its functions defined, nothing started) and returns what it prints. */
const sourced = (commands: string) =>
  execFileSync('bash', ['-c', `source "${SCRIPT}"; ${commands}`], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      POSTGRES_DB: 'backlay',
      PG_HA_RUN_DIR: runDir,
      PGBOUNCER_TEMPLATE: TEMPLATE,
    },
  });

/** `key = value` lines by section (`;` comments skipped), as PgBouncer reads its ini. */
function parseIni(text: string): Record<string, Record<string, string>> {
  const sections: Record<string, Record<string, string>> = {};
  let section = '';
  for (const line of text.split('\n').map((entry) => entry.trim())) {
    if (line === '' || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1]!;
    else {
      const equals = line.indexOf('=');
      (sections[section] ??= {})[line.slice(0, equals).trim()] = line.slice(equals + 1).trim();
    }
  }
  return sections;
}

/** The monitor's timings `npm run cluster -- --ha` sets (tools/cluster/ha-postgres.ts, MONITOR_SETTINGS). */
function clusterMonitorSettings(): Record<string, number> {
  const block = /const MONITOR_SETTINGS = \{([\s\S]*?)\};/.exec(
    readRepoFile('tools/cluster/ha-postgres.ts'),
  )![1]!;
  return Object.fromEntries(
    [...block.matchAll(/(\w+): ([\d_]+)/g)].map(([, name, value]) => [name, Number(value!.replace('_', ''))]),
  );
}

describe('deploy/postgres-ha/pg-ha.sh', () => {
  it('is a bash script bash can parse, run by the image as its entry point', () => {
    expect(() => execFileSync('bash', ['-n', SCRIPT])).not.toThrow();
    expect(() => execFileSync('bash', ['-n', '-c', 'if then'], { stdio: 'ignore' })).toThrow();
    expect(statSync(SCRIPT).mode & 0o111).toBe(0o111);
  });

  it('sets the monitor timings of decision 0303, the ones the cluster tool sets', () => {
    const settings = sourced('printf "%s\\n" "${MONITOR_SETTINGS[@]}"')
      .trim()
      .split('\n')
      .map((line) => line.split('='));
    const asNumbers = Object.fromEntries(settings.map(([name, value]) => [name, Number(value)]));
    expect(asNumbers).toEqual(clusterMonitorSettings());
    expect(asNumbers).toMatchObject({ health_check_period: 1000, node_considered_unhealthy_timeout: 4000 });
    expect(readRepoFile('deploy/postgres-ha/pg-ha.sh')).toContain(
      "printf 'ALTER SYSTEM SET pgautofailover.%s = %s;\\n'",
    );
  });

  // PGlite starts in a few seconds.
  it('points both PgBouncer databases where the cluster tool would, asking the monitor the same', async () => {
    const query = sourced('printf "%s" "$MONITOR_QUERY"');
    const db = new PGlite();
    await db.exec(`CREATE SCHEMA pgautofailover;
      CREATE TABLE pgautofailover.node (nodeid int, nodename text, nodehost text, nodeport int,
                                        reportedstate text, goalstate text)`);
    const node = (name: string, reportedState: string, goalState: string): MonitorNode => ({
      name,
      host: `pg-${name}`,
      port: 5432,
      reportedState,
      goalState,
    });
    const cases: MonitorNode[][] = [
      [node('node1', 'primary', 'primary'), node('node2', 'secondary', 'secondary')],
      [node('node1', 'single', 'single')],
      [node('node1', 'wait_primary', 'wait_primary'), node('node2', 'catchingup', 'catchingup')],
      // Demoted by the monitor while its keeper, restarted, still says primary: no traffic.
      [node('node1', 'primary', 'demote_timeout'), node('node2', 'secondary', 'prepare_promotion')],
      [node('node1', 'demoted', 'catchingup'), node('node2', 'wait_primary', 'wait_primary')],
    ];
    const nowhere = { host: '127.0.0.1', port: NOWHERE_PORT };
    const connect = (target: { host: string; port: number } | null) =>
      `host=${(target ?? nowhere).host} port=${(target ?? nowhere).port} dbname=backlay`;
    for (const nodes of cases) {
      await db.exec('DELETE FROM pgautofailover.node');
      for (const [index, { name, host, port, reportedState, goalState }] of nodes.entries()) {
        const values = [index + 1, name, host, port, reportedState, goalState];
        await db.query('INSERT INTO pgautofailover.node VALUES ($1, $2, $3, $4, $5, $6)', values);
      }
      const [row] = (await db.query<(string | null)[]>(query, [], { rowMode: 'array' })).rows;
      const [primary, standby] = (row ?? []).map((address) => address ?? '');
      const routes = parseIni(sourced(`databases_section "${primary}" "${standby}"`)).databases;
      expect(routes, JSON.stringify(nodes)).toEqual({
        backlay: connect(writablePrimary(nodes)),
        [readDatabase('backlay')]: connect(readNode(nodes)),
      });
    }
    expect(cases.filter((nodes) => writablePrimary(nodes) === null)).toHaveLength(1);
    await db.close();
  }, 30_000);

  it('writes PgBouncer’s ini in transaction mode with the cluster tool’s settings', () => {
    sourced('write_pgbouncer_ini "pg-node1 5432" ""');
    const ini = parseIni(readFileSync(join(runDir, 'pgbouncer.ini'), 'utf8'));
    const config = { port: 1, database: 'backlay', user: 'postgres', target: null, readTarget: null };
    const local = parseIni(pgbouncerIni(config));
    expect(ini.pgbouncer!.pool_mode).toBe('transaction');
    const shared = ['pool_mode', 'max_client_conn', 'default_pool_size', 'server_connect_timeout'];
    shared.push('server_login_retry', 'query_wait_timeout', 'ignore_startup_parameters', 'unix_socket_dir');
    for (const key of shared) expect(ini.pgbouncer![key], key).toBe(local.pgbouncer![key]);
    // On the network, unlike the cluster tool's loopback: every client gives its password, over TLS to the nodes.
    expect(ini.pgbouncer).toMatchObject({
      listen_addr: '*',
      listen_port: '6432',
      auth_type: 'scram-sha-256',
      auth_file: join(runDir, 'userlist.txt'),
      server_tls_sslmode: 'require',
    });
    expect(Object.keys(ini.databases!)).toEqual(['backlay', 'backlay_read']);
  });

  it('keeps passwords off command lines: they reach PostgreSQL through a password file or \\getenv', () => {
    const lines = readRepoFile('deploy/postgres-ha/pg-ha.sh').split('\n');
    const expanded = lines.filter((line) => /\$\{?(POSTGRES|AUTOCTL_NODE|REPLICATION)_PASSWORD\b/.test(line));
    expect(expanded.length).toBeGreaterThan(0);
    // Only a test that it is set, and the printf writing it to the password file or PgBouncer's userlist.
    for (const line of expanded)
      expect(line.trim()).toMatch(/^(\[ -z "\$\{\w+:-\}" \] \|\|\s*)?(printf .*)?$/);
    // The roles' passwords are set in SQL from the environment by psql itself.
    const getenv = lines.filter((line) => line.includes('\\getenv')).join('\n');
    for (const name of ['AUTOCTL_NODE_PASSWORD', 'REPLICATION_PASSWORD', 'POSTGRES_PASSWORD']) {
      expect(getenv).toMatch(new RegExp(`\\\\getenv \\w+ ${name}\\b`));
    }
  });
});

describe('deploy/postgres-ha.Dockerfile', () => {
  const text = readRepoFile('deploy/postgres-ha.Dockerfile');
  const dockerfile = DockerfileParser.parse(text);
  const argumentsOf = (keyword: string) =>
    dockerfile
      .getInstructions()
      .filter((instruction) => instruction.getKeyword() === keyword)
      .map((instruction) => instruction.getArgumentsContent() ?? '');

  it('has no problem dockerfile-utils finds', () => {
    expect(validate(text)).toEqual([]);
  });

  it('installs Debian’s pg_auto_failover and PgBouncer on bookworm, as the cluster tool does', () => {
    expect(argumentsOf('FROM')).toEqual(['debian:bookworm-slim']);
    const installs = argumentsOf('RUN').join(' ');
    for (const name of ['postgresql-15-auto-failover', 'pg-auto-failover-cli', 'pgbouncer', 'openssl']) {
      expect(installs).toMatch(new RegExp(`apt-get install [^&]*\\b${name}\\b`));
    }
    expect(installs).toContain('create_main_cluster = false');
  });

  it('runs pg-ha as the postgres user, from files of its build context deploy/postgres-ha', () => {
    expect(argumentsOf('USER')).toEqual(['postgres']);
    expect(JSON.parse(argumentsOf('ENTRYPOINT')[0]!)).toEqual([
      '/usr/bin/tini',
      '--',
      '/usr/local/bin/pg-ha',
    ]);
    for (const copy of argumentsOf('COPY')) {
      const source = copy.replace(/^--chmod=\d+ /, '').split(' ')[0]!;
      expect(existsSync(join(REPO_ROOT, 'deploy/postgres-ha', source)), source).toBe(true);
    }
    expect(argumentsOf('COPY')).toContain('pgbouncer.ini /etc/pgbouncer/backlay.ini');
    // PGDATA and pg_autoctl's files (under HOME) on the one volume.
    expect(argumentsOf('ENV').join(' ')).toMatch(
      /HOME=\/var\/lib\/postgresql .*PGDATA=\/var\/lib\/postgresql\//s,
    );
    expect(argumentsOf('VOLUME')).toEqual(['/var/lib/postgresql']);
  });
});
