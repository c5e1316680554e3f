import { Link } from 'react-router';
import { Prose, Section } from '../Section';
import { SupportEmail } from '../SupportEmail';
import { NOT_FOR_UNDER, REMOVAL_REVIEW, RIGHTS_RESPONSE } from './legalFacts';

/** Privacy, second half: cookies, sharing, retention, your rights, children, contact. */
export function PrivacyRights() {
  return (
    <>
      <Section id="cookies" title="Cookies and sharing">
        <Prose>
          <p>
            We use no advertising or tracking cookies. Administrators get one session cookie when they sign in. We do not sell personal
            data. If you use the sponsor button, the payment page belongs to an external payment provider and its own privacy policy
            applies.
          </p>
        </Prose>
      </Section>

      <Section id="retention" title="How long we keep data">
        <Prose>
          <ul>
            <li>A registration is kept until it is removed.</li>
            <li>
              Removal hides the work from all public pages, feeds and exports. Removal requests are reviewed within {REMOVAL_REVIEW}.
            </li>
            <li>
              On an erasure request we delete the image files and personal data for good. What remains is a minimal record that the
              registration existed, and its transparency-log entry, which holds only hashes and identifiers.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="your-rights" title="Your rights">
        <Prose>
          <p>
            You can ask for a copy of your personal data, a correction, or its erasure. We answer rights requests within{' '}
            {RIGHTS_RESPONSE}. Write to <SupportEmail />, or use the <Link to="/removal-request">removal request form</Link> to have a
            work taken down.
          </p>
        </Prose>
      </Section>

      <Section id="children" title="Children">
        <Prose>
          <p>
            The service is not for children under {NOT_FOR_UNDER}, and we do not knowingly collect their data. If you believe a child
            has submitted data, write to <SupportEmail /> and we will delete it.
          </p>
        </Prose>
      </Section>

      <Section id="contact" title="Contact">
        <Prose>
          <p>
            Privacy questions: <SupportEmail />.
          </p>
        </Prose>
      </Section>
    </>
  );
}
