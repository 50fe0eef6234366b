import { describe, expect, it } from 'vitest';
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { routeErrorMessage } from './route-error.ts';

describe('routeErrorMessage', () => {
  it('shows status and status text for an error response', () => {
    expect(routeErrorMessage(new ErrorResponse(400, 'Bad Request', null))).toBe('400 Bad Request');
    expect(routeErrorMessage(new ErrorResponse(404, 'Not Found', null))).toBe('404 Not Found');
  });

  it('shows the message of a thrown error', () => {
    expect(routeErrorMessage(new Error('kaput'))).toBe('kaput');
    expect(routeErrorMessage('plain')).toBe('plain');
  });
});
