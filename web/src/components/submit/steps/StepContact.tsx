// Step 6: contact details, 2-5 profile links and optional co-authors (multi-author attribution).
import { Plus, X } from 'lucide-react';
import { LIMITS, PROFILE_LINKS } from '#core/constants';
import { MESSAGES } from '#core/messages';
import { Button } from '../../ui/Button';
import { describedByWithError, FieldError, fieldErrorId } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Field } from '../Field';
import type { StepProps } from './stepProps';

function replaceAt(list: readonly string[], index: number, value: string): string[] {
  return list.map((item, i) => (i === index ? value : item));
}

function removeAt(list: readonly string[], index: number): string[] {
  return list.filter((_, i) => i !== index);
}

export function StepContact({ values, patch, errors }: StepProps) {
  const links = values.profile_links;
  const coAuthors = values.co_authors;
  // Index by index beside the names (decision 0064); a shorter list means blanks.
  const coAuthorEmails = coAuthors.map((_, i) => values.co_author_emails[i] ?? '');
  const linksError = errors.get('profile_links');
  const coAuthorsError = errors.get('co_authors');
  return (
    <div className="grid gap-6">
      <Field
        label="Email Address"
        hint="We send a verification link to this address. It is never shown publicly, and not kept in this browser's draft."
        error={errors.get('author_email')}
      >
        {({ id, describedBy, invalid }) => (
          <Input
            id={id}
            ref={errors.register('author_email')}
            type="email"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            autoComplete="email"
            value={values.author_email}
            maxLength={LIMITS.email}
            onChange={(e) => patch({ author_email: e.target.value })}
          />
        )}
      </Field>
      <div className="grid gap-6 sm:grid-cols-2">
        <Field label="Full name" error={errors.get('author_full_name')}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              ref={errors.register('author_full_name')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="name"
              value={values.author_full_name}
              maxLength={LIMITS.fullName}
              onChange={(e) => patch({ author_full_name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Artist name" hint="Shown publicly with your work." error={errors.get('artist_name')}>
          {({ id, describedBy, invalid }) => (
            <Input
              id={id}
              ref={errors.register('artist_name')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              autoComplete="nickname"
              value={values.artist_name}
              maxLength={LIMITS.artistName}
              onChange={(e) => patch({ artist_name: e.target.value })}
            />
          )}
        </Field>
      </div>

      <fieldset className="grid gap-3" aria-describedby={describedByWithError('profile-links', Boolean(linksError))}>
        <legend className="text-sm font-medium">Profile links (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Your portfolio or social profiles, starting with https://. Up to {PROFILE_LINKS.max} links.
        </p>
        {links.map((link, index) => {
          const field = `profile_links.${index}`;
          const inputId = `profile-link-${index}`;
          const error = errors.get(field);
          return (
            <div key={index} className="grid gap-2">
              <div className="flex items-center gap-2">
                <Label htmlFor={inputId} className="sr-only">
                  Profile link {index + 1}
                </Label>
                <Input
                  id={inputId}
                  // The first link also takes focus for a message about the whole list.
                  ref={(element) => {
                    errors.register(field)(element);
                    if (index === 0) errors.register('profile_links')(element);
                  }}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedByWithError(inputId, Boolean(error))}
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
              <FieldError id={fieldErrorId(inputId)} message={error} />
            </div>
          );
        })}
        <FieldError id={fieldErrorId('profile-links')} message={linksError} />
        {links.length < PROFILE_LINKS.max && (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => patch({ profile_links: [...links, ''] })}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add profile link
          </Button>
        )}
      </fieldset>

      <fieldset className="grid gap-3" aria-describedby={describedByWithError('co-authors', Boolean(coAuthorsError))}>
        <legend className="text-sm font-medium">Co-authors (optional)</legend>
        <p className="text-sm text-muted-foreground">
          Credit everyone who made this work with you. Up to {LIMITS.coAuthors} names. {MESSAGES.coAuthorEmailHint.description}
        </p>
        {coAuthors.map((name, index) => {
          const field = `co_authors.${index}`;
          const inputId = `co-author-${index}`;
          const error = errors.get(field);
          const emailField = `co_author_emails.${index}`;
          const emailId = `co-author-email-${index}`;
          const emailError = errors.get(emailField);
          return (
            <div key={index} className="grid gap-2">
              <div className="flex items-center gap-2">
                <Label htmlFor={inputId} className="sr-only">
                  Co-author {index + 1}
                </Label>
                <Input
                  id={inputId}
                  ref={errors.register(field)}
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedByWithError(inputId, Boolean(error))}
                  value={name}
                  maxLength={LIMITS.coAuthorName}
                  onChange={(e) => patch({ co_authors: replaceAt(coAuthors, index, e.target.value) })}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove co-author ${index + 1}`}
                  onClick={() => patch({ co_authors: removeAt(coAuthors, index), co_author_emails: removeAt(coAuthorEmails, index) })}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
              <FieldError id={fieldErrorId(inputId)} message={error} />
              <Label htmlFor={emailId} className="text-xs text-muted-foreground">
                {MESSAGES.coAuthorEmailHint.title}
              </Label>
              <Input
                id={emailId}
                ref={errors.register(emailField)}
                type="email"
                autoComplete="off"
                aria-invalid={emailError ? true : undefined}
                aria-describedby={describedByWithError(emailId, Boolean(emailError))}
                value={coAuthorEmails[index]}
                maxLength={LIMITS.email}
                onChange={(e) => patch({ co_author_emails: replaceAt(coAuthorEmails, index, e.target.value) })}
              />
              <FieldError id={fieldErrorId(emailId)} message={emailError} />
            </div>
          );
        })}
        <FieldError id={fieldErrorId('co-authors')} message={coAuthorsError} />
        {coAuthors.length < LIMITS.coAuthors && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => patch({ co_authors: [...coAuthors, ''], co_author_emails: [...coAuthorEmails, ''] })}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add co-author
          </Button>
        )}
      </fieldset>
    </div>
  );
}
