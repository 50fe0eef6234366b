import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';

/** Reading the deployment files for their checks: what the portal and casino know, what the files set. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DEPLOY_DIR = join(REPO_ROOT, 'deploy');
export const KUBERNETES_DIR = join(DEPLOY_DIR, 'kubernetes');
/** The overlay for highly available PostgreSQL (kustomize refuses an overlay inside its base's folder). */
export const KUBERNETES_HA_DIR = join(DEPLOY_DIR, 'kubernetes-ha');

export const readRepoFile = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** The variables an env schema declares: the top-level keys of its `const envSchema = z.object({…})`. */
function schemaKeys(path: string): Set<string> {
  const schema = /^const envSchema = z\.object\(\{$([\s\S]*?)^\}\);$/m.exec(readRepoFile(path))?.[1] ?? '';
  return new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!));
}

export const portalEnvKeys = () => schemaKeys('apps/server/src/env.ts');
export const casinoEnvKeys = () => schemaKeys('apps/casino/src/env.ts');

/** `KEY=value` lines, comments and blank lines skipped. */
export function parseDotEnv(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const equals = line.indexOf('=');
      return [line.slice(0, equals), line.slice(equals + 1)] as const;
    });
  return Object.fromEntries(entries);
}

const INTERPOLATION = /\$\{([A-Z_][A-Z0-9_]*)(?::([?-])([^}]*))?\}/g;

/** The variables a compose file interpolates, and whether each has a `:?` (required) marker. */
export function interpolatedVariables(text: string): Map<string, { required: boolean }> {
  const found = new Map<string, { required: boolean }>();
  for (const [, name, marker] of text.matchAll(INTERPOLATION)) {
    const required = marker === '?' || found.get(name!)?.required === true;
    found.set(name!, { required });
  }
  return found;
}

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?message}`, from the given values. */
export function interpolate(text: string, values: Record<string, string>): string {
  return text.replace(INTERPOLATION, (_whole, name: string, marker?: string, rest?: string) => {
    const value = values[name];
    if (value !== undefined && value !== '') return value;
    if (marker === '-') return rest ?? '';
    throw new Error(`${name} is not set`);
  });
}

export type ComposeService = {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  image?: string;
  profiles?: string[];
  build?: { context: string; dockerfile: string };
};
export type ComposeFile = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };

export const composeText = (file = 'compose.yaml') => readRepoFile(`deploy/${file}`);

/** Compose's `!override` tag, kept as a marker for the merge: that mapping replaces the base's whole. */
const OVERRIDE = '!override';
const overrideTag = {
  tag: OVERRIDE,
  collection: 'map' as const,
  resolve: (map: { toJSON(): unknown }) => ({ [OVERRIDE]: map.toJSON() }),
};
const isMapping = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * An override file merged onto its base as Compose merges them: mappings key by key, any other value (a
 * scalar, a sequence) replaced, a mapping tagged `!override` replaced whole. Compose merges a few
 * sequences (volumes, ports) by their targets instead; deploy/compose.ha.yaml sets none the base has.
 */
export function mergeCompose(base: unknown, override: unknown): unknown {
  if (isMapping(override) && OVERRIDE in override) return override[OVERRIDE];
  if (!isMapping(override)) return override;
  const merged: Record<string, unknown> = isMapping(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(override)) merged[key] = mergeCompose(merged[key], value);
  return merged;
}

/** Interpolates every string in a parsed YAML value, as Compose does after parsing. */
function interpolateStrings(value: unknown, values: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateStrings(item, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateStrings(item, values)]),
    );
  }
  return value;
}

/**
 * deploy/compose.yaml, with the given override files of deploy/ merged onto it, as Compose reads them:
 * merge keys applied, variables from deploy/.env.example.
 */
export function composeFile(...overrides: string[]): ComposeFile {
  const values = parseDotEnv(readRepoFile('deploy/.env.example'));
  const parsed = ['compose.yaml', ...overrides].map((file) =>
    parse(composeText(file), { merge: true, customTags: [overrideTag] }),
  );
  return interpolateStrings(parsed.reduce(mergeCompose), values) as ComposeFile;
}

export type KubernetesObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [field: string]: unknown;
};

/** The models of kubernetes-models: each validates its object against the Kubernetes OpenAPI schema. */
export const KUBERNETES_MODELS: Record<string, new (object: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

export const kubernetesFiles = (dir = KUBERNETES_DIR) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();

/** Every document of every manifest (kustomize's own file is none); a YAML error fails loudly. */
export function kubernetesObjects(
  files = kubernetesFiles().filter((file) => file !== 'kustomization.yaml'),
  dir = KUBERNETES_DIR,
): { file: string; object: KubernetesObject }[] {
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return { file, object: document.toJS() as KubernetesObject };
    }),
  );
}
