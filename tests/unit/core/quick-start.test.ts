import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isValidEmail, quickStartSchema } from '../../../core/schemas';
import { fieldErrors, firstIssueMessage, quickStartFieldErrors, validateQuickStart } from '../../../core/validation';

const valid = { hasImage: true, email: 'ada@example.com', name: 'Ada', title: 'Moonlit Harbour' };

describe('quick-start form checks, in the spec order', () => {
  it('passes a complete form', () => {
    expect(validateQuickStart(valid)).toBeNull();
  });

  it("asks for the image first: 'Image required' / 'Please upload an image of your artwork.'", () => {
    expect(validateQuickStart({ hasImage: false, email: '', name: '', title: '' })).toEqual({
      title: 'Image required',
      description: 'Please upload an image of your artwork.',
    });
  });

  it("then for a blank e-mail: 'Email required' / 'Please provide your email address.'", () => {
    expect(validateQuickStart({ ...valid, email: '   ', name: '', title: '' })).toEqual({
      title: 'Email required',
      description: 'Please provide your email address.',
    });
  });

  it("then for an e-mail without a proper domain: 'Invalid email' / 'Please enter a valid email address.'", () => {
    expect(validateQuickStart({ ...valid, email: 'ada@example', name: '', title: '' })).toEqual({
      title: 'Invalid email',
      description: 'Please enter a valid email address.',
    });
  });

  it("then for a blank name: 'Name required' / 'Please provide your name or artist name.'", () => {
    expect(validateQuickStart({ ...valid, name: ' ', title: '' })).toEqual({
      title: 'Name required',
      description: 'Please provide your name or artist name.',
    });
  });

  it("then for a blank title: 'Title required' / 'Please provide a title for your artwork.'", () => {
    expect(validateQuickStart({ ...valid, title: '\t' })).toEqual({
      title: 'Title required',
      description: 'Please provide a title for your artwork.',
    });
  });

  it('refuses a title over 200 characters and trims the values it keeps', () => {
    expect(validateQuickStart({ ...valid, title: 'x'.repeat(201) })).toEqual({
      title: 'Title too long',
      description: 'Titles can be at most 200 characters.',
    });
    expect(validateQuickStart({ ...valid, title: ` ${'x'.repeat(200)} ` })).toBeNull();
    expect(quickStartSchema.parse({ email: ' ada@example.com ', name: ' Ada ', title: ' T ' })).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      title: 'T',
    });
  });

  it('reports one message per field for the form', () => {
    const result = quickStartSchema.safeParse({ email: '', name: '', title: 'ok' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      email: 'Please provide your email address.',
      name: 'Please provide your name or artist name.',
    });
    expect(firstIssueMessage(result.error).field).toBe('email');
  });
});

describe('quickStartFieldErrors: a message under every failing field', () => {
  it('names the image and each empty field, in check order', () => {
    const errors = quickStartFieldErrors({ hasImage: false, email: '', name: ' ', title: '' });
    expect(errors).toEqual({
      image: 'Please upload an image of your artwork.',
      email: 'Please provide your email address.',
      name: 'Please provide your name or artist name.',
      title: 'Please provide a title for your artwork.',
    });
    expect(Object.keys(errors)).toEqual(['image', 'email', 'name', 'title']);
  });

  it('names only the fields at fault, and nothing for a valid form', () => {
    expect(quickStartFieldErrors({ ...valid, email: 'ada@example' })).toEqual({ email: 'Please enter a valid email address.' });
    expect(quickStartFieldErrors(valid)).toEqual({});
  });
});

describe('EMAIL_PATTERN: local part, @, domain, dot, at least 2 letters', () => {
  it.each(['ada@example.com', 'a.b+tag@mail.example.co.uk', 'x@y.io'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each(['ada@example', 'ada@example.c', 'ada example@x.com', '@example.com', 'ada@.com1', 'ada@@x.com'])('refuses %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});
