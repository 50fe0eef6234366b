import { z } from 'zod';

/**
 * The stream socket, `/ws/stream` (docs/decisions/0105): one authenticated socket per client for
 * markets, tables, crash, bets and scores. The first message is `{token}` (as on the balance socket);
 * the server answers `{ready: true}`, then the client subscribes by topic kind and id.
 */

/** A topic kind: lower-case letters, digits and dashes (`market`, `table`, `crash`, `bet`, `score`). */
export const streamKindSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9-]*$/, 'must be a topic kind');
/** Each kind validates its ids further; this only bounds what the server reads. */
export const streamTopicIdSchema = z.string().min(1).max(100);

export const streamSubscribeSchema = z.strictObject({
  sub: streamKindSchema,
  id: streamTopicIdSchema.optional(),
});
export type StreamSubscribe = z.infer<typeof streamSubscribeSchema>;

export const streamUnsubscribeSchema = z.strictObject({
  unsub: streamKindSchema,
  id: streamTopicIdSchema.optional(),
});
export type StreamUnsubscribe = z.infer<typeof streamUnsubscribeSchema>;

export const streamClientMessageSchema = z.union([streamSubscribeSchema, streamUnsubscribeSchema]);
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>;

/** Sent once the token is accepted: subscriptions sent before it are ignored. */
export const streamReadySchema = z.object({ ready: z.literal(true) });

/**
 * A topic's state (`snapshot: true`, sent at once on subscribe) or a change of it. Beside the envelope
 * (`type` and `kind` both name the topic kind) the payload is `data`, or the kind's own fields:
 * `{market}` for `market`, `{bet}` or `{bets}` for `bet`, `{eventId, status, inPlay, score}` for `score`. `seq` grows per topic;
 * the server never sends a message whose seq is not above the last one it sent for that topic, and a
 * slow reader may see seqs skipped (only the latest state per key is kept for it).
 */
export const streamDataSchema = z.looseObject({
  type: z.string().optional(),
  kind: z.string(),
  id: z.string().optional(),
  seq: z.number().int().nonnegative(),
  snapshot: z.literal(true).optional(),
  data: z.unknown().optional(),
});
export type StreamData = z.infer<typeof streamDataSchema>;

/** The answer to `{unsub}` (also when the socket did not follow that topic). */
export const streamUnsubscribedSchema = z.object({ unsubscribed: z.string(), id: z.string().optional() });

export const STREAM_ERROR_CODES = [
  'UNKNOWN_KIND',
  'BAD_ID',
  'TOO_MANY_SUBSCRIPTIONS',
  'ALREADY_SUBSCRIBED',
  'FORBIDDEN',
  'NOT_FOUND',
  'UNAVAILABLE',
] as const;
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];

/**
 * A refused subscription: the socket stays open. A refused socket (bad token, limits) gets `{error}`
 * without a code and is closed, as on the balance socket.
 */
export const streamErrorSchema = z.object({
  error: z.string(),
  code: z.enum(STREAM_ERROR_CODES).optional(),
  kind: z.string().optional(),
  id: z.string().optional(),
});
export type StreamError = z.infer<typeof streamErrorSchema>;

export const streamServerMessageSchema = z.union([
  streamReadySchema,
  streamDataSchema,
  streamUnsubscribedSchema,
  streamErrorSchema,
]);
export type StreamServerMessage = z.infer<typeof streamServerMessageSchema>;
