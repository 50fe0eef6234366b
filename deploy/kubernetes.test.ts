import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTING_KEY_HEADER, ROUTING_KEY_PARAM } from '@backlay/contracts';
import { Deployment } from 'kubernetes-models/apps/v1';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseEnv as parseCasinoEnv } from '../apps/casino/src/env.ts';
import { parseEnv as parsePortalEnv } from '../apps/server/src/env.ts';
import {
  casinoEnvKeys,
  KUBERNETES_DIR,
  KUBERNETES_MODELS,
  kubernetesFiles,
  kubernetesObjects,
  portalEnvKeys,
  type KubernetesObject,
} from './manifests.ts';
import {
  CASINO,
  PORTAL,
  PRODUCTION_CASINO_ENV,
  PRODUCTION_PORTAL_ENV,
  type ProcessSpec,
} from './processes.ts';

type Probe = { httpGet: { path: string; port: string } };
type Container = {
  command: string[];
  ports: { name: string; containerPort: number }[];
  envFrom?: ({ configMapRef?: { name: string } } & { secretRef?: { name: string } })[];
  env?: { name: string }[];
  readinessProbe: Probe;
  livenessProbe: Probe;
  resources: { requests: Record<string, string> };
  securityContext: { allowPrivilegeEscalation: boolean };
};
type DeploymentObject = KubernetesObject & {
  spec: {
    replicas: number;
    template: { spec: { securityContext: { runAsNonRoot: boolean }; containers: Container[] } };
  };
};

const objects = kubernetesObjects();
/** One object by kind and name, read as the shape a check needs. */
const byName = <T = KubernetesObject>(kind: string, name: string) =>
  objects.find(({ object }) => object.kind === kind && object.metadata.name === name)?.object as T;
const deployment = (name: string) => byName<DeploymentObject>('Deployment', name);
const container = (name: string) => deployment(name).spec.template.spec.containers[0]!;
/** Every variable a container gets: its `env` and the keys of the ConfigMaps and Secrets it takes whole. */
function containerEnv(name: string): Record<string, string> {
  const { env = [], envFrom = [] } = container(name);
  const whole = envFrom.map((source) => {
    const from = source.configMapRef
      ? byName<{ data: Record<string, string> }>('ConfigMap', source.configMapRef.name).data
      : byName<{ stringData: Record<string, string> }>('Secret', source.secretRef!.name).stringData;
    return from;
  });
  const single = env.map(({ name: variable }) => [variable, exampleSecret[variable] ?? ''] as const);
  return Object.assign({}, ...whole, Object.fromEntries(single)) as Record<string, string>;
}
const exampleSecret = byName<{ stringData: Record<string, string> }>('Secret', 'backlay-secrets').stringData;

describe('deploy/kubernetes', () => {
  it('is valid by the Kubernetes schemas, which refuse a wrong type', () => {
    for (const { file, object } of objects) {
      const Model = KUBERNETES_MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${file}: ${object.kind}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), file).not.toThrow();
    }
    const broken = { metadata: { name: 'x' }, spec: { replicas: 'two', selector: {}, template: {} } };
    expect(() => new Deployment(broken as never).validate()).toThrow();
  });

  it('lists every manifest but the example Secret in kustomization.yaml', () => {
    const kustomization = parse(readFileSync(join(KUBERNETES_DIR, 'kustomization.yaml'), 'utf8')) as {
      resources: string[];
    };
    const manifests = kubernetesFiles().filter(
      (file) => file !== 'kustomization.yaml' && file !== 'secret.example.yaml',
    );
    expect([...kustomization.resources].sort()).toEqual(manifests);
  });

  it('runs the commands of deploy/processes.ts, on their ports, probed on their health paths', () => {
    const expectations: [string, ProcessSpec][] = [
      ['backlay-portal', PORTAL],
      ['backlay-casino', CASINO],
    ];
    for (const [name, process] of expectations) {
      const { command, ports, readinessProbe, livenessProbe } = container(name);
      expect(command).toEqual([...process.command]);
      expect(ports.find((port) => port.name === 'http')?.containerPort).toBe(process.defaultPort);
      for (const probe of [readinessProbe, livenessProbe]) {
        expect(probe.httpGet).toEqual({ path: process.health, port: 'http' });
      }
    }
  });

  it('sets every production variable, and only variables the services know', () => {
    const portal = Object.keys(containerEnv('backlay-portal'));
    const casino = Object.keys(containerEnv('backlay-casino'));
    expect(portal).toEqual(expect.arrayContaining([...PRODUCTION_PORTAL_ENV]));
    expect(casino).toEqual(expect.arrayContaining([...PRODUCTION_CASINO_ENV]));
    const known = { portal: portalEnvKeys(), casino: casinoEnvKeys() };
    for (const name of portal) expect(known.portal).toContain(name);
    for (const name of casino) expect(known.casino).toContain(name);
  });

  it('gives values the services accept, with the example Secret', () => {
    const portal = parsePortalEnv(containerEnv('backlay-portal'));
    expect(portal.ok ? 'ok' : portal.message).toBe('ok');
    expect(portal.ok && portal.env.NODE_ENV).toBe('production');
    const casino = parseCasinoEnv(containerEnv('backlay-casino'));
    expect(casino.ok ? 'ok' : casino.message).toBe('ok');
  });

  it('runs two portals that a drain cannot both take, as a user other than root', () => {
    expect(deployment('backlay-portal').spec.replicas).toBe(2);
    const budget = byName<{ spec: { minAvailable: number } }>('PodDisruptionBudget', 'backlay-portal');
    expect(budget.spec.minAvailable).toBe(1);
    for (const name of ['backlay-portal', 'backlay-casino']) {
      expect(deployment(name).spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(container(name).securityContext.allowPrivilegeEscalation).toBe(false);
      expect(Object.keys(container(name).resources.requests).sort()).toEqual(['cpu', 'memory']);
    }
  });

  it('keeps WebSockets open longer than nginx’s default minute', () => {
    const sockets = byName<{
      metadata: { annotations: Record<string, string> };
      spec: { rules: { http: { paths: { path: string }[] } }[] };
    }>('Ingress', 'backlay-websockets');
    expect(sockets.spec.rules[0]!.http.paths.map(({ path }) => path)).toEqual(['/ws']);
    for (const timeout of ['proxy-read-timeout', 'proxy-send-timeout']) {
      expect(Number(sockets.metadata.annotations[`nginx.ingress.kubernetes.io/${timeout}`])).toBeGreaterThan(
        60,
      );
    }
  });

  it('routes to Services whose ports are the processes’ defaults', () => {
    const service = (name: string) =>
      byName<{ spec: { ports: { name: string; port: number }[] } }>('Service', name);
    expect(service('backlay-portal').spec.ports[0]!.port).toBe(PORTAL.defaultPort);
    expect(service('backlay-casino').spec.ports[0]!.port).toBe(CASINO.defaultPort);
  });

  it('keeps each player on one portal pod by their routing key, callbacks included', () => {
    type IngressObject = {
      metadata: { annotations?: Record<string, string> };
      spec: {
        rules: { host: string; http: { paths: { backend: { service: { name: string } } }[] } }[];
      };
    };
    const ingresses = objects
      .filter(({ object }) => object.kind === 'Ingress')
      .map(({ object }) => object as unknown as IngressObject);
    const toPortal = ingresses.filter((ingress) =>
      ingress.spec.rules.some((rule) =>
        rule.http.paths.some((path) => path.backend.service.name === 'backlay-portal'),
      ),
    );
    expect(toPortal).toHaveLength(2);
    // nginx's variables: the header a request carries the key in, or the address parameter a socket does.
    const header = `$http_${ROUTING_KEY_HEADER.toLowerCase().replaceAll('-', '_')}`;
    for (const ingress of toPortal) {
      expect(ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/upstream-hash-by']).toBe(
        `${header}$arg_${ROUTING_KEY_PARAM}`,
      );
    }
    // The aggregator's wallet callbacks come through the ingress, with the key it sends beside them.
    const portalHosts = toPortal.flatMap((ingress) => ingress.spec.rules.map((rule) => rule.host));
    expect(portalHosts).toContain(new URL(containerEnv('backlay-casino').PORTAL_URL!).host);
  });
});
