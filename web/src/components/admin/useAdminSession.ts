// The admin session as the pages see it. The session itself lives on the server (HttpOnly
// cookie, decision 0014); on page load we ask GET /api/admin/session whether it is still valid,
// and a 401 from there or from any later admin call means "logged out".
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AdminProfile, AdminSessionResponse } from '#core/admin-api-types';
import { ApiError } from '../../lib/api';
import { adminApi, adminKeys } from './adminApi';

export type AdminSessionState =
  | { status: 'loading'; admin: null }
  | { status: 'logged-out'; admin: null }
  // Password accepted, a second factor must enrol or confirm (decision 0068).
  | { status: 'second-factor'; admin: null; session: AdminSessionResponse }
  | { status: 'logged-in'; admin: AdminProfile };

async function fetchSession(): Promise<AdminSessionResponse | null> {
  try {
    return await adminApi.session();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

export function useAdminSession(): AdminSessionState & {
  login: (email: string, password: string) => Promise<AdminProfile>;
  logout: () => Promise<void>;
  /** After a second-factor step changed the session: asks the server again. */
  refresh: () => Promise<void>;
} {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.session,
    queryFn: fetchSession,
    // Checked once per page load (and again after login/logout), not on every navigation.
    staleTime: Infinity,
    retry: false,
  });

  const login = useCallback(
    async (email: string, password: string) => {
      const session = await adminApi.login(email, password);
      queryClient.setQueryData(adminKeys.session, session);
      return session.admin;
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await adminApi.logout();
    } finally {
      // Whatever the server said, this tab no longer shows admin data. The session entry is
      // set rather than removed, so the pages observing it switch to "logged out".
      queryClient.setQueryData(adminKeys.session, null);
      queryClient.removeQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
    }
  }, [queryClient]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.session });
  }, [queryClient]);

  const state: AdminSessionState = query.data
    ? query.data.stage === 'signed_in'
      ? { status: 'logged-in', admin: query.data.admin }
      : { status: 'second-factor', admin: null, session: query.data }
    : query.isPending
      ? { status: 'loading', admin: null }
      : { status: 'logged-out', admin: null };
  return { ...state, login, logout, refresh };
}

/** Call when an admin request answers 401: the session expired or was revoked elsewhere. */
export function useSessionExpiredHandler(): (error: unknown) => boolean {
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      queryClient.setQueryData(adminKeys.session, null);
      return true;
    },
    [queryClient],
  );
}
