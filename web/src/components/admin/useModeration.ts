// Moderation steps on one work (decision 0005): remove (soft delete), restore, purge. Each
// shows the spec's toast, and refreshes every admin list, since a step moves the work between
// the dashboard, the deleted records and the audit log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type MessagePair } from '#core/messages';
import { toastSuccess } from '../../lib/toast';
import { adminApi, adminKeys } from './adminApi';
import { toastAdminError } from './adminErrors';
import { useSessionExpiredHandler } from './useAdminSession';

/** Purge has no wording in the spec; these follow the remove/restore pattern. */
export const PURGE_MESSAGES = {
  done: { title: 'Submission purged', description: 'Images and personal data were erased; a tombstone remains.' },
  failed: { title: 'Error purging submission', description: 'Failed to purge the submission.' },
} satisfies Record<string, MessagePair>;

export function useAdminMutation<V>(run: (vars: V) => Promise<unknown>, done: MessagePair, failed: MessagePair) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      toastSuccess(done.title, done.description);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
    },
    onError: (error) => {
      onSessionExpired(error);
      toastAdminError(error, failed);
    },
  });
}

export function useRemoveSubmission() {
  return useAdminMutation(
    ({ ref, reason }: { ref: string; reason: string }) => adminApi.removeSubmission(ref, reason),
    MESSAGES.submissionRemoved,
    MESSAGES.removeFailed,
  );
}

export function useRestoreSubmission() {
  return useAdminMutation(
    ({ ref, reason }: { ref: string; reason?: string }) => adminApi.restoreSubmission(ref, reason),
    MESSAGES.submissionRestored,
    MESSAGES.restoreFailed,
  );
}

export function usePurgeSubmission() {
  return useAdminMutation(
    ({ ref, reason, confirm }: { ref: string; reason: string; confirm: string }) => adminApi.purgeSubmission(ref, reason, confirm),
    PURGE_MESSAGES.done,
    PURGE_MESSAGES.failed,
  );
}
