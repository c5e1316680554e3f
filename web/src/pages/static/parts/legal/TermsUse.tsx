import { Link } from 'react-router';
import { Prose, Section } from '../Section';
import { MINIMUM_AGE, NOT_FOR_UNDER } from './legalFacts';

/** Terms, first half: who may use the service, what you submit, what the score means. */
export function TermsUse({ siteName }: { siteName: string }) {
  return (
    <>
      <Section id="who-can-use" title="Who can use the service">
        <Prose>
          <p>
            You must be {MINIMUM_AGE} or older, or otherwise have the legal capacity to accept these terms where you live. {siteName}{' '}
            is not for children under {NOT_FOR_UNDER}, and they must not use it.
          </p>
        </Prose>
      </Section>

      <Section id="your-submissions" title="What you submit">
        <Prose>
          <ul>
            <li>
              You may submit only work you created, or have the right to register, and the information you give (title, prompt, tool,
              names, links) must be true.
            </li>
            <li>You keep every right you have in your work. Registering it does not transfer ownership to us.</li>
            <li>
              You allow {siteName} to store your submission and to show and distribute it as part of the public registry: proof pages,
              badges, feeds, the public API and the dataset exports, together with the licence and permissions you chose.
            </li>
            <li>
              Only JPG, PNG and WebP images up to 10 MB are accepted. Submissions and removal requests have daily fair-use limits.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="trust-score" title="What the trust score means">
        <Prose>
          <p>
            The trust score (0-100) and its status label summarise the evidence you provided, as judged by our server. They are not a
            legal certificate of authorship or copyright, and we do not guarantee that any registration is true. The reasons behind
            each score are shown on its proof page.
          </p>
        </Prose>
      </Section>

      <Section id="acceptable-use" title="Acceptable use">
        <Prose>
          <p>Do not use {siteName} to:</p>
          <ul>
            <li>register work that belongs to someone else or impersonate another person;</li>
            <li>upload unlawful content, sexual content involving minors, or content that infringes others&apos; rights;</li>
            <li>get around rate limits, overload the service, or break its security.</li>
          </ul>
          <p>
            We may hide or remove submissions that break these rules. Anyone can ask for a work to be removed through the{' '}
            <Link to="/removal-request">removal request form</Link>.
          </p>
        </Prose>
      </Section>
    </>
  );
}
