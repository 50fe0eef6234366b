import { z } from 'zod';

/** Balance socket (docs/decisions/0016): `/ws/balance?userId=<id>`; the client's first message carries its token. */
export const balanceSocketHelloSchema = z.object({ token: z.string().min(1) });
export type BalanceSocketHello = z.infer<typeof balanceSocketHelloSchema>;

/** The server refuses the socket (bad token, another user's id…) and then closes it. */
export const balanceSocketErrorSchema = z.object({ error: z.string() });

/** A balance update in major units (the socket is the one place money travels as a number). */
export const balanceSocketPriceSchema = z.object({
  price: z.literal(true),
  money: z.number().finite(),
  exposure: z.number().finite().optional(),
});
export type BalanceSocketPrice = z.infer<typeof balanceSocketPriceSchema>;

export const balanceSocketMessageSchema = z.union([balanceSocketErrorSchema, balanceSocketPriceSchema]);
export type BalanceSocketMessage = z.infer<typeof balanceSocketMessageSchema>;
