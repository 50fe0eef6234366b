import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../paths.ts';
import { clearSession } from './session.ts';
import { leaveSignOutNotice } from './sign-out-notice.ts';

/**
 * Ends the session in the browser the one way sign-out does: session storage and the query cache
 * cleared, then the login page. A notice (why the portal signed the player out) is left first, so
 * the login page that shows in place the moment the token is gone already has it.
 */
export function useEndSession(): (notice?: string) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (notice?: string) => {
      leaveSignOutNotice(notice ?? null);
      clearSession();
      queryClient.clear();
      navigate(paths.login, { replace: true });
    },
    [navigate, queryClient],
  );
}
