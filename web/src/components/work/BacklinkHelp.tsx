// How to prove a link (issue 33): the markup to put on the page and a button to copy it, then the
// way to have it checked again: the manage page's "Check again", or, on a receipt (which holds no
// manage capability), where to find that button.
import { useState, type ReactNode } from 'react';
import { MESSAGES } from '#core/messages';
import { Button } from '../ui/Button';

interface BacklinkHelpProps {
  /** The id of the explanation, which names the snippet for assistive technology. */
  id: string;
  /** The markup to copy (core/api/link-proofs.ts backlinkSnippet). */
  backlink: string;
  /** Shown beside the copy button: "Check again", or a link to where it is. */
  actions: ReactNode;
  /** Shown under the buttons. */
  note?: ReactNode;
}

export function BacklinkHelp({ id, backlink, actions, note }: BacklinkHelpProps) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard.writeText(backlink);
    setCopied(true);
  }
  return (
    <div className="grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p id={id}>{MESSAGES.backlinkHelp.description}</p>
      <code aria-labelledby={id} className="block break-all rounded bg-background p-2 text-xs">
        {backlink}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? 'Copied' : MESSAGES.backlinkHelp.title}
        </Button>
        {actions}
      </div>
      {note}
    </div>
  );
}
