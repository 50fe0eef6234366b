import { balanceSocketHelloSchema } from '@backlay/contracts';

/** Tokens are 48 characters (43 before routing keys); anything much longer is not one of ours. */
const MAX_TOKEN_CHARS = 200;

/** The token from a client's first message `{"token": "..."}`, or null when it is anything else. */
export function readToken(data: Buffer, isBinary: boolean, maxBytes: number): string | null {
  if (isBinary || data.length > maxBytes) return null;
  const json = parseJson(data);
  const parsed = balanceSocketHelloSchema.safeParse(json);
  return parsed.success && parsed.data.token.length <= MAX_TOKEN_CHARS ? parsed.data.token : null;
}

/** A later message as JSON, or undefined when it is not JSON (never a throw per frame). */
export function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

type ErrorWithCode = Error & { code?: string };

/**
 * Frames the protocol layer rejects (bad opcode, oversized, invalid UTF-8) and clients that vanish
 * are the client's problem, not the server's: worth one debug line, not an error with a stack.
 */
export function isClientFault(error: unknown): boolean {
  const code = (error as ErrorWithCode | undefined)?.code;
  return (
    typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE')
  );
}

type ErrorHandlerSocket = { terminate(): void };
type ErrorHandlerRequest = {
  log: { debug(object: object, message: string): void; error(object: object, message: string): void };
};

/** For @fastify/websocket's `errorHandler`: one debug line per client fault, an error otherwise. */
export function socketErrorHandler(onMalformed: () => void) {
  return (error: Error, socket: ErrorHandlerSocket, request: ErrorHandlerRequest): void => {
    if (isClientFault(error)) {
      onMalformed();
      request.log.debug(
        { code: (error as ErrorWithCode).code, reason: error.message },
        'socket frame refused',
      );
    } else {
      request.log.error({ err: error }, 'socket handler failed');
    }
    socket.terminate();
  };
}
