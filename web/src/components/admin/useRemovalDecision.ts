// Approve or deny a removal request (docs/product.md §4): only pending requests, notes required. Approving
// also soft-deletes the linked work on the server, so every admin list is refreshed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemovalDecision } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { toastSuccess } from '../../lib/toast';
import { adminApi, adminKeys } from './adminApi';
import { toastAdminError } from './adminErrors';
import { useSessionExpiredHandler } from './useAdminSession';

export function useRemovalDecision() {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  return useMutation({
    mutationFn: ({ id, decision, notes }: { id: string; decision: RemovalDecision; notes: string }) =>
      adminApi.decideRemovalRequest(id, decision, notes),
    onSuccess: async (_result, { decision }) => {
      const done = decision === 'approved' ? MESSAGES.requestApproved : MESSAGES.requestDenied;
      toastSuccess(done.title, done.description);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all, predicate: (q) => q.queryKey[1] !== 'session' });
    },
    onError: (error) => {
      onSessionExpired(error);
      toastAdminError(error, MESSAGES.processRequestFailed);
    },
  });
}
