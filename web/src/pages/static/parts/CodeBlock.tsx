import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { copyWithToast } from './copy';

interface CodeBlockProps {
  /** Visible caption, also used to name the copy button for screen readers. */
  label: string;
  code: string;
  /** Toast description after a successful copy, e.g. 'WordPress PHP snippet copied to clipboard'. */
  copiedDescription: string;
}

/** A scrollable code sample with a copy button. */
export function CodeBlock({ label, code, copiedDescription }: CodeBlockProps) {
  const [copied, setCopied] = useState(false);

  async function onCopy() {
    if (await copyWithToast(code, copiedDescription)) {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    }
  }

  return (
    <figure className="my-4 overflow-hidden rounded-card border border-border bg-slate-950">
      <figcaption className="flex items-center justify-between gap-2 border-b border-slate-700 bg-slate-900 px-3 py-2 text-sm text-slate-100">
        <span className="min-w-0 truncate font-medium">{label}</span>
        <button
          type="button"
          onClick={onCopy}
          className="inline-flex shrink-0 items-center gap-1 rounded-md bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-900 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {copied ? <Check aria-hidden="true" className="size-3.5" /> : <Copy aria-hidden="true" className="size-3.5" />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only"> {label}</span>
        </button>
      </figcaption>
      {/* tabIndex lets keyboard users scroll long lines (axe: scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        className="max-h-[28rem] overflow-auto p-4 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-white sm:text-sm"
      >
        <code className="font-mono">{code}</code>
      </pre>
    </figure>
  );
}
