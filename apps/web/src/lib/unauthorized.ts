/**
 * Where a call rejected with 401 sends the player. The router registers it at start; it lives apart
 * from the API client so the login screen's script need not carry the client (docs/decisions/0210).
 */
let leaveForLogin: () => void = () => undefined;

/** The app registers how to leave for /login when a call is rejected with 401. */
export function setUnauthorizedHandler(handler: () => void): void {
  leaveForLogin = handler;
}

export function onUnauthorized(): void {
  leaveForLogin();
}
