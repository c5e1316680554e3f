import { Link } from 'react-router';
import { Prose, Section } from '../Section';
import { SupportEmail } from '../SupportEmail';
import { GOVERNING_LAW, REMOVAL_REVIEW, RIGHTS_RESPONSE } from './legalFacts';

/** Terms, second half: the public record, removal, API, liability, law and contact. */
export function TermsRecord({ siteName }: { siteName: string }) {
  return (
    <>
      <Section id="public-record" title="The public record">
        <Prose>
          <p>
            Registrations are public. Each one is also added to an append-only transparency log. The log holds only hashes and
            identifiers, no personal data, and it is kept even when a work is removed, so that the log can always be checked.
          </p>
        </Prose>
      </Section>

      <Section id="removal" title="Removal and rights requests">
        <Prose>
          <ul>
            <li>
              Removal requests sent through the <Link to="/removal-request">removal request form</Link> are reviewed within{' '}
              {REMOVAL_REVIEW}. An approved request hides the work from every public page, feed and export.
            </li>
            <li>
              Requests about your personal data (a copy, a correction or erasure) are answered within {RIGHTS_RESPONSE}. Send them to{' '}
              <SupportEmail />. Erasure deletes the images and personal data for good.
            </li>
            <li>Every moderation action is recorded in an audit log, and a work removed by mistake can be restored.</li>
          </ul>
        </Prose>
      </Section>

      <Section id="api-dataset" title="Public API and dataset">
        <Prose>
          <p>
            The <Link to="/api/docs">public API</Link> and the dataset exports are offered under CC BY 4.0, with the citation given on
            the API page. Individual works may carry their own licence, and you must respect each artist&apos;s permissions, including
            whether AI training is allowed.
          </p>
        </Prose>
      </Section>

      <Section id="liability" title="No warranty">
        <Prose>
          <p>
            {siteName} is provided &ldquo;as is&rdquo;, without warranties of any kind. To the extent the law allows, we are not liable
            for losses arising from the use of the service or from reliance on a registration or score. We may change or suspend the
            service, and we may update these terms; the date above shows the latest version.
          </p>
        </Prose>
      </Section>

      <Section id="governing-law" title="Governing law">
        <Prose>
          <p>These terms are governed by the laws of {GOVERNING_LAW}.</p>
        </Prose>
      </Section>

      <Section id="contact" title="Contact">
        <Prose>
          <p>
            Questions about these terms: <SupportEmail />.
          </p>
        </Prose>
      </Section>
    </>
  );
}
