import { EMBED_BADGE_SCRIPT_PATH, EMBED_BADGE_TAG, embedBadgeSnippet } from '#core/embed-badge';
import { CodeBlock } from '../CodeBlock';
import { htmlExamplePage } from '../codeExamples';
import { EXAMPLE_REGISTRY_ID, liveBadgeUrl, verifyUrl } from '../examples';
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
      <h3 className="mt-8 text-lg font-semibold">Live badge element</h3>
      <p className="mt-2 text-muted-foreground">
        Instead of the image, a page can show the badge as an element: it displays the current status and trust score as text, shows
        the title, artist and Registry ID when a visitor hovers over it or reaches it with the keyboard, and links to the proof page.
        Load the script once per page and add one <code className={code}>&lt;{EMBED_BADGE_TAG}&gt;</code> per work. It sets no cookies
        and sends none. If your site has a Content-Security-Policy, allow <code className={code}>{site.siteUrl}</code> in{' '}
        <code className={code}>script-src</code> (for <code className={code}>{EMBED_BADGE_SCRIPT_PATH}</code>) and in{' '}
        <code className={code}>connect-src</code> (for the status it reads); it needs no inline scripts or styles.
      </p>
      <CodeBlock
        label="Live badge element"
        code={embedBadgeSnippet(site.siteUrl, EXAMPLE_REGISTRY_ID)}
        copiedDescription="Badge element code copied to clipboard"
      />
    </Section>
  );
}
