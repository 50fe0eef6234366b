import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The browser talks only to this origin: the API, the sockets (CSP3 'self' covers ws/wss to the same
// host) and the SPA's files. It never calls the aggregator at CASINO_URL (the server does); a game
// launched there opens in the portal's frame page, so frame-src admits that one origin and no other
// (docs/decisions/0045). The portal itself may not be framed by anyone.
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "script-src-attr 'none'",
];

export interface SecurityOptions {
  /** Where the game pages the portal frames live (the aggregator's CASINO_URL); none: no frames. */
  frameOrigin?: string;
}

/** `'self'` alone when there is nothing to frame, so a frame of any other origin stays blocked. */
const frameSource = (frameOrigin?: string) =>
  frameOrigin ? `frame-src 'self' ${new URL(frameOrigin).origin}` : "frame-src 'self'";

/** The policy for one connection kind; upgrade-insecure-requests only over TLS (see cameOverTls). */
export function contentSecurityPolicy(options: SecurityOptions, tls: boolean): string {
  const directives = [...DIRECTIVES, frameSource(options.frameOrigin)];
  return (tls ? [...directives, 'upgrade-insecure-requests'] : directives).join('; ');
}

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * True when the browser reached us over TLS: on this socket, or through a proxy listed in TRUST_PROXY
 * (Fastify honours X-Forwarded-Proto only from those). Over plain http, HSTS and
 * upgrade-insecure-requests would make the browser refuse or rewrite every script request: a blank page.
 */
export const cameOverTls = (request: Pick<FastifyRequest, 'protocol'>) => request.protocol === 'https';

/** "/%61pi//X" → "/api/x": how a path reads after decoding, whatever the client's spelling. */
export function canonicalPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: judge the raw spelling.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

const underApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** By the matched route, or for an unmatched one (a 404) by how its path reads. */
const isApiRequest = (request: FastifyRequest) =>
  underApi(request.routeOptions.url ?? '') || underApi(canonicalPath(request.url));

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'public'`: the route's successful answers are the same for everyone and set their own
     * Cache-Control, so the API's `no-store` is not forced on them (docs/decisions/0118).
     */
    cache?: 'public';
  }
}

/**
 * Only a success from a route that opted in and set its own Cache-Control keeps it; its errors, and an
 * answer that forgot the header, stay `no-store`.
 */
const mayBeCached = (request: FastifyRequest, reply: FastifyReply) =>
  request.routeOptions.config?.cache === 'public' &&
  reply.statusCode < 400 &&
  reply.hasHeader('cache-control');

/**
 * The headers every answer carries whatever the connection: what Helmet's defaults set, minus the CSP
 * and HSTS (which depend on TLS, below) and the cross-origin embedder policy (the SPA embeds no
 * cross-origin documents). A constant set in one call per request: Helmet's chain of middlewares cost
 * more than any other hook on the casino wallet's callbacks (docs/decisions/0206).
 */
export const STATIC_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** Strict headers: scripts only from our origin, never inline; API answers are not cached unless opted in. */
export function registerSecurity(app: FastifyInstance, options: SecurityOptions = {}): void {
  const plainCsp = contentSecurityPolicy(options, false);
  const tlsCsp = contentSecurityPolicy(options, true);
  // Callback-style, as every hook that runs on each request: an async one costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const tls = cameOverTls(request);
    void reply.headers(STATIC_HEADERS);
    void reply.header('content-security-policy', tls ? tlsCsp : plainCsp);
    if (tls) void reply.header('strict-transport-security', HSTS);
    done();
  });
  // onSend, so it also covers 4xx/404 answers and files served under /api (the docs' assets).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiRequest(request) && !mayBeCached(request, reply)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
