import { describe, expect, it } from 'vitest';
import { parseEnv as parsePortalEnv } from '../apps/server/src/env.ts';
import { composeValidator } from './compose-schema.ts';
import {
  composeFile,
  composeText,
  interpolatedVariables,
  mergeCompose,
  parseDotEnv,
  readRepoFile,
  type ComposeService,
} from './manifests.ts';

/** compose.yaml with compose.ha.yaml merged onto it, as `docker compose -f … -f …` reads them. */
const compose = composeFile('compose.ha.yaml');
const service = (name: string) => compose.services[name]!;
const portals = ['portal-1', 'portal-2'].map(service);
const nodes = ['pg-node1', 'pg-node2'].map(service);
const parts = ['pg-monitor', 'pg-node1', 'pg-node2', 'pgbouncer'];
/** The values of a `--flag value` pair in a command. */
const flag = (command: string[] | undefined, name: string) => command?.[command.indexOf(name) + 1];
const conditions = (entry: ComposeService) =>
  Object.fromEntries(Object.entries(entry.depends_on ?? {}).map(([on, { condition }]) => [on, condition]));

describe('deploy/compose.ha.yaml over deploy/compose.yaml', () => {
  it('merges into a file valid by the Compose specification schema', () => {
    const validateCompose = composeValidator();
    validateCompose(compose);
    expect(validateCompose.errors ?? []).toEqual([]);
  });

  it('merges as Compose does: mappings by key, `!override` replacing a mapping whole', () => {
    const base = { a: { keep: 1, change: 1 }, b: { x: 1 }, list: [1, 2] };
    const override = { a: { change: 2 }, b: { '!override': { y: 2 } }, list: [3] };
    expect(mergeCompose(base, override)).toEqual({ a: { keep: 1, change: 2 }, b: { y: 2 }, list: [3] });
  });

  it('runs the monitor, two data nodes and PgBouncer from the one postgres-ha image, and not `postgres`', () => {
    for (const name of parts) {
      expect(service(name).image, name).toBe('backlay-postgres-ha:latest');
      expect(service(name).build, name).toEqual({
        context: 'postgres-ha',
        dockerfile: '../postgres-ha.Dockerfile',
      });
    }
    expect(parts.map((name) => service(name).command![0])).toEqual(['monitor', 'node', 'node', 'pgbouncer']);
    // Its profile is never enabled, and no service waits for it.
    expect(service('postgres').profiles).toEqual(['single-postgres']);
    for (const [name, entry] of Object.entries(compose.services)) {
      expect(Object.keys(entry.depends_on ?? {}), name).not.toContain('postgres');
    }
  });

  it('has two data nodes that can each be promoted, with a synchronous standby (replication quorum)', () => {
    expect(nodes.map((node) => flag(node.command, '--name'))).toEqual(['node1', 'node2']);
    for (const node of nodes) {
      expect(flag(node.command, '--replication-quorum')).toBe('true');
      expect(Number(flag(node.command, '--candidate-priority'))).toBeGreaterThan(0);
      expect(node.environment!.PG_HA_MONITOR_HOST).toBe('pg-monitor');
      expect(conditions(node)).toEqual({ 'pg-monitor': 'service_healthy' });
    }
    // Each reached by its service name, each with its own volume.
    expect(nodes.map((node) => node.environment!.PG_HA_HOSTNAME)).toEqual(['pg-node1', 'pg-node2']);
    const volumes = [...nodes, service('pg-monitor')].map((node) => node.volumes![0]!);
    expect(new Set(volumes).size).toBe(3);
    for (const volume of volumes) {
      expect(volume).toMatch(/:\/var\/lib\/postgresql$/);
      expect(compose.volumes).toHaveProperty(volume.split(':')[0]!);
    }
  });

  it('points the portals at PgBouncer: the database for writes, its _read alias for DATABASE_READ_URL', () => {
    const values = parseDotEnv(readRepoFile('deploy/.env.example'));
    for (const portal of portals) {
      const url = new URL(portal.environment!.DATABASE_URL!);
      expect(url.host).toBe('pgbouncer:6432');
      expect(url.pathname).toBe(`/${values.POSTGRES_DB}`);
      expect(decodeURIComponent(url.password)).toBe(values.POSTGRES_PASSWORD);
      expect(new URL(portal.environment!.DATABASE_READ_URL!).pathname).toBe(`/${values.POSTGRES_DB}_read`);
      expect(conditions(portal)).toEqual({ pgbouncer: 'service_healthy', redis: 'service_healthy' });
      const parsed = parsePortalEnv(portal.environment!);
      expect(parsed.ok ? 'ok' : parsed.message).toBe('ok');
    }
  });

  it('allows the backend network in pg_hba.conf, whatever address a container gets', () => {
    const text = composeText();
    const subnet = /subnet: ([\d./]+)/.exec(text)![1];
    for (const name of parts) expect(service(name).environment!.PG_HA_CIDR, name).toBe(subnet);
    // The proxy's fixed address stays outside the range the others are given from.
    const range = /ip_range: 172\.28\.0\.(\d+)\/25/.exec(text)![1];
    const proxy = Number(/ipv4_address: 172\.28\.0\.(\d+)/.exec(text)![1]);
    expect(proxy < Number(range) || proxy >= Number(range) + 128).toBe(true);
  });

  it('checks the health of each part: the monitor set up, the nodes up, PgBouncer reaching the primary', () => {
    expect(service('pg-monitor').healthcheck!.test).toEqual(['CMD', 'pg-ha', 'monitor-ready']);
    for (const node of nodes) expect(node.healthcheck!.test).toEqual(['CMD', 'pg_isready', '--quiet']);
    expect(service('pgbouncer').healthcheck!.test).toEqual(['CMD', 'pg-ha', 'pgbouncer-ready']);
    expect(conditions(service('pgbouncer'))).toEqual({ 'pg-monitor': 'service_healthy' });
  });

  it('takes every password from .env with a required marker, none written in the file', () => {
    const text = composeText('compose.ha.yaml');
    const used = interpolatedVariables(text);
    for (const name of ['POSTGRES_PASSWORD', 'AUTOCTL_NODE_PASSWORD', 'REPLICATION_PASSWORD']) {
      expect(used.get(name)?.required, name).toBe(true);
    }
    for (const name of parts) {
      for (const [key, value] of Object.entries(service(name).environment!)) {
        if (/PASSWORD/.test(key)) expect(text).toContain(`${key}: \${${key}:?`);
        else expect(value).not.toMatch(/change-me/);
      }
    }
  });
});
