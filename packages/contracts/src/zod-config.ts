import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function`, which the portal's Content-Security-Policy
 * (`script-src 'self'`) forbids: the browser reports a violation even though zod falls back. zod reads
 * this setting when a schema is built, not when it parses, so it must be set before any schema exists;
 * the package index imports this module first. Node has no such policy, and there the compiled parsers
 * halve what a bet's body and answer cost to check (docs/decisions/0312), so only the browser is jitless.
 */
const onNode =
  typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';
z.config({ jitless: !onNode });
