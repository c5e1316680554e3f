import { describe, expect, it } from 'vitest';
import {
  adminConnectionErrorMessage,
  adminLoginFailedMessage,
  copiedMessage,
  imageLoadedMessage,
  MESSAGES,
  submissionRegisteredMessage,
} from '../../../core/messages';

describe('messages not raised by a schema', () => {
  it('states the upload limits we enforce', () => {
    expect(MESSAGES.imageTooLarge).toEqual({ title: 'Image too large', description: 'Images can be at most 10 MB.' });
    expect(MESSAGES.unsupportedImageType).toEqual({
      title: 'Unsupported image type',
      description: 'Please upload a JPG, PNG or WebP image.',
    });
  });

  it('has the spec wording for upload, processing and submission failures', () => {
    expect(MESSAGES.uploadIncomplete).toEqual({
      title: 'Upload incomplete',
      description: 'Please wait for your image to finish uploading before submitting.',
    });
    expect(MESSAGES.uploadFailed).toEqual({ title: 'Upload failed', description: 'Could not upload image. Please try again.' });
    expect(MESSAGES.processingFailed).toEqual({
      title: 'Processing failed',
      description: 'Could not process image. Please try again.',
    });
    expect(MESSAGES.submissionFailed).toEqual({
      title: 'Submission failed',
      description: 'Please try again. Make sure all required fields are filled.',
    });
    expect(MESSAGES.removalFailed).toEqual({
      title: 'Submission failed',
      description: 'There was an error submitting your request. Please try again.',
    });
  });

  it('promises removal vetting within 48-72 hours only', () => {
    expect(MESSAGES.removalSubmitted.title).toBe('Request Submitted Successfully');
    expect(MESSAGES.removalSubmitted.description).toContain('48-72 hours');
    expect(MESSAGES.removalSubmitted.description).not.toContain('24 hours');
  });

  it("names the status reached after registering, and says 'verified' only from 62 up", () => {
    expect(submissionRegisteredMessage(34)).toEqual({
      title: 'Registered',
      description: 'Your artwork is registered, status Incomplete — see how to reach Verified.',
    });
    expect(submissionRegisteredMessage(61).description).toBe(
      'Your artwork is registered, status Incomplete — see how to reach Verified.',
    );
    expect(submissionRegisteredMessage(62)).toEqual({
      title: 'Registered',
      description: 'Your artwork is registered and verified, status Verified.',
    });
    expect(submissionRegisteredMessage(70).description).toBe('Your artwork is registered and verified, status Documented.');
    expect(submissionRegisteredMessage(90).description).toBe('Your artwork is registered and verified, status Provenance Strong.');
  });

  it('has the spec success toasts', () => {
    expect(MESSAGES.imageUploaded).toEqual({ title: 'Image uploaded', description: 'Ready for verification!' });
    expect(MESSAGES.verificationUrlCopied).toEqual({
      title: 'Verification URL copied',
      description: 'Share this link to prove your authorship',
    });
  });

  it("shows the loaded image's name and size in KB", () => {
    expect(imageLoadedMessage('harbour.png', 204_800)).toEqual({ title: 'Image loaded', description: 'harbour.png (200 KB)' });
  });

  it("uses the server's login error, else 'Invalid credentials.'", () => {
    expect(adminLoginFailedMessage()).toEqual({ title: 'Login failed', description: 'Invalid credentials.' });
    expect(adminLoginFailedMessage('Account locked')).toEqual({ title: 'Login failed', description: 'Account locked' });
    expect(adminConnectionErrorMessage('timeout')).toEqual({ title: 'Login error', description: 'Connection error: timeout' });
  });

  it("builds 'Copied!' with a block-specific description", () => {
    expect(copiedMessage('PHP snippet copied to clipboard')).toEqual({
      title: 'Copied!',
      description: 'PHP snippet copied to clipboard',
    });
  });

  it('gives every message a title and a description', () => {
    for (const m of Object.values(MESSAGES)) {
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.description.length).toBeGreaterThan(0);
    }
  });
});
