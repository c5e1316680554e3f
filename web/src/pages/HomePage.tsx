import { ArrowRight, ShieldCheck, Zap } from 'lucide-react';
import { Button, ButtonLink } from '../components/ui/Button';
import { SUBMIT_SECTION_ID } from '../components/layout/navItems';
import { SITE_TAGLINE } from '#core/site';
import { scrollToId } from '../lib/scroll';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { FeaturedWorks } from '../components/home/FeaturedWorks';
import { QuickStartForm } from '../components/home/QuickStartForm';
import { Card, CardContent } from '../components/ui/Card';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <section aria-labelledby="hero-title" className="bg-gradient-to-b from-secondary to-background">
        <div className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-background px-3 py-1 text-sm font-medium text-secondary-foreground shadow-sm">
            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
            {SITE_TAGLINE}
          </p>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-6xl">
            Your Art. Your Origin. Verified.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Register your AI-generated artwork with its prompt, tool and evidence. Each work gets a registry ID, a trust score and a
            public proof page.
          </p>
          <div className="mx-auto mt-10 flex max-w-xs flex-col items-center justify-center gap-3 sm:max-w-none sm:flex-row">
            <Button size="lg" className="w-full sm:w-auto" onClick={() => scrollToId(SUBMIT_SECTION_ID)}>
              Start Verification
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Button>
            <ButtonLink to="/fast-submit" size="lg" variant="secondary" className="w-full sm:w-auto">
              <Zap aria-hidden="true" className="h-4 w-4" />
              Fast Submit
            </ButtonLink>
            <ButtonLink to="/ledger" size="lg" variant="outline" className="w-full sm:w-auto">
              Browse Verified Art
            </ButtonLink>
          </div>
        </div>
      </section>

      <FeaturedWorks />

      <section id={SUBMIT_SECTION_ID} aria-labelledby="submit-title" className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
        <h2 id="submit-title" className="text-3xl font-bold tracking-tight">
          Submit Your Creation (It's Free!)
        </h2>
        <p className="mt-2 text-muted-foreground">Minimum verification threshold required</p>
        <Card className="mt-8">
          <CardContent className="pt-6">
            <QuickStartForm />
          </CardContent>
        </Card>
      </section>
    </>
  );
}
