// Step 6: contact details, 2-5 profile links and optional co-authors (multi-author attribution).
import { Plus, X } from 'lucide-react';
import { LIMITS, PROFILE_LINKS } from '../../../../../core/constants';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Field } from '../Field';
import type { PatchValues, WizardValues } from '../wizardValues';

function replaceAt(list: readonly string[], index: number, value: string): string[] {
  return list.map((item, i) => (i === index ? value : item));
}

function removeAt(list: readonly string[], index: number): string[] {
  return list.filter((_, i) => i !== index);
}

export function StepContact({ values, patch }: { values: WizardValues; patch: PatchValues }) {
  const links = values.profile_links;
  const coAuthors = values.co_authors;
  return (
    <div className="grid gap-6">
      <Field label="Email Address" hint="We send a verification link to this address. It is never shown publicly.">
        {({ id, describedBy }) => (
          <Input
            id={id}
            type="email"
            aria-describedby={describedBy}
            autoComplete="email"
            value={values.author_email}
            maxLength={LIMITS.email}
            onChange={(e) => patch({ author_email: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Full name">
          {({ id }) => (
            <Input
              id={id}
              autoComplete="name"
              value={values.author_full_name}
              maxLength={LIMITS.fullName}
              onChange={(e) => patch({ author_full_name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Artist name" hint="Shown publicly with your work.">
          {({ id, describedBy }) => (
            <Input
              id={id}
              aria-describedby={describedBy}
              autoComplete="nickname"
              value={values.artist_name}
              maxLength={LIMITS.artistName}
              onChange={(e) => patch({ artist_name: e.target.value })}
            />
          )}
        </Field>
      </div>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">Profile links (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Your portfolio or social profiles, starting with https://. Up to {PROFILE_LINKS.max} links.
        </p>
        {links.map((link, index) => (
          <div key={index} className="flex items-center gap-2">
            <Label htmlFor={`profile-link-${index}`} className="sr-only">
              Profile link {index + 1}
            </Label>
            <Input
              id={`profile-link-${index}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              maxLength={LIMITS.profileLinkUrl}
              onChange={(e) => patch({ profile_links: replaceAt(links, index, e.target.value) })}
            />
            {links.length > PROFILE_LINKS.min && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove profile link ${index + 1}`}
                onClick={() => patch({ profile_links: removeAt(links, index) })}
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </Button>
            )}
          </div>
        ))}
        {links.length < PROFILE_LINKS.max && (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => patch({ profile_links: [...links, ''] })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add profile link
          </Button>
        )}
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">Co-authors (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Credit everyone who made this work with you. Up to {LIMITS.coAuthors} names.
        </p>
        {coAuthors.map((name, index) => (
          <div key={index} className="flex items-center gap-2">
            <Label htmlFor={`co-author-${index}`} className="sr-only">
              Co-author {index + 1}
            </Label>
            <Input
              id={`co-author-${index}`}
              autoComplete="off"
              value={name}
              maxLength={LIMITS.coAuthorName}
              onChange={(e) => patch({ co_authors: replaceAt(coAuthors, index, e.target.value) })}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove co-author ${index + 1}`}
              onClick={() => patch({ co_authors: removeAt(coAuthors, index) })}
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </Button>
          </div>
        ))}
        {coAuthors.length < LIMITS.coAuthors && (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => patch({ co_authors: [...coAuthors, ''] })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add co-author
          </Button>
        )}
      </fieldset>
    </div>
  );
}
