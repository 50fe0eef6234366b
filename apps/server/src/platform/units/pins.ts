import { z } from 'zod';

/** An instance's name: what INSTANCE_NAME holds and UNIT_PIN refers to. */
export const instanceNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits or . _ -');

const PIN = /^([a-z][a-z-]*:[^\s,=]+)=([A-Za-z0-9._-]{1,64})$/;

/**
 * UNIT_PIN: `<unit id>=<instance name>` pairs separated by commas, e.g.
 * `market:1.234=portal-3,crash:main=portal-4` → unit id → instance name (docs/decisions/0309).
 */
export function parseUnitPins(text: string, context: z.RefinementCtx): Record<string, string> {
  const pins: Record<string, string> = {};
  if (text.trim() === '') return pins;
  for (const entry of text.split(',').map((part) => part.trim())) {
    const match = PIN.exec(entry);
    if (!match) {
      context.addIssue({
        code: 'custom',
        message: `"${entry}" is not <unit id>=<instance name>, e.g. market:1.234=portal-3`,
      });
      return z.NEVER;
    }
    pins[match[1]!] = match[2]!;
  }
  return pins;
}
