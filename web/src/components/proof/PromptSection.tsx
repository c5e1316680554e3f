// 'Original Prompt' (docs/product.md §2): the prompt with a copy button and its semantic tokens when the
// artist made it public; otherwise only the notice that it is private, and no tokens, so the
// prompt's words cannot leak (decision 0017). The artist's story follows when there is one.
import { Lock, MessageSquareText } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { NO_PROMPT_TEXT, SEMANTIC_TOKENS } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { Badge } from '../ui/Badge';
import { CopyButton } from '../ledger/CopyButton';
import { ProofCard } from './ProofCard';

export const PRIVATE_PROMPT_TITLE = 'Prompt kept private by artist';

/** A work registered without a prompt stores 'No prompt provided': there is nothing to copy. */
function hasPromptText(prompt: string | null): prompt is string {
  return prompt !== null && prompt.trim() !== '' && prompt.trim() !== NO_PROMPT_TEXT;
}

export function PromptSection({ work }: { work: PublicWork }) {
  const isPublic = work.prompt_visibility === 'public' && work.prompt !== null;
  const copyable = isPublic && hasPromptText(work.prompt);
  const tokens = isPublic ? work.semantic_tokens.slice(0, SEMANTIC_TOKENS.shown) : [];
  return (
    <ProofCard
      title="Original Prompt"
      icon={MessageSquareText}
      action={
        copyable && (
          <CopyButton
            text={work.prompt ?? ''}
            label="Copy prompt"
            successTitle={MESSAGES.promptCopied.title}
            successDescription={MESSAGES.promptCopied.description}
          >
            Copy prompt
          </CopyButton>
        )
      }
    >
      {copyable ? (
        <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-4 text-sm leading-relaxed">{work.prompt}</p>
      ) : isPublic ? (
        <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">{NO_PROMPT_TEXT}</p>
      ) : (
        <div className="flex items-start gap-3 rounded-md border border-border bg-muted p-4 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <div>
            <p className="font-semibold">{PRIVATE_PROMPT_TITLE}</p>
            <p className="text-muted-foreground">
              The artist registered the prompt but chose not to publish it. It is kept out of this page, the exports and the public
              API; the rest of the record can still be checked.
            </p>
          </div>
        </div>
      )}

      {tokens.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Semantic tokens</h3>
          <ul aria-label="Semantic tokens" className="flex flex-wrap gap-1.5">
            {tokens.map((token) => (
              <li key={token}>
                <Badge variant="secondary" className="font-normal">
                  {token}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      )}

      {work.story_context && (
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Story and context</h3>
          <p className="whitespace-pre-wrap break-words text-sm">{work.story_context}</p>
        </div>
      )}
    </ProofCard>
  );
}
