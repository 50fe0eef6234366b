/** One portal instance as the balancer sees it. */
export type Backend = { name: string; httpPort: number; streamPort: number };

export type BalancerConfig = {
  /** The cluster's public HTTP port (PORT). */
  httpPort: number;
  /** The trading stream's public TLS port, passed through to the instances; 0: none. */
  streamPort: number;
  backends: readonly Backend[];
  /** The instances' health path (deploy/processes.ts). */
  health: string;
  /**
   * How the HTTP backend picks an instance: `leastconn` (the default), or `player`, which keeps each
   * player on one instance (bench:scale measures what that saves).
   */
  balance?: 'leastconn' | 'player';
  /**
   * Keeps an instance in while only the shared database is away (its /healthz answers 503 with the
   * database down, or its workers backing off after it, but the service running), so each request gets the instance's own 503
   * DATABASE_UNAVAILABLE during a failover rather than the balancer's "no server" page: taking every
   * instance out gains nothing when they all share the one database. Stopping instances still leave.
   */
  keepWhileDatabaseAway?: boolean;
};

// A healthy instance, or a running one that cannot reach the database or whose workers back off
// after it was away (the body /healthz answers: status, service, database, workers, in that order).
const UP_OR_DATABASE_AWAY = String.raw`"status":"ok"|"service":"running","database":\{"ok":(false|true.*"state":"backoff")`;

/**
 * Each player's requests to one instance, by a consistent hash of their bearer token or, for the casino
 * aggregator's wallet callbacks, which carry none, of the session token in the JSON body (sign-ins, with
 * neither, are not pinned). Correctness never depends on it: only how often an instance finds what it
 * remembers of a player still true.
 */
const PLAYER_AFFINITY = [
  '  option http-buffer-request',
  '  http-request set-var(txn.player) req.hdr(authorization) if { req.hdr(authorization) -m found }',
  "  http-request set-var(txn.player) req.body,json_query('$.token') if !{ var(txn.player) -m found }",
  '  balance hash var(txn.player)',
  '  hash-type consistent',
];

/**
 * HAProxy's configuration for the cluster. No stickiness: any instance answers any request (units are
 * forwarded to their owners). Health checks every second take a stopping instance (its /healthz answers
 * 503 while it drains) or a dead one out within about two seconds; a refused connection is retried on
 * another instance, so a killed instance costs only the requests it had already accepted; nothing that
 * reached an instance is retried, since a bet might then be placed twice. WebSockets
 * upgrade through the HTTP frontend and stay open for an hour of silence (`timeout tunnel`).
 */
export function haproxyConfig(config: BalancerConfig): string {
  const servers = (port: (backend: Backend) => number, check: string) =>
    config.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${port(backend)} ${check}`);
  const lines = [
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  timeout client-fin 5s',
    '  retries 2',
    '  option redispatch 1',
    '',
    'frontend portal',
    '  mode http',
    `  bind 127.0.0.1:${config.httpPort}`,
    '  option forwardfor',
    '  default_backend portals',
    '',
    'backend portals',
    '  mode http',
    ...(config.balance === 'player' ? PLAYER_AFFINITY : ['  balance leastconn']),
    `  option httpchk GET ${config.health}`,
    config.keepWhileDatabaseAway
      ? `  http-check expect rstring '${UP_OR_DATABASE_AWAY}'`
      : '  http-check expect status 200',
    '  retry-on conn-failure',
    ...servers((backend) => backend.httpPort, 'check inter 1s fall 2 rise 2'),
  ];
  if (config.streamPort > 0) {
    lines.push(
      '',
      'frontend trading-stream',
      '  mode tcp',
      `  bind 127.0.0.1:${config.streamPort}`,
      '  default_backend trading-streams',
      '',
      'backend trading-streams',
      '  mode tcp',
      '  balance leastconn',
      ...servers((backend) => backend.streamPort, 'check inter 1s fall 2 rise 2'),
    );
  }
  return `${lines.join('\n')}\n`;
}
