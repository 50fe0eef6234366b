import { errorResponses } from '../../platform/error-responses.ts';

/** The rejections a table or crash route may answer, each with the one error body (docs/decisions/0014). */
export const tableErrors = errorResponses(400, 401, 404, 409, 422, 503);

/** A bet route's answers: the bet with 201 when placed now, with 200 when a clientRef replays it. */
export const placedBetResponses = <Schema>(bet: Schema) => ({ 200: bet, 201: bet, ...tableErrors });

/** Answers a placed bet as `placedBetResponses` says: 201 for a new bet, 200 for a replay. */
export function placedBetReply<Bet>(
  reply: { code(status: number): unknown },
  answer: { bet: Bet; replayed: boolean },
): { bet: Bet } {
  reply.code(answer.replayed ? 200 : 201);
  return { bet: answer.bet };
}
