// One admin list query (dashboard, removal requests, deleted records, audit log): runs only
// while logged in, keeps the previous page on screen while the next one loads, turns a 401
// into "logged out" and reports any other failure once with the page's spec message.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MessagePair } from '#core/messages';
import { adminErrorMessage, toastAdminError } from './adminErrors';
import { useSessionExpiredHandler } from './useAdminSession';

export function useAdminList<T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  failure: MessagePair,
  /** Reloads on its own this often (the job queue changes without the admin doing anything). */
  refetchIntervalMs?: number,
) {
  const onSessionExpired = useSessionExpiredHandler();
  const query = useQuery({
    queryKey,
    queryFn,
    placeholderData: keepPreviousData,
    staleTime: 0,
    ...(refetchIntervalMs !== undefined && { refetchInterval: refetchIntervalMs }),
  });
  const { error } = query;

  useEffect(() => {
    if (!error || onSessionExpired(error)) return;
    toastAdminError(error, failure);
    // `failure` is a constant per page; the toast fires once per failed fetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, onSessionExpired]);

  return { query, errorMessage: error ? adminErrorMessage(error, failure) : null };
}
