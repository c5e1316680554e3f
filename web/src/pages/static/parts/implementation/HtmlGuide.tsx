import { CodeBlock } from '../CodeBlock';
import { htmlExamplePage } from '../codeExamples';
import { liveBadgeUrl, verifyUrl } from '../examples';
import { Section } from '../Section';
import type { SiteFacts } from '../useSite';
import { Steps } from './Steps';

const code = 'break-all rounded bg-muted px-1 font-mono text-[0.9em]';

export function HtmlGuide({ site }: { site: SiteFacts }) {
  return (
    <Section
      id="html"
      title="HTML website"
      intro={<p>Any static page or site builder that accepts custom HTML can carry the badge and the JSON-LD.</p>}
    >
      <Steps
        steps={[
          <>
            Replace the example Registry ID in the code with yours. The badge link points to{' '}
            <code className={code}>{verifyUrl(site, '{ID}')}</code>.
          </>,
          <>
            The badge image is <code className={code}>{liveBadgeUrl(site, '{ID}')}</code>: a live SVG that always shows the work&apos;s
            current status.
          </>,
          <>
            Download the JSON-LD from your proof page and paste it into the{' '}
            <code className={code}>&lt;script type=&quot;application/ld+json&quot;&gt;</code> block in the page head.
          </>,
        ]}
      />
      <CodeBlock
        label="Full HTML example page"
        code={htmlExamplePage(site)}
        copiedDescription="HTML example page copied to clipboard"
      />
    </Section>
  );
}
