import { z } from 'zod';

export const emailSchema = z.string().trim().toLowerCase().max(254).email();

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleSchema = z.enum(['player', 'operator']);
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

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
