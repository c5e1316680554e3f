import { ExternalLink } from '../ExternalLink';
import { Prose, Section } from '../Section';

/**
 * We have published no paper of our own, so this section cites the standard our
 * transparency log implements instead of inventing a publication.
 */
export function Publications() {
  return (
    <Section id="publications" title="Academic Publications">
      <Prose>
        <p>We have not published a paper of our own. Our transparency log is built on this published standard:</p>
      </Prose>
      <figure className="mt-4 max-w-3xl rounded-card border border-border bg-muted p-5">
        <blockquote>
          <p className="font-semibold">Certificate Transparency Version 2.0</p>
          <p className="mt-1 text-sm text-muted-foreground">
            B. Laurie, E. Messeri and R. Stradling. RFC 9162, Internet Engineering Task Force, December 2021.
          </p>
        </blockquote>
        <figcaption className="mt-3 text-sm">
          DOI: <ExternalLink href="https://doi.org/10.17487/RFC9162">10.17487/RFC9162</ExternalLink>
        </figcaption>
      </figure>
    </Section>
  );
}
