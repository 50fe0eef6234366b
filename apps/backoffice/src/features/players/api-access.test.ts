import { describe, expect, it } from 'vitest';
import { apiAccessDone, apiAccessSwitch, apiAccessText } from './api-access.ts';

describe('apiAccessText', () => {
  it('says on or off with the live keys, one key in the singular', () => {
    expect(apiAccessText({ enabled: true, liveKeys: 0 })).toBe('On (0 keys)');
    expect(apiAccessText({ enabled: true, liveKeys: 1 })).toBe('On (1 key)');
    expect(apiAccessText({ enabled: false, liveKeys: 3 })).toBe('Off (3 keys)');
  });
});

describe('apiAccessSwitch', () => {
  it('turns access off when on, and on when off, naming the direction in the reason', () => {
    expect(apiAccessSwitch(true)).toMatchObject({ enabled: false, button: 'Turn trading API off' });
    expect(apiAccessSwitch(true).reasonLabel).toMatch(/off$/);
    expect(apiAccessSwitch(false)).toMatchObject({ enabled: true, button: 'Turn trading API on' });
    expect(apiAccessSwitch(false).reasonLabel).toMatch(/on$/);
  });

  it('tells the operator the state the server switched to', () => {
    expect(apiAccessDone(false)).toMatch(/^Trading API off/);
    expect(apiAccessDone(true)).toMatch(/^Trading API on/);
  });
});
