import { CodeBlock } from '../CodeBlock';
import { ExternalLink } from '../ExternalLink';
import { Prose, Section } from '../Section';
import type { SiteFacts } from '../useSite';
import { API_PATH } from './apiParams';
import { citationText } from './apiSnippets';

/** Licence and citation, bulk downloads and test links. */
export function ApiDataset({ site }: { site: SiteFacts }) {
  const base = `${site.siteUrl}${API_PATH}`;
  const downloads = [
    { href: `${base}/dump.jsonl.gz`, label: 'Bulk dump (gzipped JSONL)', path: `${API_PATH}/dump.jsonl.gz` },
    { href: `${site.siteUrl}/api/v1/croissant.json`, label: 'Croissant dataset description', path: '/api/v1/croissant.json' },
    { href: `${site.siteUrl}/api/openapi.json`, label: 'OpenAPI description', path: '/api/openapi.json' },
  ];
  const tests = [
    { href: `${base}?format=json&limit=5`, label: 'JSON, 5 records' },
    { href: `${base}?format=csv&limit=10`, label: 'CSV, 10 records' },
    { href: `${base}?format=rss`, label: 'RSS feed' },
  ];

  return (
    <>
      <Section id="dataset-licence" title="Dataset licence and citation">
        <Prose>
          <p>
            The dataset is published under the{' '}
            <ExternalLink href="https://creativecommons.org/licenses/by/4.0/">
              Creative Commons Attribution 4.0 (CC BY 4.0)
            </ExternalLink>{' '}
            licence. Individual works may carry their own licence, given in each record&apos;s <code>license</code> field, and that
            licence applies to the work. If you use the dataset, cite it as follows:
          </p>
        </Prose>
        <CodeBlock
          label="Required citation"
          code={citationText(site.siteName, site.siteUrl)}
          copiedDescription="Dataset citation copied to clipboard"
        />
      </Section>

      <Section id="bulk-downloads" title="Bulk downloads and descriptions">
        <ul className="space-y-2">
          {downloads.map((item) => (
            <li key={item.path}>
              <ExternalLink href={item.href}>{item.label}</ExternalLink>{' '}
              <code className="break-all text-sm text-muted-foreground">{item.path}</code>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="opt-out-set" title="AI training consent and the opt-out set">
        <Prose>
          <p>
            Training is reserved unless the artist ticked &lsquo;Allow AI training&rsquo; (<code>permissions.allow_ai_training</code>).
            Every image, proof page and download of a work says so in the vocabularies crawlers read: the W3C TDMRep headers{' '}
            <code>tdm-reservation</code> and <code>tdm-policy</code> (and the same HTML meta tags),{' '}
            <code>Content-Usage: train-ai=n</code> or <code>train-ai=y</code>, and <code>X-Robots-Tag: noai, noimageai</code> on
            reserved works. The site-wide rules are in{' '}
            <ExternalLink href={`${site.siteUrl}/.well-known/tdmrep.json`}>/.well-known/tdmrep.json</ExternalLink>; the JSON-LD of a
            proof page carries IPTC <code>plus:DataMining</code>, and the JSON export the CAWG training-and-data-mining assertion.
          </p>
          <p>
            To filter a training set without an API key, download the opt-out set:{' '}
            <ExternalLink href={`${site.siteUrl}/opt-out/v1/full.csv`}>/opt-out/v1/full.csv</ExternalLink> lists the SHA-256 and
            perceptual hash (<code>registry_id,sha256,phash,registered_at</code>) of every public work whose artist reserved training.
            <code> /opt-out/v1/delta/YYYY-MM-DD.csv</code> lists the reserved works registered that UTC day, for a daily top-up; deltas
            only add, so fetch the full file now and then to drop works that were deleted. The full file and <code>tdmrep.json</code>{' '}
            are rebuilt at most once an hour, today&apos;s delta at most once a minute; until then a new work is reserved by its own
            headers. Both answer <code>If-None-Match</code> with 304 while unchanged. The repository&apos;s{' '}
            <code>examples/opt-out-filter.mjs</code> checks a folder of images or a list of hashes against the set.
          </p>
        </Prose>
        <CodeBlock
          label="Filter a folder of images"
          code={`node examples/opt-out-filter.mjs --site ${site.siteUrl} ./images`}
          copiedDescription="Command copied to clipboard"
        />
      </Section>

      <Section id="test-links" title="Try it">
        <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {tests.map((test) => (
            <li key={test.href} className="rounded-card border border-border px-4 py-3">
              <ExternalLink href={test.href}>{test.label}</ExternalLink>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
