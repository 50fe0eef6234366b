import { isRouteErrorResponse } from 'react-router';

export const ROUTE_ERROR_TITLE = 'Unexpected Application Error!';

/** The same wording as the router's default error page: "<status> <statusText>" or the message. */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : JSON.stringify(error);
}
