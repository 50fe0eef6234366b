import type { Callers } from '../callers.ts';
import { StreamFailure, type StreamRequest } from './protocol.ts';

export type StreamCaller = { playerId: string; session: string; appKey: string };

/**
 * The caller an `authentication` request names by its app key and session, or the refusal the stream
 * answers: NO_APP_KEY, INVALID_APP_KEY, NO_SESSION, INVALID_SESSION_INFORMATION, as the API's.
 */
export async function authenticatedCaller(
  callers: Pick<Callers, 'resolve'>,
  request: StreamRequest,
): Promise<StreamCaller> {
  const appKey = typeof request.appKey === 'string' ? request.appKey : undefined;
  const session = typeof request.session === 'string' ? request.session : undefined;
  const headers = {
    ...(appKey ? { 'x-application': appKey } : {}),
    ...(session ? { 'x-authentication': session } : {}),
  };
  const caller = await callers.resolve(headers);
  if ('errorCode' in caller)
    throw new StreamFailure(caller.errorCode as StreamFailure['code'], caller.message, true);
  return { playerId: caller.playerId, session: caller.sessionToken, appKey: appKey! };
}
