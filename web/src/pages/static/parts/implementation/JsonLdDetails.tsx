import { ExternalLink } from '../ExternalLink';
import { CodeBlock } from '../CodeBlock';
import { exampleJsonLd } from '../codeExamples';
import { Prose, Section } from '../Section';
import type { SiteFacts } from '../useSite';

const COMPONENTS: Array<[string, string]> = [
  ['Claim clarity', 'a clear title, a specific prompt, the tool named, and the story behind the work.'],
  ['Source depth', 'how many different verification resources and profile links support the claim.'],
  [
    'Verification logic',
    'a new image hash, no earlier near-duplicate by someone else, metadata consistent with the claim, a verified e-mail.',
  ],
  ['Temporal context', 'the registration time in the transparency log, and embedded creation times earlier than the submission.'],
  ['Mesh linkage', 'other works by the same artist, shared profile links and co-author credits.'],
];

export function JsonLdDetails({ site }: { site: SiteFacts }) {
  return (
    <Section
      id="json-ld"
      title="JSON-LD details"
      intro={
        <p>
          JSON-LD is structured data that search engines and dataset builders read. Every proof page already serves schema.org
          VisualArtwork JSON-LD to crawlers; add the same to your own page to link the two.
        </p>
      }
    >
      <h3 className="text-xl font-semibold">Framework components</h3>
      <p className="mt-2 max-w-3xl text-muted-foreground">
        The trust score (0-100) in the proof export is the sum of five dimensions, each computed by the server:
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {COMPONENTS.map(([name, text]) => (
          <div key={name} className="rounded-card border border-border p-4">
            <dt className="font-semibold">{name}</dt>
            <dd className="mt-1 text-sm text-muted-foreground">{text}</dd>
          </div>
        ))}
      </dl>
      <CodeBlock
        label="JSON-LD example (VisualArtwork)"
        code={exampleJsonLd(site)}
        copiedDescription="JSON-LD example copied to clipboard"
      />

      <h3 className="mt-8 text-xl font-semibold">Benefits</h3>
      <div className="mt-2">
        <Prose>
          <ul>
            <li>Search engines understand the page as an artwork with a named creator, date and licence.</li>
            <li>Your page and its proof page point to each other, so the provenance travels with the image.</li>
            <li>Dataset builders can read the licence and identifier without scraping text.</li>
          </ul>
        </Prose>
      </div>

      <h3 className="mt-8 text-xl font-semibold">Testing</h3>
      <ul className="mt-3 space-y-2">
        <li>
          <ExternalLink href="https://search.google.com/test/rich-results">Google Rich Results Test</ExternalLink>{' '}
          <span className="text-muted-foreground">checks that Google can fetch your page and read its structured data.</span>
        </li>
        <li>
          <ExternalLink href="https://validator.schema.org/">Schema.org validator</ExternalLink>{' '}
          <span className="text-muted-foreground">checks the VisualArtwork markup field by field.</span>
        </li>
      </ul>
    </Section>
  );
}
