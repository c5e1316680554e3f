import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LegalMeta } from './parts/legal/LegalMeta';
import { PrivacyData } from './parts/legal/PrivacyData';
import { PrivacyRights } from './parts/legal/PrivacyRights';
import { PageShell } from './parts/PageShell';
import { useSite } from './parts/useSite';

export default function PrivacyPage() {
  useDocumentTitle('Privacy Policy');
  const { siteName } = useSite();
  return (
    <PageShell
      title="Privacy Policy"
      intro={
        <>
          <p>
            In short: what you register is public by design, your e-mail address is not, and you can ask us to remove your work or
            erase your data at any time.
          </p>
          <div className="mt-3">
            <LegalMeta />
          </div>
        </>
      }
    >
      <PrivacyData siteName={siteName} />
      <PrivacyRights />
    </PageShell>
  );
}
