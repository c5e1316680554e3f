// /watch/confirm?token=… — the page a watch's confirmation e-mail opens (decision 0053).
import { BellRing } from 'lucide-react';
import { proofPath } from '#core/ids';
import { MESSAGES } from '#core/messages';
import { ConfirmByButton } from '../components/confirm/ConfirmByButton';

export default function WatchConfirmPage() {
  return (
    <ConfirmByButton
      page={MESSAGES.watchConfirmPage}
      button={MESSAGES.watchConfirmButton}
      endpoint="/api/watch/confirm"
      next={(id) => `${proofPath(id)}?watch=confirmed`}
      icon={BellRing}
    />
  );
}
