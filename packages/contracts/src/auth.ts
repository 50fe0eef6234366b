import { z } from 'zod';

export const emailSchema = z.string().trim().toLowerCase().max(254).email();

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** An agent signs in to the console and sees its own subtree of the network (docs/decisions/0287). */
export const roleSchema = z.enum(['player', 'operator', 'agent']);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.string(),
  unique_code: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** A staff member's role (docs/decisions/0236); absent for players. */
  staffRole: z.enum(['owner', 'trader', 'support', 'viewer']).optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  user: userSchema,
  access_token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** What `/api/me` adds for an agent: its place in the network. */
export const agentProfileSchema = z.object({
  id: z.string(),
  level: z.number().int(),
  sharePercent: z.number(),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;

export const meResponseSchema = z.object({ user: userSchema, agent: agentProfileSchema.optional() });
export type MeResponse = z.infer<typeof meResponseSchema>;
