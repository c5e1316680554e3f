import { CodeBlock } from '../CodeBlock';
import { SOCIAL_POST_BUILDERS } from '../examples';
import { Section } from '../Section';
import type { SiteFacts } from '../useSite';
import { SOCIAL_GUIDES } from './socialGuides';
import { Steps } from './Steps';

export function SocialGuide({ site }: { site: SiteFacts }) {
  return (
    <Section
      id="social-media"
      title="Social media"
      intro={<p>Share the proof page link with every post, so anyone can check where the work comes from.</p>}
    >
      <div className="space-y-10">
        {SOCIAL_GUIDES.map((guide) => {
          const post = SOCIAL_POST_BUILDERS[guide.platform](site);
          return (
            <article key={guide.platform} aria-labelledby={`social-${guide.platform}`}>
              <h3 id={`social-${guide.platform}`} className="mb-3 text-xl font-semibold">
                {guide.name}
              </h3>
              <Steps steps={guide.steps} />
              <CodeBlock
                label={
                  guide.platform === 'x' ? `${guide.name} example post (${post.length} characters)` : `${guide.name} example post`
                }
                code={post}
                copiedDescription={`${guide.name} example post copied to clipboard`}
              />
            </article>
          );
        })}
      </div>
    </Section>
  );
}
