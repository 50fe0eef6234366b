import { HttpError } from '@backlay/rejections';

/** A deliberate 4xx/503 with a message the client may show; the error handler sends `{message, code}`. */
export { HttpError };

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'Please sign in.') => new HttpError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do this.') =>
  new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message: string) => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new HttpError(429, message, 'RATE_LIMITED', retryAfterSeconds);
export const serviceUnavailable = (message: string, code = 'UNAVAILABLE', retryAfterSeconds = 1) =>
  new HttpError(503, message, code, retryAfterSeconds);
