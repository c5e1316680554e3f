import {
  LEDGER_ADDITIONS_SERVED_EVERY_MS,
  LEDGER_EXACT_TOTAL_CAP,
  LEDGER_LIST_STALE_SECONDS,
  LEDGER_NOTICE_BOUND_SECONDS,
} from '#core/constants';
import { CodeBlock } from '../CodeBlock';
import { Prose, Section } from '../Section';
import type { SiteFacts } from '../useSite';
import { exampleCalls, javascriptSnippet, pythonSnippet, responseSample } from './apiSnippets';

/** Example calls, the response sample, usage guidelines and client snippets. */
export function ApiUsage({ site }: { site: SiteFacts }) {
  return (
    <>
      <Section id="example-calls" title="Example calls">
        <CodeBlock
          label="Example calls (curl)"
          code={exampleCalls(site.siteUrl)}
          copiedDescription="Example API calls copied to clipboard"
        />
      </Section>

      <Section
        id="response-sample"
        title="JSON response sample"
        intro={<p>The prompt appears only when include_prompts=true and the artist made it public.</p>}
      >
        <CodeBlock
          label="JSON response"
          code={responseSample(site.siteUrl)}
          copiedDescription="JSON response sample copied to clipboard"
        />
      </Section>

      <Section id="usage-guidelines" title="Usage guidelines">
        <Prose>
          <ul>
            <li>
              Rate limit: <strong>1000 requests per hour per IP address</strong>. Every response carries <code>RateLimit-Limit</code>,{' '}
              <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> headers.
            </li>
            <li>
              Over the limit the API answers <code>429 Too Many Requests</code> with a <code>Retry-After</code> header: wait that many
              seconds before the next call.
            </li>
            <li>
              Responses are cached for up to 5 minutes and carry an <code>ETag</code> header, so polling more often than that brings
              nothing new.
            </li>
            <li>
              The server builds each answer from the current ledger: a removed or hidden work leaves every answer, and a new work shows
              on a first page (no <code>offset</code> or <code>cursor</code>), normally within {LEDGER_ADDITIONS_SERVED_EVERY_MS} ms
              and always within {LEDGER_NOTICE_BOUND_SECONDS} second. A later page may show the ledger as it was up to{' '}
              {LEDGER_LIST_STALE_SECONDS} seconds before.
            </li>
            <li>
              <code>metadata.total_entries</code> is exact up to {LEDGER_EXACT_TOTAL_CAP.toLocaleString('en-US')} entries; above that
              it is an estimate and <code>metadata.total_exact</code> is <code>false</code>.
            </li>
            <li>For a full copy use the bulk dump below rather than paging through the whole ledger.</li>
            <li>
              Respect each work&apos;s <code>permissions</code> and <code>license</code>, and use <code>training_allowed=true</code>{' '}
              when collecting training data.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="hash-lookups" title="Looking up hashes and C2PA soft bindings">
        <Prose>
          <p>
            <code>POST /api/lookup/batch</code> takes up to 10,000 SHA-256 or perceptual hashes in one JSON request and answers, in the
            same order, the public works each one matches. The C2PA Soft Binding Resolution API lives under <code>/api/c2pa/v1</code> (
            <code>services/supportedAlgorithms</code>, <code>matches/byBinding</code>, <code>matches/byContent</code>): its matches
            name public works by registry ID. <code>manifests/{'{id}'}</code> answers with the C2PA manifest store the registered
            original carried (<code>application/c2pa</code>), or 404 when it carried none.
          </p>
        </Prose>
      </Section>

      <Section id="code-snippets" title="Python and JavaScript">
        <h3 className="text-xl font-semibold">Python</h3>
        <CodeBlock
          label="Python (requests)"
          code={pythonSnippet(site.siteUrl)}
          copiedDescription="Python snippet copied to clipboard"
        />
        <h3 className="mt-8 text-xl font-semibold">JavaScript</h3>
        <CodeBlock
          label="JavaScript (fetch)"
          code={javascriptSnippet(site.siteUrl)}
          copiedDescription="JavaScript snippet copied to clipboard"
        />
      </Section>
    </>
  );
}
