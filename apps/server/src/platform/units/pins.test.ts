import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';

const env = (values: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...values });

describe('UNIT_PIN and INSTANCE_NAME', () => {
  it('reads unit=instance pairs, none by default', () => {
    const parsed = env({ UNIT_PIN: 'market:tennis-1.match-odds=portal-3, crash:main=portal-4' });
    expect(parsed.ok && parsed.env.UNIT_PIN).toEqual({
      'market:tennis-1.match-odds': 'portal-3',
      'crash:main': 'portal-4',
    });
    const none = env({});
    expect(none.ok && none.env.UNIT_PIN).toEqual({});
  });

  it('refuses a pair without an instance or a unit kind, and a name with spaces, naming the variable', () => {
    for (const UNIT_PIN of ['market:1=', '1.234=portal-3', 'market:1=portal 3', 'market:1']) {
      const parsed = env({ UNIT_PIN });
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain('UNIT_PIN: ');
    }
    const named = env({ INSTANCE_NAME: 'portal 3' });
    expect(named.ok).toBe(false);
    if (!named.ok) expect(named.message).toContain('INSTANCE_NAME: must be 1 to 64');
  });
});
