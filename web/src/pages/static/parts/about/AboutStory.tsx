import { Link } from 'react-router';
import { Prose, Section } from '../Section';
import type { SiteFacts } from '../useSite';

/** The narrative sections of /about: why, beyond verification, philosophy, founder, story. */
export function AboutStory({ site }: { site: SiteFacts }) {
  return (
    <>
      <Section id="why" title="Why it exists">
        <Prose>
          <p>
            AI-generated images travel without their history. Once a picture is reposted, nobody can tell who made it, with which tool,
            from which prompt, or when. {site.siteName} gives each work a permanent public record: a Registry ID, a fingerprint of the
            original file, the evidence the artist provided, and a trust score that explains itself.
          </p>
        </Prose>
      </Section>

      <Section id="beyond-verification" title="Beyond Verification">
        <Prose>
          <p>A registration is more than a checkmark. Each work also gets:</p>
          <ul>
            <li>a proof page with badges, a PDF report and JSON-LD for your own site;</li>
            <li>an entry in an append-only transparency log whose proofs your browser checks;</li>
            <li>
              a place in an open dataset, with the artist&apos;s permissions (such as whether AI training is allowed) exported
              alongside, through the <Link to="/api/docs">public API</Link>;
            </li>
            <li>
              timestamps that follow ISO 8601 in UTC, as described in our <Link to="/compliance">timestamp compliance statement</Link>.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="philosophy" title="Philosophy">
        <Prose>
          <p>
            Show the evidence, not just a verdict. The score is computed by our server, never set by the submitter, and every proof
            page lists the reasons behind it. We only claim what the product really does. A record is never silently rewritten:
            moderation is logged, and the transparency log lets anyone check that history has not changed.
          </p>
        </Prose>
      </Section>

      <Section id="founder" title="Founder">
        <Prose>
          <p>
            {site.siteName} was founded as an independent project for artists who work with AI and want to be credited for it honestly.
            Messages sent to the support address below reach the people who run it.
          </p>
        </Prose>
      </Section>

      <Section id="story" title="Story">
        <Prose>
          <p>
            The project starts from a question artists ask: &ldquo;How can I prove this piece is mine, and show how I made it?&rdquo;
            Screenshots of prompts are easy to fake and easy to lose. So we built a registry that keeps the evidence together, scores
            it openly, and anchors every registration in a public log that cannot be edited after the fact.
          </p>
        </Prose>
      </Section>
    </>
  );
}
