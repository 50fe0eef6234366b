import { ROUTING_KEY_HEADER, ROUTING_KEY_PARAM } from '@backlay/contracts';

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
   * How the HTTP backend picks an instance: `player` (the default), which keeps each player on one
   * instance, or `leastconn` (bench:scale measures what the first saves).
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

const HEADER = ROUTING_KEY_HEADER.toLowerCase();
const UNSET = '!{ var(txn.route) -m found }';

// A healthy instance, or a running one that cannot reach the database or whose workers back off
// after it was away (the body /healthz answers: status, service, database, workers, in that order).
const UP_OR_DATABASE_AWAY = String.raw`"status":"ok"|"service":"running","database":\{"ok":(false|true.*"state":"backoff")`;

/**
 * Each player's requests, sockets and casino wallet callbacks to one instance, by a consistent hash of
 * their routing key (docs/decisions/0306): the slot every token minted for them starts with, up to the
 * first `.`. Read from the bearer token, then a Betfair API session (`X-Authentication`), then the key
 * the portal's clients send beside them (`X-Routing-Key`, which is all a signed-out page sends), then a
 * socket's address (a browser's upgrade carries no token), then the launch token in a wallet callback's
 * body. A token minted before slots has no `.`, so it is hashed whole; a request with none of these
 * goes round robin. Losing an instance moves only its own players (`hash-type consistent`). Correctness
 * never depends on it: only how often an instance finds what it remembers of a player still true.
 */
const PLAYER_AFFINITY = [
  '  http-request wait-for-body time 1s if { path_beg /api/wallet/ }',
  '  http-request set-var(txn.route) http_auth_bearer,field(1,.) if { http_auth_bearer -m found }',
  `  http-request set-var(txn.route) req.hdr(x-authentication),field(1,.) if ${UNSET} { req.hdr(x-authentication) -m found }`,
  `  http-request set-var(txn.route) req.hdr(${HEADER}) if ${UNSET} { req.hdr(${HEADER}) -m found }`,
  `  http-request set-var(txn.route) url_param(${ROUTING_KEY_PARAM}) if ${UNSET} { url_param(${ROUTING_KEY_PARAM}) -m found }`,
  `  http-request set-var(txn.route) req.body,json_query('$.token'),field(1,.) if ${UNSET} { path_beg /api/wallet/ }`,
  '  balance hash var(txn.route)',
  '  hash-type consistent',
];

/**
 * HAProxy's configuration for the cluster. Any instance answers any request (units are forwarded to
 * their owners); each player is kept on one (PLAYER_AFFINITY) unless `leastconn`. Health checks every
 * second take a stopping instance (its /healthz answers 503 while it drains) or a dead one out within
 * about two seconds; a refused connection is retried on another instance, so a killed instance costs
 * only the requests it had already accepted; nothing that reached an instance is retried, since a bet
 * might then be placed twice. WebSockets upgrade through the HTTP frontend and stay open for an hour of
 * silence (`timeout tunnel`). The trading stream passes TLS through unread, so it cannot see a token:
 * least connections.
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
    ...(config.balance === 'leastconn' ? ['  balance leastconn'] : PLAYER_AFFINITY),
    `  option httpchk GET ${config.health}`,
    config.keepWhileDatabaseAway
      ? `  http-check expect rstring '${UP_OR_DATABASE_AWAY}'`
      : '  http-check expect status 200',
    '  retry-on conn-failure',
    // The most points each on the consistent-hash ring: with the default weight's few, players spread
    // unevenly (of four instances, one held nearly twice the players of another).
    ...servers((backend) => backend.httpPort, 'check inter 1s fall 2 rise 2 weight 256'),
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
