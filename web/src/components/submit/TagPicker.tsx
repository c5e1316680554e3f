// The wizard's tags (decision 0021): 'AI Art' always first and fixed, the artist's own tags as
// removable chips, a text box for a new tag (Enter or comma adds it), and suggestions from the
// ledger's own vocabulary, most used first, narrowed by what is typed. Tags are shown in the form
// they are stored in ('Portrait' becomes 'portrait'), so what the ledger filter lists is what the
// artist saw here.
import { useQuery } from '@tanstack/react-query';
import { Lock, Plus, X } from 'lucide-react';
import { useId, useMemo, type KeyboardEvent, type Ref } from 'react';
import type { LedgerResponse } from '#core/api-types';
import { TAGS } from '#core/constants';
import { MESSAGES, type MessagePair } from '#core/messages';
import { isAlwaysTag, normaliseTag, TAG_PATTERN } from '#core/tags';
import { LEDGER_TAG_OPTIONS } from '#core/tools';
import { apiGet } from '../../lib/api';
import { Button } from '../ui/Button';
import { describedByWithError, FieldError, fieldErrorId } from '../ui/FieldError';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';

/** Suggestions shown at once; typing narrows them. */
const SUGGESTIONS_SHOWN = 12;
/** The ledger's first page carries its tag counts; the ledger page asks for the same, so it is shared. */
const LEDGER_PATH = '/api/ledger';

/** The check of one typed tag, as the server makes it (core/schemas.ts tagsSchema). */
export function tagProblem(text: string): MessagePair | null {
  if (text.trim().length > TAGS.maxLength) return MESSAGES.tagTooLong;
  const tag = normaliseTag(text);
  if (tag && !TAG_PATTERN.test(tag)) return MESSAGES.tagInvalid;
  return null;
}

/** The ledger's tags by use, then the spec's list; without 'AI Art' and the ones already chosen. */
function suggestionsFor(ledgerTags: LedgerResponse['tag_options'] | undefined, chosen: readonly string[], typed: string): string[] {
  const byUse = [...(ledgerTags ?? [])].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en')).map((o) => o.value);
  const vocabulary = [...new Set([...byUse, ...LEDGER_TAG_OPTIONS].map(normaliseTag))];
  const wanted = normaliseTag(typed);
  return vocabulary
    .filter((tag) => tag && !isAlwaysTag(tag) && !chosen.includes(tag) && (!wanted || tag.includes(wanted)))
    .slice(0, SUGGESTIONS_SHOWN);
}

export interface TagPickerProps {
  tags: readonly string[];
  input: string;
  onChange: (change: { tags?: string[]; tag_input?: string }) => void;
  /** A problem found by the wizard's step check, or by adding a tag. */
  error?: string;
  onError: (message: MessagePair | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function TagPicker({ tags, input, onChange, error, onError, inputRef }: TagPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const { data } = useQuery({
    queryKey: ['ledger', LEDGER_PATH],
    queryFn: ({ signal }) => apiGet<LedgerResponse>(LEDGER_PATH, { signal }),
  });
  const suggestions = useMemo(() => suggestionsFor(data?.tag_options, tags, input), [data?.tag_options, tags, input]);
  // 'AI Art' counts towards the limit.
  const room = TAGS.max - 1 - tags.length;

  /** Adds the typed text (several tags when it holds commas); false when it was refused. */
  const add = (text: string): boolean => {
    const parts = text.split(/[,;]/).filter((part) => normaliseTag(part) !== '');
    for (const part of parts) {
      const problem = tagProblem(part);
      if (problem) {
        onError(problem);
        return false;
      }
    }
    const next = [...tags];
    for (const tag of parts.map(normaliseTag)) if (!isAlwaysTag(tag) && !next.includes(tag)) next.push(tag);
    if (next.length > TAGS.max - 1) {
      onError(MESSAGES.tooManyTags);
      return false;
    }
    onError(null);
    onChange({ tags: next, tag_input: '' });
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter on an empty box goes on to the next step, as in every other field.
    if ((event.key === 'Enter' && input.trim()) || event.key === ',') {
      event.preventDefault();
      add(input);
    }
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium">
        Tags <span className="font-normal text-muted-foreground">(optional)</span>
      </legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        &lsquo;{TAGS.always}&rsquo; is always included. Add up to {TAGS.max - 1} more: pick a suggestion, or type your own and press
        Enter. People find your work by these in the ledger.
      </p>

      <ul aria-label="Your tags" className="flex flex-wrap gap-2">
        <li className="inline-flex items-center gap-1.5 rounded-full border border-border bg-muted px-3 py-1 text-sm font-medium">
          <Lock aria-hidden="true" className="h-3.5 w-3.5 text-muted-foreground" />
          {TAGS.always}
          <span className="sr-only"> (always included)</span>
        </li>
        {tags.map((tag) => (
          <li
            key={tag}
            className="inline-flex items-center gap-1 rounded-full border border-primary bg-secondary py-0.5 pl-3 pr-1 text-sm font-medium text-secondary-foreground"
          >
            {tag}
            <button
              type="button"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onChange({ tags: tags.filter((t) => t !== tag) })}
              className="rounded-full p-1.5 hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </li>
        ))}
      </ul>

      {room > 0 ? (
        <>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Add a tag</Label>
            <div className="flex gap-2">
              <Input
                id={inputId}
                ref={inputRef}
                value={input}
                maxLength={TAGS.maxLength * 2}
                autoComplete="off"
                placeholder="e.g. portrait"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedByWithError(inputId, Boolean(error), hintId)}
                onKeyDown={onKeyDown}
                onChange={(e) => {
                  onError(null);
                  onChange({ tag_input: e.target.value });
                }}
              />
              <Button variant="outline" className="shrink-0" onClick={() => add(input)} disabled={!input.trim()}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Add tag
              </Button>
            </div>
            <FieldError id={fieldErrorId(inputId)} message={error} />
          </div>
          {suggestions.length > 0 && (
            <div className="grid gap-2">
              <p id={`${id}-suggestions`} className="text-sm text-muted-foreground">
                Suggestions from the ledger
              </p>
              <ul aria-labelledby={`${id}-suggestions`} className="flex flex-wrap gap-2">
                {suggestions.map((tag) => (
                  <li key={tag}>
                    <button
                      type="button"
                      aria-label={`Add tag ${tag}`}
                      onClick={() => add(tag)}
                      className="inline-flex items-center gap-1 rounded-full border border-dashed border-input px-3 py-1 text-sm hover:border-primary hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <Plus aria-hidden="true" className="h-3.5 w-3.5" />
                      {tag}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="text-sm" aria-live="polite">
            Your work has {TAGS.max} tags, the most it can have. Remove one to add another.
          </p>
          <FieldError id={fieldErrorId(inputId)} message={error} />
        </>
      )}
    </fieldset>
  );
}
