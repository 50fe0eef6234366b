import { isIP } from 'node:net';
import { z } from 'zod';

// The names Fastify's proxy-addr understands besides addresses and CIDR blocks.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one TRUST_PROXY entry is unusable, or undefined when Fastify can use it. */
export function proxyEntryProblem(entry: string): string | undefined {
  if (RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) {
    return `"${entry}" is not an IP address, a CIDR block (10.0.0.0/8) or loopback/linklocal/uniquelocal`;
  }
  if (prefix === undefined) return undefined;
  const maxBits = version === 4 ? 32 : 128;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= maxBits ? undefined : `"${entry}" has a prefix outside 0–${maxBits}`;
}

/**
 * TRUST_PROXY: the proxies (comma-separated addresses or CIDR blocks) whose X-Forwarded-Proto and
 * X-Forwarded-For the portal believes (docs/decisions/0045). Unset: none, so no client can claim TLS.
 */
export const trustProxySchema = z
  .string()
  .optional()
  .transform((text) =>
    (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .superRefine((entries, ctx) => {
    for (const entry of entries) {
      const problem = proxyEntryProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  });

/** Fastify's `trustProxy` option: false (trust nobody) or the list. */
export const trustProxyOption = (entries: readonly string[]): false | string[] =>
  entries.length === 0 ? false : [...entries];
