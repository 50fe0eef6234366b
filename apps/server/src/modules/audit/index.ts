/** The append-only audit log of staff actions (docs/decisions/0236). */
export { actorOf, COMMAND_LINE } from './actor.ts';
export { recordAudit, type AuditActor, type AuditRecord } from './audit-repo.ts';
export { auditRoutes } from './routes.ts';
