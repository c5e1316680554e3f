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
