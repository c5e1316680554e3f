// What went wrong with an e-mailed link's page (a token refused, the network down), as the server
// worded it: one box for every confirmation page.
import type { MessagePair } from '#core/messages';
import { MESSAGES } from '#core/messages';
import { ApiError, errorMessage } from '../../lib/api';

/** The server's title and words for a failed request, or the generic ones. */
export function problemOf(error: unknown): MessagePair {
  const title = error instanceof ApiError && error.title ? error.title : MESSAGES.unexpectedError.title;
  return { title, description: errorMessage(error) };
}

export function ProblemAlert({ problem }: { problem: MessagePair | null }) {
  if (!problem) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="font-semibold">{problem.title}</p>
      <p>{problem.description}</p>
    </div>
  );
}
