import { errorResponseSchema } from '@backlay/contracts';

/** The rejections a table or crash route may answer, each with the one error body (docs/decisions/0014). */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/** A bet route's answers: the bet with 201 when placed now, with 200 when a clientRef replays it. */
export const placedBetResponses = <Schema>(bet: Schema) => ({ 200: bet, 201: bet, ...errorResponses });

/** Answers a placed bet as `placedBetResponses` says: 201 for a new bet, 200 for a replay. */
export function placedBetReply<Bet>(
  reply: { code(status: number): unknown },
  answer: { bet: Bet; replayed: boolean },
): { bet: Bet } {
  reply.code(answer.replayed ? 200 : 201);
  return { bet: answer.bet };
}
