import { STAFF_ROLE_SETS, type StaffRole } from '@backlay/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import type { UserRow } from './users-repo.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff roles that may call an `/api/admin` route (docs/decisions/0236); every one declares them. */
    roles?: readonly StaffRole[];
    /**
     * Whether an agent may call the `/api/admin` route, scoped to its own subtree (docs/decisions/0287).
     * Deny by default: on any route without it an agent is answered 404, as if it did not exist.
     */
    agents?: boolean;
  }
}

/** Every staff role: routes that only read. */
export const ALL_STAFF: readonly StaffRole[] = STAFF_ROLE_SETS.read;
/** Players, their money and their status. */
export const PLAYER_DESK: readonly StaffRole[] = STAFF_ROLE_SETS.playerDesk;
/** Events, markets, risk and settlement. */
export const TRADING: readonly StaffRole[] = STAFF_ROLE_SETS.trading;
/** Staff accounts. */
export const OWNER_ONLY: readonly StaffRole[] = STAFF_ROLE_SETS.staff;

/**
 * Whether a stream socket's session is an agent's: the staff's topics and a player's own bets do not
 * exist for it, as closed console routes do not (docs/decisions/0299).
 */
export const isAgentSession = (session: { role: string }) => session.role === 'agent';

const isAdminRoute = (url: string | undefined) => url === '/api/admin' || !!url?.startsWith('/api/admin/');

/** Refuses at start a console route that names no roles, so none is open by omission. */
export function requireDeclaredRoles(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (isAdminRoute(route.url) && !route.config?.roles?.length)
      throw new Error(`${String(route.method)} ${route.url} declares no staff roles`);
  });
}

/**
 * Whether the signed-in user may call the matched route: any user outside the console; on an
 * `/api/admin` route only staff whose role the route names, and agents where the route opens to them.
 * Judged before the body is validated.
 */
export function staffRefusal(request: FastifyRequest, user: UserRow): HttpError | null {
  if (!isAdminRoute(request.routeOptions.url)) return null;
  if (user.role === 'agent')
    return request.routeOptions.config?.agents === true ? null : notFound('Not found.');
  if (user.role !== 'operator' || !user.staff_role) return forbidden('Only the operator may do this.');
  const roles = request.routeOptions.config?.roles ?? [];
  if (!roles.includes(user.staff_role))
    return forbidden(`A ${user.staff_role} may not do this; it needs the role ${roles.join(' or ')}.`);
  return null;
}
