import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function`, which the portal's Content-Security-Policy
 * (`script-src 'self'`) forbids: the browser reports a violation even though zod falls back. zod reads
 * this setting when a schema is built, not when it parses, so it must be set before any schema exists;
 * the package index imports this module first. The server gets the same setting: for request-sized
 * objects the interpreted parsers cost microseconds.
 */
z.config({ jitless: true });
