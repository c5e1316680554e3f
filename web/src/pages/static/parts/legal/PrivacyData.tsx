import { Prose, Section } from '../Section';

/** Privacy, first half: what we collect, what is public, what stays private. */
export function PrivacyData({ siteName }: { siteName: string }) {
  return (
    <>
      <Section id="what-we-collect" title="What we collect when you register a work">
        <Prose>
          <ul>
            <li>
              Your image. We keep the file you upload and make a display copy 360 px high. We compute the SHA-256 fingerprint and a
              perceptual hash of it, and read the metadata embedded in it (such as EXIF, AI generation parameters or a C2PA manifest)
              to compute the trust score.
            </li>
            <li>
              What you type: title, prompt and its visibility, story, AI tool, names, co-authors, profile links, location if you give
              one, and your six permission choices.
            </li>
            <li>Your e-mail address.</li>
          </ul>
        </Prose>
      </Section>

      <Section id="what-is-public" title="What is public">
        <Prose>
          <p>
            A registry only works if its records can be seen, so the following appear on the proof page and in the public ledger, API,
            feeds and dataset exports:
          </p>
          <ul>
            <li>the display copy of the image (re-encoded, without embedded location data) and its SHA-256 fingerprint;</li>
            <li>title, artist name, full name and location if you gave them, co-authors, tool, story and profile links;</li>
            <li>the prompt, only if you chose to make it public;</li>
            <li>your permission choices and licence, the trust score with its reasons, and the registration date;</li>
            <li>an entry in the transparency log, which holds only hashes and identifiers.</li>
          </ul>
        </Prose>
      </Section>

      <Section id="what-stays-private" title="What stays private">
        <Prose>
          <ul>
            <li>
              <strong>Your e-mail address</strong> is never shown publicly. We use it only to send the verification link (a verified
              address raises the trust score) and to contact you about your submission. Only {siteName} administrators can see it.
            </li>
            <li>
              <strong>Private prompts</strong> are never shown on any public page, feed, export or API response.
            </li>
            <li>
              <strong>IP addresses</strong> are used to apply rate limits and fair-use limits. They are stored only in the audit log of
              administrator actions, never with your submission, and never published.
            </li>
            <li>
              <strong>Removal requests</strong> (your name, e-mail and reason) are seen only by the administrators who review them.
            </li>
          </ul>
        </Prose>
      </Section>
    </>
  );
}
