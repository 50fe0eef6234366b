/**
 * How each process of the system starts, in every way it is run: `npm run cluster`, the container image,
 * deploy/compose.yaml and deploy/kubernetes. One list, so the ways cannot drift apart (checked by
 * deploy/*.test.ts).
 */
export type ProcessSpec = {
  /** The command, run from the repository's root (the image's working directory). */
  command: readonly string[];
  defaultPort: number;
  health: string;
};

export const PORTAL: ProcessSpec = {
  command: ['node', '--import', 'tsx', 'apps/server/src/server.ts'],
  defaultPort: 8080,
  health: '/healthz',
};

export const CASINO: ProcessSpec = {
  command: ['node', '--import', 'tsx', 'apps/casino/src/server.ts'],
  defaultPort: 8081,
  health: '/healthz',
};

/** Variables an operator must set for a production portal (docs/operations.md, "Run in production"). */
export const PRODUCTION_PORTAL_ENV = [
  'NODE_ENV',
  'DATABASE_URL',
  'REDIS_URL',
  'TRUST_PROXY',
  'METRICS_TOKEN',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'CASINO_URL',
  'CASINO_OPERATOR_KEY',
  'CASINO_WALLET_SECRET',
  'DEMO_DATA',
] as const;

/** … and for the casino aggregator, which calls the portal's wallet back at PORTAL_URL. */
export const PRODUCTION_CASINO_ENV = ['PORTAL_URL', 'CASINO_OPERATOR_KEY', 'CASINO_WALLET_SECRET'] as const;
