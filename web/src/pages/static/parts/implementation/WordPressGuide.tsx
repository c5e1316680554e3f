import { CodeBlock } from '../CodeBlock';
import { wordpressPhp, WP_REGISTRY_FIELD, WP_STATUS_FIELD } from '../codeExamples';
import { EXAMPLE_REGISTRY_ID } from '../examples';
import { Section } from '../Section';
import type { SiteFacts } from '../useSite';
import { Steps } from './Steps';

const code = 'rounded bg-muted px-1 font-mono text-[0.9em]';

export function WordPressGuide({ site }: { site: SiteFacts }) {
  return (
    <Section
      id="wordpress"
      title="WordPress"
      intro={<p>Show the live badge under each registered artwork and add structured data to the page head.</p>}
    >
      <Steps
        steps={[
          <>
            Register your artwork and note its Registry ID from the proof page (for example{' '}
            <code className={code}>{EXAMPLE_REGISTRY_ID}</code>).
          </>,
          <>
            In the block editor, open <strong>Options → Preferences → Panels</strong> and switch on <strong>Custom fields</strong>.
          </>,
          <>
            On the post, add the custom field <code className={code}>{WP_REGISTRY_FIELD}</code> with your Registry ID, and{' '}
            <code className={code}>{WP_STATUS_FIELD}</code> with the status shown on your proof page (for example Verified).
          </>,
          <>
            Paste the snippet below into your child theme&apos;s <code className={code}>functions.php</code> or a code-snippets plugin.
            It only acts on posts that have a Registry ID.
          </>,
          <>Publish or update the post, then check it with the testing tools listed under JSON-LD details.</>,
        ]}
      />
      <CodeBlock
        label="WordPress PHP snippet (functions.php)"
        code={wordpressPhp(site)}
        copiedDescription="WordPress PHP snippet copied to clipboard"
      />
    </Section>
  );
}
