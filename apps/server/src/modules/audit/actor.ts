import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth/index.ts';
import type { AuditActor } from './audit-repo.ts';

/** The staff member behind a console request, with the address it came from. */
export function actorOf(request: FastifyRequest): AuditActor {
  const user = requireUser(request);
  return { id: user.id, email: user.email, role: user.staff_role ?? user.role, address: request.ip };
}

/** The admin command line, run on the server by whoever can run it. */
export const COMMAND_LINE: AuditActor = { id: null, email: 'command-line', role: 'owner', address: 'local' };
