import { z } from 'zod';
import { operatorReasonSchema } from './admin-settlement.ts';

/**
 * App keys of the trading API (docs/decisions/0255): a player's programs send one as `X-Application`
 * (the stream: `appKey`). A player holds at most MAX_APP_KEYS live keys.
 */
export const MAX_APP_KEYS = 10;
export const MAX_APP_KEY_NAME_CHARS = 60;

/** `POST /api/me/app-keys`: a name the player recognises the key by. */
export const createAppKeyRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(MAX_APP_KEY_NAME_CHARS),
});
export type CreateAppKeyRequest = z.infer<typeof createAppKeyRequestSchema>;

export const appKeySchema = z.object({
  appKey: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type AppKey = z.infer<typeof appKeySchema>;

/** `GET /api/me/app-keys`: the live keys, newest first (revoked keys are not listed). */
export const appKeysResponseSchema = z.object({ items: z.array(appKeySchema) });
export type AppKeysResponse = z.infer<typeof appKeysResponseSchema>;

export const appKeyParamsSchema = z.strictObject({ appKey: z.string().min(1).max(64) });

/** `POST /api/admin/players/:id/api-access`: turn a player's trading API on or off, with the reason. */
export const apiAccessRequestSchema = z.strictObject({
  enabled: z.boolean(),
  reason: operatorReasonSchema,
});
export type ApiAccessRequest = z.infer<typeof apiAccessRequestSchema>;
export const apiAccessResponseSchema = z.object({ playerId: z.string(), enabled: z.boolean() });
export type ApiAccessResponse = z.infer<typeof apiAccessResponseSchema>;
