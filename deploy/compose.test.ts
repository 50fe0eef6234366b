import { ROUTING_KEY_HEADER, ROUTING_KEY_PARAM } from '@backlay/contracts';
import { describe, expect, it } from 'vitest';
import { parseEnv as parseCasinoEnv } from '../apps/casino/src/env.ts';
import { parseEnv as parsePortalEnv } from '../apps/server/src/env.ts';
import { composeValidator } from './compose-schema.ts';
import {
  casinoEnvKeys,
  composeFile,
  composeText,
  interpolatedVariables,
  parseDotEnv,
  portalEnvKeys,
  readRepoFile,
} from './manifests.ts';
import { CASINO, PORTAL, PRODUCTION_CASINO_ENV, PRODUCTION_PORTAL_ENV } from './processes.ts';

const compose = composeFile();
const portals = ['portal-1', 'portal-2'].map((name) => compose.services[name]!);
const casino = compose.services.casino!;
const healthCommand = (service: { healthcheck?: { test: string[] } }) => service.healthcheck?.test.join(' ');

describe('deploy/compose.yaml', () => {
  it('is valid by the Compose specification schema, which refuses a misspelt key', () => {
    const validateCompose = composeValidator();
    validateCompose(compose);
    expect(validateCompose.errors ?? []).toEqual([]);
    const misspelt = { services: { portal: { image: 'backlay', comand: ['node'] } } };
    expect(validateCompose(misspelt)).toBe(false);
  });

  it('runs the portals and the casino with the commands of deploy/processes.ts', () => {
    for (const portal of portals) expect(portal.command).toEqual([...PORTAL.command]);
    expect(casino.command).toEqual([...CASINO.command]);
  });

  it('sets every production variable, and only variables the services know', () => {
    const known = { portal: portalEnvKeys(), casino: casinoEnvKeys() };
    for (const portal of portals) {
      expect(Object.keys(portal.environment!)).toEqual(expect.arrayContaining([...PRODUCTION_PORTAL_ENV]));
      for (const name of Object.keys(portal.environment!)) expect(known.portal).toContain(name);
    }
    expect(Object.keys(casino.environment!)).toEqual(expect.arrayContaining([...PRODUCTION_CASINO_ENV]));
    for (const name of Object.keys(casino.environment!)) expect(known.casino).toContain(name);
  });

  it('gives values the services accept, with the example .env', () => {
    for (const portal of portals) {
      const parsed = parsePortalEnv(portal.environment!);
      expect(parsed.ok ? 'ok' : parsed.message).toBe('ok');
      expect(parsed.ok && parsed.env.NODE_ENV).toBe('production');
      expect(parsed.ok && parsed.env.TRUST_PROXY.length).toBeGreaterThan(0);
    }
    const parsed = parseCasinoEnv(casino.environment!);
    expect(parsed.ok ? 'ok' : parsed.message).toBe('ok');
  });

  it('shares the casino secrets between the portals and the casino', () => {
    for (const name of ['CASINO_OPERATOR_KEY', 'CASINO_WALLET_SECRET'] as const) {
      for (const portal of portals) expect(portal.environment![name]).toBe(casino.environment![name]);
    }
  });

  it('checks health on the processes’ health paths and default ports', () => {
    for (const portal of portals) {
      expect(healthCommand(portal)).toContain(`127.0.0.1:${PORTAL.defaultPort}${PORTAL.health}`);
    }
    expect(healthCommand(casino)).toContain(`127.0.0.1:${CASINO.defaultPort}${CASINO.health}`);
  });

  it('trusts exactly the proxy’s fixed address', () => {
    const text = composeText();
    const address = /ipv4_address: ([\d.]+)/.exec(text)?.[1];
    expect(address).toBeDefined();
    for (const portal of portals) expect(portal.environment!.TRUST_PROXY).toBe(address);
  });

  it('starts the proxy after healthy portals and casino, and the portals after their stores', () => {
    const conditions = (name: string) =>
      Object.fromEntries(
        Object.entries(compose.services[name]!.depends_on ?? {}).map(([on, { condition }]) => [
          on,
          condition,
        ]),
      );
    expect(conditions('proxy')).toEqual({
      'portal-1': 'service_healthy',
      'portal-2': 'service_healthy',
      casino: 'service_healthy',
    });
    for (const name of ['portal-1', 'portal-2']) {
      expect(conditions(name)).toEqual({ postgres: 'service_healthy', redis: 'service_healthy' });
    }
    for (const name of Object.keys(compose.services)) {
      expect(compose.services[name]!.healthcheck?.test, name).toBeDefined();
    }
  });

  it('keeps data on named volumes', () => {
    for (const name of ['postgres', 'redis', 'casino', 'proxy']) {
      const named = (compose.services[name]!.volumes ?? []).filter((volume) => !volume.startsWith('.'));
      expect(named.length, name).toBeGreaterThan(0);
      for (const volume of named) expect(compose.volumes).toHaveProperty(volume.split(':')[0]!);
    }
  });

  it('takes every secret from .env with a required marker, and .env.example lists each variable', () => {
    // Of this file and of its override for highly available PostgreSQL, which reads the same .env.
    const used = interpolatedVariables(composeText() + composeText('compose.ha.yaml'));
    const example = parseDotEnv(readRepoFile('deploy/.env.example'));
    expect(Object.keys(example).sort()).toEqual([...used.keys()].sort());
    const secrets = ['POSTGRES_PASSWORD', 'METRICS_TOKEN', 'ADMIN_PASSWORD', 'CASINO_WALLET_SECRET'];
    for (const name of [...secrets, 'AUTOCTL_NODE_PASSWORD', 'REPLICATION_PASSWORD']) {
      expect(used.get(name)?.required, name).toBe(true);
    }
  });

  it('proxies both public names in the Caddyfile, the portals with health checks', () => {
    const caddyfile = readRepoFile('deploy/Caddyfile');
    expect(caddyfile).toMatch(/reverse_proxy portal-1:8080 portal-2:8080 \{[^}]*health_uri \/healthz/);
    expect(caddyfile).toContain(`reverse_proxy casino:${CASINO.defaultPort}`);
    expect(caddyfile).toContain('{$PORTAL_HOST} {');
    expect(caddyfile).toContain('{$CASINO_HOST} {');
  });

  it('keeps each player on one portal by their routing key, wherever it travels', () => {
    const caddyfile = readRepoFile('deploy/Caddyfile');
    const portalSite = caddyfile.slice(
      caddyfile.indexOf('{$PORTAL_HOST} {'),
      caddyfile.indexOf('{$CASINO_HOST}'),
    );
    expect(portalSite).toMatch(
      new RegExp(`lb_policy header ${ROUTING_KEY_HEADER} \\{\\s*fallback least_conn\\s*\\}`),
    );
    // Callers that send no header get it from their token, a socket from its address.
    const sources = [...portalSite.matchAll(/^\t@\w+ \w+ \w+ (\S+) \S+$/gm)].map((match) => match[1]);
    expect(sources).toEqual(['Authorization', 'X-Authentication', `{query.${ROUTING_KEY_PARAM}}`]);
    for (const [, name] of portalSite.matchAll(/^\t@(\w+) /gm)) {
      expect(portalSite).toContain(`request_header @${name} ${ROUTING_KEY_HEADER} {re.${name}.1}`);
    }
    // The aggregator's wallet callbacks pass the proxy, so they follow the key it sends with them.
    const proxy = compose.services.proxy as { networks: { backend: { aliases: string[] } } };
    const portalHost = new URL(casino.environment!.PORTAL_URL!).host;
    expect(proxy.networks.backend.aliases).toContain(portalHost);
  });
});
