// Tags and where the tool ran (issue 17, decision 0021): what the submission body accepts, the
// stored form, the wizard's per-field messages, and how the old 'Web Browser' value counts.
import { describe, expect, it } from 'vitest';
import { storedPlatformsFor, filterPlatform, comparePlatforms } from '../../../core/platforms';
import { pageParam, isKnownPagePath } from '../../../core/routes';
import { logEntryText, logSizeText } from '../../../core/proof-text';
import { submissionBodySchema, type SubmissionBodyInput } from '../../../core/schemas';
import { normaliseSubmissionBody } from '../../../core/submission';
import { normaliseTag, normaliseTags } from '../../../core/tags';
import { firstIssueMessage, wizardStepFieldErrors, wizardStepOfField } from '../../../core/validation';

const UPLOAD = '0b7a6c52-31f4-4c4e-9d38-5f0e2a1b9c77';
const valid: SubmissionBodyInput = {
  upload_id: UPLOAD,
  title: 'Harbour at Night',
  tool: 'Midjourney',
  author_email: 'ada@example.com',
  artist_name: 'Ada L',
};

function refusal(body: unknown) {
  const result = submissionBodySchema.safeParse(body);
  if (result.success) throw new Error('expected the body to be refused');
  const { title, description, field } = firstIssueMessage(result.error);
  return { title, description, field };
}

const stored = (body: SubmissionBodyInput) => normaliseSubmissionBody(submissionBodySchema.parse(body));

describe('tags of a submission', () => {
  it("stores ['AI Art'] and platform 'Web' when the body names neither", () => {
    expect(stored(valid)).toMatchObject({ tags: ['AI Art'], platform: 'Web' });
  });

  it("keeps 'AI Art' first and stores the artist's tags trimmed, in lower case, without '#' or repeats", () => {
    expect(stored({ ...valid, tags: ['  Portrait ', '#Fantasy', 'portrait', 'ai art', 'Sci-Fi  Noir', ''] }).tags).toEqual([
      'AI Art',
      'portrait',
      'fantasy',
      'sci-fi noir',
    ]);
  });

  it("accepts 9 tags of the artist's own (10 with 'AI Art') and refuses a 10th with 'Too many tags'", () => {
    const nine = Array.from({ length: 9 }, (_, i) => `tag ${i + 1}`);
    expect(stored({ ...valid, tags: nine }).tags).toHaveLength(10);
    expect(refusal({ ...valid, tags: [...nine, 'tag 10'] })).toEqual({
      title: 'Too many tags',
      description: "You can add at most 10 tags, including 'AI Art'.",
      field: 'tags',
    });
    // Repeats and 'AI Art' itself do not count twice.
    expect(stored({ ...valid, tags: [...nine, 'TAG 1', 'AI Art'] }).tags).toHaveLength(10);
  });

  it("refuses a tag with a comma or a '<' with 'Invalid tag', and one over 40 characters with 'Tag too long'", () => {
    for (const tag of ['rock, roll', '<b>bold</b>', '-dash first']) {
      expect(refusal({ ...valid, tags: ['portrait', tag] }), tag).toEqual({
        title: 'Invalid tag',
        description: "Tags start with a letter or number and may contain letters, numbers, spaces and - ' & . + only.",
        field: 'tags.1',
      });
    }
    expect(refusal({ ...valid, tags: ['x'.repeat(41)] })).toEqual({
      title: 'Tag too long',
      description: 'Tags can be at most 40 characters.',
      field: 'tags.0',
    });
    expect(stored({ ...valid, tags: ['rock & roll', "80's", 'c++', 'v6.1', 'café', '日本画'] }).tags).toHaveLength(7);
  });

  it('refuses a tag list that is not a list, or far too long, with one message', () => {
    expect(refusal({ ...valid, tags: 'portrait' }).title).toBe('Invalid tag');
    expect(refusal({ ...valid, tags: Array.from({ length: 5000 }, () => 'x') })).toEqual({
      title: 'Too many tags',
      description: "You can add at most 10 tags, including 'AI Art'.",
      field: 'tags',
    });
  });

  it('writes a tag the way the ledger stores and filters it', () => {
    expect(normaliseTag('  #Digital   Art ')).toBe('digital art');
    expect(normaliseTag('AI ART')).toBe('AI Art');
    expect(normaliseTags([])).toEqual(['AI Art']);
  });
});

describe('where the tool ran', () => {
  it('accepts the six choices and refuses anything else with the list of choices', () => {
    for (const platform of ['Discord', 'Web', 'Mobile', 'API', 'Desktop/local', 'Other'] as const) {
      expect(stored({ ...valid, platform }).platform).toBe(platform);
    }
    expect(refusal({ ...valid, platform: 'Web Browser' })).toEqual({
      title: 'Where the tool ran',
      description: 'Please choose where the AI tool ran: Discord, Web, Mobile, API, Desktop/local, Other.',
      field: 'platform',
    });
  });

  it("treats 'constructor' and '__proto__' as plain platform names, not object members", () => {
    expect(filterPlatform('constructor')).toBe('constructor');
    expect(filterPlatform('__proto__')).toBe('__proto__');
    expect(storedPlatformsFor('constructor')).toEqual(['constructor']);
  });

  it("counts works stored as 'Web Browser' (before the choice existed) as 'Web' in the filter", () => {
    expect(filterPlatform('Web Browser')).toBe('Web');
    expect(filterPlatform('Discord')).toBe('Discord');
    expect(storedPlatformsFor('Web')).toEqual(['Web', 'Web Browser']);
    expect(storedPlatformsFor('Web Browser')).toEqual(['Web', 'Web Browser']);
    expect(storedPlatformsFor('Discord')).toEqual(['Discord']);
    expect(['Other', 'Zeta', 'API', 'Discord'].sort(comparePlatforms)).toEqual(['Discord', 'API', 'Other', 'Zeta']);
  });
});

describe('wizard: every failing field of a step, for the messages under the fields', () => {
  it('step 3 names the bad tag and step 4 the tool, leaving other steps out', () => {
    const body = { upload_id: UPLOAD, tags: ['ok', 'semi;colon'], platform: 'Moon' };
    expect(wizardStepFieldErrors(3, body)).toEqual({
      'tags.1': "Tags start with a letter or number and may contain letters, numbers, spaces and - ' & . + only.",
    });
    expect(wizardStepFieldErrors(4, body)).toEqual({
      tool: 'Please select the AI tool you used to create this artwork.',
      platform: 'Please choose where the AI tool ran: Discord, Web, Mobile, API, Desktop/local, Other.',
    });
  });

  it('step 6 reports the e-mail, the name and a bad link at once, each under its own field', () => {
    expect(wizardStepFieldErrors(6, { profile_links: ['', 'not a link'] })).toEqual({
      author_email: 'Please provide your email address for verification.',
      author_full_name: 'Please provide either your full name or artist name.',
      'profile_links.1': 'Profile links must be full web addresses starting with https:// or http://.',
    });
  });

  it('knows which step collects each field', () => {
    expect(wizardStepOfField('upload_id')).toBe(1);
    expect(wizardStepOfField('tags.3')).toBe(3);
    expect(wizardStepOfField('platform')).toBe(4);
    expect(wizardStepOfField('profile_links.1')).toBe(6);
    expect(wizardStepOfField('nothing')).toBeNull();
  });
});

describe('artist page paths', () => {
  it("reads 'AC/DC #1? & Co' from its encoded path, as the web app writes it", () => {
    const path = `/artist/${encodeURIComponent('AC/DC #1? & Co')}`;
    expect(pageParam('artist', path)).toBe('AC/DC #1? & Co');
    expect(isKnownPagePath(path)).toBe(true);
    expect(isKnownPagePath('/artist/AC/DC')).toBe(false);
    expect(isKnownPagePath('/artist/%E0%A4%A')).toBe(false);
    expect(isKnownPagePath('/fast-submit/')).toBe(true);
  });
});

describe('log entry numbers (decision 0052)', () => {
  it("writes a log entry as its leaf index, '#N', and a checkpoint's size apart", () => {
    expect(logEntryText(0)).toBe('log entry #0');
    expect(logEntryText(63)).toBe('log entry #63');
    expect(logSizeText(1)).toBe('1 entry (#0)');
    expect(logSizeText(66)).toBe('66 entries (#0 to #65)');
  });
});
