import { describe, expect, it } from 'vitest';
import { clearSignOutNotice, leaveSignOutNotice, readSignOutNotice } from './sign-out-notice.ts';

describe('sign-out notice', () => {
  it('keeps the words for the login page until they are cleared', () => {
    expect(readSignOutNotice()).toBeNull();
    leaveSignOutNotice('You have excluded yourself from play.');
    expect(readSignOutNotice()).toBe('You have excluded yourself from play.');
    expect(readSignOutNotice()).toBe('You have excluded yourself from play.');
    clearSignOutNotice();
    expect(readSignOutNotice()).toBeNull();
  });
});
