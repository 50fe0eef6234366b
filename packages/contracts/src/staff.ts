import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema } from './ids.ts';

/**
 * The operator's staff (docs/decisions/0236): an owner does everything and manages staff; a trader runs
 * markets, risk and settlement; support serves players and the cash desk; a viewer reads.
 */
export const STAFF_ROLES = ['owner', 'trader', 'support', 'viewer'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * Which roles may do what: the server's console routes declare these sets, and the console leaves out
 * the controls a role could not use (the server decides).
 */
export const STAFF_ROLE_SETS = {
  /** Every staff role: what only reads. */
  read: STAFF_ROLES,
  /** Players, their money, status, bet lock and stake cap. */
  playerDesk: ['owner', 'support'],
  /** Events, markets, risk, settlement and bets. */
  trading: ['owner', 'trader'],
  /** Staff accounts. */
  staff: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffCapability = keyof typeof STAFF_ROLE_SETS;

export const staffSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  disabled: z.boolean(),
});
export type Staff = z.infer<typeof staffSchema>;

/** `POST /api/admin/staff` (owner only). */
export const createStaffRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(8, 'Password must be at least 8 characters long.').max(200),
  name: z.string().trim().min(1, 'Name is required.').max(80),
  role: staffRoleSchema,
});
export const staffResponseSchema = z.object({ staff: staffSchema });
export const staffListSchema = z.object({ items: z.array(staffSchema) });

/** `PATCH /api/admin/staff/:id` (owner only): a new role, or disabled (signed out everywhere). */
export const updateStaffRequestSchema = z
  .strictObject({ role: staffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.disabled !== undefined, 'Give a role or disabled.');

/** `GET /api/admin/audit`: newest first, paged by `next`. */
export const auditQuerySchema = z.strictObject({
  actor: idSchema.optional(),
  action: z.string().trim().min(1).max(80).optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'cursor must be the `next` of a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string(), role: z.string() }),
  address: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), next: z.string().nullable() });
