// /confirm-email?token=… — the page the registration's confirmation e-mail opens (decision 0053).
import { proofPath } from '#core/ids';
import { MESSAGES } from '#core/messages';
import { ConfirmByButton } from '../components/confirm/ConfirmByButton';

export default function ConfirmEmailPage() {
  return (
    <ConfirmByButton
      page={MESSAGES.emailConfirmPage}
      button={MESSAGES.emailConfirmButton}
      endpoint="/api/submissions/verify-email"
      next={(id) => `${proofPath(id)}?email=verified`}
    />
  );
}
