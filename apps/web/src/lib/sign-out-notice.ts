/**
 * Words for the login page when the portal itself signed the player out (a self-exclusion). Kept in
 * memory, not in session storage, which sign-out clears; the login page is in the entry chunk, so
 * this module stays free of imports.
 */
let notice: string | null = null;

export function leaveSignOutNotice(text: string | null): void {
  notice = text;
}

export function readSignOutNotice(): string | null {
  return notice;
}

export function clearSignOutNotice(): void {
  notice = null;
}
