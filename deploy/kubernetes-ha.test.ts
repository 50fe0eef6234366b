import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseEnv as parsePortalEnv } from '../apps/server/src/env.ts';
import {
  KUBERNETES_HA_DIR,
  KUBERNETES_MODELS,
  kubernetesFiles,
  kubernetesObjects,
  readRepoFile,
  type KubernetesObject,
} from './manifests.ts';

type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string }; fieldRef?: { fieldPath: string } };
};
type Container = {
  name: string;
  image: string;
  args?: string[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: { exec?: { command: string[] } };
  securityContext: { allowPrivilegeEscalation: boolean };
};
type PodSpec = {
  containers: Container[];
  securityContext: { runAsNonRoot: boolean; runAsUser: number; fsGroupChangePolicy?: string };
  affinity?: {
    podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { topologyKey: string }[] };
  };
};
type Workload = KubernetesObject & {
  spec: { replicas: number; serviceName?: string; template: { spec: PodSpec } };
};
type ServiceObject = KubernetesObject & {
  spec: { clusterIP?: string; publishNotReadyAddresses?: boolean; ports: { port: number }[] };
};

const kustomization = parse(readFileSync(join(KUBERNETES_HA_DIR, 'kustomization.yaml'), 'utf8')) as {
  resources: string[];
  patches: { path: string }[];
  images: { name: string }[];
};
const manifests = kustomization.resources.filter((resource) => resource.endsWith('.yaml'));
const objects = kubernetesObjects(manifests, KUBERNETES_HA_DIR);
const byName = <T>(kind: string, name: string) =>
  objects.find(({ object }) => object.kind === kind && object.metadata.name === name)?.object as T;
const workload = (kind: string, name: string) => byName<Workload>(kind, name).spec;
const container = (kind: string, name: string) => workload(kind, name).template.spec.containers[0]!;
const configMap = byName<{ data: Record<string, string> }>('ConfigMap', 'backlay-postgres-ha').data;
const exampleSecret = kubernetesObjects(['secret.example.yaml'], KUBERNETES_HA_DIR)[0]!.object as unknown as {
  metadata: { name: string };
  stringData: Record<string, string>;
};
const patch = kubernetesObjects(
  kustomization.patches.map(({ path }) => path),
  KUBERNETES_HA_DIR,
)[0]!.object as unknown as Workload;
const pods = objects
  .filter(({ object }) => object.kind === 'StatefulSet' || object.kind === 'Deployment')
  .map(({ object }) => object as Workload);
const flag = (args: string[] | undefined, name: string) => args?.[args.indexOf(name) + 1];

describe('deploy/kubernetes-ha', () => {
  it('is valid by the Kubernetes schemas', () => {
    const example = { file: 'secret.example.yaml', object: exampleSecret as unknown as KubernetesObject };
    for (const { file, object } of [...objects, example]) {
      const Model = KUBERNETES_MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${file}: ${object.kind}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), file).not.toThrow();
    }
  });

  it('adds every manifest but the example Secret and the portal patch to deploy/kubernetes', () => {
    expect(kustomization.resources[0]).toBe('../kubernetes');
    const own = kubernetesFiles(KUBERNETES_HA_DIR).filter(
      (file) => !['kustomization.yaml', 'secret.example.yaml', 'portal-database.yaml'].includes(file),
    );
    expect([...manifests].sort()).toEqual(own);
    expect(kustomization.patches).toEqual([{ path: 'portal-database.yaml' }]);
    expect(kustomization.images.map(({ name }) => name)).toEqual(['backlay-postgres-ha']);
    for (const pod of pods) expect(pod.spec.template.spec.containers[0]!.image).toBe('backlay-postgres-ha');
  });

  it('runs a monitor, ready once decision 0303’s timings are set', () => {
    expect(workload('StatefulSet', 'backlay-pg-monitor').replicas).toBe(1);
    const monitor = container('StatefulSet', 'backlay-pg-monitor');
    expect(monitor.args).toEqual(['monitor']);
    expect(monitor.readinessProbe?.exec?.command).toEqual(['pg-ha', 'monitor-ready']);
    expect(configMap.PG_HA_MONITOR_HOST).toBe('backlay-pg-monitor');
    expect(byName<ServiceObject>('Service', configMap.PG_HA_MONITOR_HOST!).spec.ports[0]!.port).toBe(5432);
  });

  it('runs two data nodes with a synchronous standby, on different machines, each named by its pod', () => {
    const nodes = workload('StatefulSet', 'backlay-pg');
    expect(nodes.replicas).toBe(2);
    const node = nodes.template.spec.containers[0]!;
    expect(node.args?.[0]).toBe('node');
    expect(flag(node.args, '--replication-quorum')).toBe('true');
    expect(Number(flag(node.args, '--candidate-priority'))).toBeGreaterThan(0);
    expect(flag(node.args, '--name')).toBe('$(POD_NAME)');
    const hostname = node.env!.find(({ name }) => name === 'PG_HA_HOSTNAME')?.value;
    expect(hostname).toBe(`$(POD_NAME).${nodes.serviceName}`);
    // Headless, so each pod's own name resolves, before it is ready too.
    const headless = byName<ServiceObject>('Service', nodes.serviceName!).spec;
    expect(headless).toMatchObject({ clusterIP: 'None', publishNotReadyAddresses: true });
    const antiAffinity =
      nodes.template.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    expect(antiAffinity?.[0]?.topologyKey).toBe('kubernetes.io/hostname');
  });

  it('runs PgBouncer, in transaction mode, as the portals’ DATABASE_URL and DATABASE_READ_URL', () => {
    expect(workload('Deployment', 'backlay-pgbouncer').replicas).toBeGreaterThanOrEqual(1);
    expect(container('Deployment', 'backlay-pgbouncer').args).toEqual(['pgbouncer']);
    expect(readRepoFile('deploy/postgres-ha/pgbouncer.ini')).toMatch(/^pool_mode = transaction$/m);
    const service = byName<ServiceObject>('Service', 'backlay-pgbouncer').spec;
    // The patch adds these to the portal container of deploy/kubernetes, over backlay-secrets' DATABASE_URL.
    expect(patch.metadata.name).toBe('backlay-portal');
    const portal = patch.spec.template.spec.containers[0]!;
    expect(portal.name).toBe('portal');
    const fromSecret = Object.fromEntries(
      portal.env!.map(({ name, valueFrom }) => [
        name,
        exampleSecret.stringData[valueFrom!.secretKeyRef!.key]!,
      ]),
    );
    const url = new URL(fromSecret.DATABASE_URL!);
    expect(url.host).toBe(`backlay-pgbouncer:${service.ports[0]!.port}`);
    expect(url.pathname).toBe(`/${configMap.POSTGRES_DB}`);
    expect(url.username).toBe(configMap.POSTGRES_USER);
    expect(url.password).toBe(exampleSecret.stringData.POSTGRES_PASSWORD);
    expect(new URL(fromSecret.DATABASE_READ_URL!).pathname).toBe(`/${configMap.POSTGRES_DB}_read`);
    const parsed = parsePortalEnv({ NODE_ENV: 'development', ...fromSecret });
    expect(parsed.ok ? 'ok' : parsed.message).toBe('ok');
  });

  it('keeps every password in the Secret, which is committed only as an example', () => {
    expect(exampleSecret.metadata.name).toBe('backlay-postgres-ha');
    expect(manifests).not.toContain('secret.example.yaml');
    for (const value of Object.values(exampleSecret.stringData)) expect(value).toContain('change-me');
    expect(Object.keys(configMap).filter((key) => /PASSWORD|URL/.test(key))).toEqual([]);
    const containers = [...pods, patch].flatMap((pod) => pod.spec.template.spec.containers);
    for (const { env = [] } of containers) {
      for (const variable of env.filter(({ name }) => /PASSWORD|DATABASE_/.test(name))) {
        expect(variable.value, variable.name).toBeUndefined();
        expect(variable.valueFrom?.secretKeyRef?.name).toBe('backlay-postgres-ha');
        expect(exampleSecret.stringData).toHaveProperty(variable.valueFrom!.secretKeyRef!.key);
      }
    }
  });

  it('runs as the image’s postgres user, and keeps PGDATA closed to the volume’s group', () => {
    const uid = /--uid (\d+)/.exec(readRepoFile('deploy/postgres-ha.Dockerfile'))![1];
    for (const pod of pods) {
      const { securityContext, containers } = pod.spec.template.spec;
      expect(securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: Number(uid) });
      expect(containers[0]!.securityContext.allowPrivilegeEscalation).toBe(false);
      if (pod.kind === 'StatefulSet') expect(securityContext.fsGroupChangePolicy).toBe('OnRootMismatch');
    }
  });
});
