// Registering a work end to end: upload, submit, stored facts, server-computed trust, public read.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWork } from '../../../core/api-types';
import { computeTrust, type TrustEvidence } from '../../../server/submissions/trust';
import { appendLogEvent } from '../../../server/tlog/store';
import { claimArtistName } from '../../helpers/factories';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { makeJpeg, makePng, xmpPacket } from '../../fixtures/images';
import { freshPng, MODERATE_PROMPT, registerWork, submissionBody, submit, upload } from './helpers';

const A1111_PROMPT = 'a lighthouse at dusk, oil painting, dramatic sky, crashing waves';
const A1111_PARAMETERS = [
  A1111_PROMPT,
  'Negative prompt: blurry, low quality',
  'Steps: 30, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 3141592, Size: 832x1216, Model: sd_xl_base_1.0, Version: v1.9.4',
].join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function storedWork(id: string) {
  return t.deps.db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function getWork(ref: string) {
  return t.app.inject({ method: 'GET', url: `/api/submissions/${ref}` });
}

describe('registering a PNG with Automatic1111 parameters', () => {
  let png: Buffer;
  let created: { id: string; registry_id: string; trust_meter: number; status: string; verify_url: string };

  beforeAll(async () => {
    png = await makePng({ width: 832, height: 1216, seed: 31, textChunks: { parameters: A1111_PARAMETERS } });
    const up = await upload(t.app, png, 'lighthouse.png');
    const res = await submit(
      t.app,
      submissionBody(up.upload_id, { title: 'Lighthouse', prompt: A1111_PROMPT, tool: 'Automatic1111', artist_name: 'Lumen' }),
    );
    expect(res.statusCode).toBe(201);
    created = res.json();
  });

  it('answers 201 with the id, a VW registry number, the score, its status and the proof URL', async () => {
    const year = new Date().getUTCFullYear();
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      registry_id: `VW-${year}-000001`,
      trust_meter: expect.any(Number),
      status: expect.any(String),
      verify_url: `http://ledger.test/verify/${created.id}`,
    });
  });

  it('stores the SHA-256 of the exact bytes uploaded (what sha256sum prints)', async () => {
    const row = await storedWork(created.id);
    expect(row.image_hash).toBe(crypto.createHash('sha256').update(png).digest('hex'));
    expect(row.image_dimensions).toBe('832,1216');
    expect(row.image_file_type).toBe('image/png');
    expect(row.image_file_size).toBe(png.length);
  });

  it('stores the generation parameters found in the file and credits them in the score', async () => {
    const row = await storedWork(created.id);
    const metadata = row.embedded_metadata as { found: string[]; aiParameters: { source: string; prompt: string; seed: string } };
    expect(metadata.found).toEqual(['PNG parameters (Automatic1111)']);
    expect(metadata.aiParameters).toMatchObject({ source: 'automatic1111', prompt: A1111_PROMPT, seed: '3141592' });
    const trust = row.trust_breakdown as { reasons: string[] };
    expect(trust.reasons).toContain('Embedded metadata (generation parameters) confirms the claimed tool: +2');
    expect(trust.reasons).toContain('Embedded prompt matches the submitted prompt (100% word overlap): +2');
  });

  it('keeps the original privately and publishes a 360 px high JPEG derivative without metadata', async () => {
    const row = await storedWork(created.id);
    const original = await t.deps.store.get('originals', row.original_key!);
    expect(original?.equals(png)).toBe(true);
    const derivative = await t.deps.store.get('artworks', row.image_key!);
    const meta = await sharp(derivative!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', height: 360, width: Math.round((832 * 360) / 1216) });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(row.image_url).toBe(`/artworks/${row.image_key}`);
    expect([row.display_width, row.display_height]).toEqual([meta.width, 360]);
  });

  it('writes the fixed fast-submit fields and the transparency-log leaf in the same registration', async () => {
    const row = await storedWork(created.id);
    expect(row).toMatchObject({
      // No tags or platform given: 'AI Art' alone, and 'Web' (decision 0021).
      tags: ['AI Art'],
      usage_type: ['Personal Project'],
      platform: 'Web',
      verification_method: 'fast_submit',
      // docs/product.md §5: commercial use allowed and no remix (the defaults) gives CC BY-ND 4.0.
      artwork_license: 'CC BY-ND 4.0',
      is_public: true,
      portfolio_link: 'https://www.instagram.com/foxartist',
      external_link: null,
      must_give_credit: true,
    });
    expect(row.verification_resources).toEqual([
      { type: 'artist_profile', url: 'https://www.instagram.com/foxartist', description: 'Artist profile' },
      { type: 'fast_submit', url: '', description: 'Registered via Fast Submit' },
    ]);
    const leaf = await t.deps.db
      .selectFrom('tlog_leaves')
      .selectAll()
      .where('submission_id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(leaf.leaf_index)).toBe(Number(row.log_index));
    expect(JSON.parse(leaf.canonical_json)).toEqual({
      event: 'created',
      image_sha256: row.image_hash,
      registry_id: created.registry_id,
      submission_id: created.id,
      time: new Date(row.created_at).toISOString(),
    });
  });

  it('marks the upload as used, so the same upload cannot register a second work', async () => {
    const uploadRow = await t.deps.db
      .selectFrom('uploads')
      .selectAll()
      .where('derivative_key', '=', (await storedWork(created.id)).image_key!)
      .executeTakeFirstOrThrow();
    expect(uploadRow.consumed_at).not.toBeNull();
    const again = await submit(t.app, submissionBody(uploadRow.id));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'upload_used',
      title: 'Already submitted',
      message: 'This image was already submitted.',
    });
  });
});

describe('registering a JPEG with XMP and EXIF', () => {
  it('stores the XMP found, and the public derivative has neither EXIF nor XMP nor GPS', async () => {
    const jpeg = await makeJpeg({
      width: 1200,
      height: 900,
      seed: 32,
      xmp: xmpPacket({
        creatorTool: 'Adobe Firefly',
        digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
        gpsLatitude: '48,51.4N',
      }),
      exif: { IFD0: { Software: 'Adobe Firefly', Artist: 'Mira' } },
    });
    const up = await upload(t.app, jpeg, 'firefly.jpg');
    expect(up.image_hash).toBe(crypto.createHash('sha256').update(jpeg).digest('hex'));
    const res = await submit(t.app, submissionBody(up.upload_id, { tool: 'Adobe Firefly', artist_name: 'Mira' }));
    expect(res.statusCode).toBe(201);
    const row = await storedWork(res.json().id);
    const metadata = row.embedded_metadata as Record<string, unknown>;
    expect(metadata).toMatchObject({ creatorTool: 'Adobe Firefly', software: 'Adobe Firefly' });
    expect(metadata.found).toEqual(expect.arrayContaining(['XMP CreatorTool', 'XMP DigitalSourceType', 'EXIF Software']));
    expect(JSON.stringify(metadata)).not.toMatch(/GPS|48,51/i);
    const meta = await sharp((await t.deps.store.get('artworks', row.image_key!))!).metadata();
    expect(meta.height).toBe(360);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
  });
});

describe('the server alone decides trust, the public flag and the method', () => {
  it('ignores trust_meter, is_public, image_hash and verification_method sent by the client; the score is the rubric on the stored evidence', async () => {
    const png = await freshPng();
    const up = await upload(t.app, png);
    const res = await submit(
      t.app,
      submissionBody(up.upload_id, {
        artist_name: 'Solo Painter',
        trust_meter: 100,
        is_public: false,
        image_hash: 'x',
        verification_method: 'admin',
      }),
    );
    expect(res.statusCode).toBe(201);
    const row = await storedWork(res.json().id);
    expect(row).toMatchObject({ is_public: true, verification_method: 'fast_submit', image_hash: up.image_hash });

    const createdAt = new Date(row.created_at).toISOString();
    const evidence: TrustEvidence = {
      title: 'Fox in Snow',
      prompt: MODERATE_PROMPT,
      promptVisibility: 'public',
      tool: 'Midjourney',
      toolOther: null,
      story: null,
      resources: [
        // Not proven yet: the link check runs after the registration, in the background.
        { type: 'artist_profile', url: 'https://www.instagram.com/foxartist', proven: false },
        { type: 'fast_submit', url: '', proven: false },
      ],
      imageSha256: up.image_hash,
      exactDuplicateOfOtherArtist: false,
      exactDuplicateOfSameArtist: false,
      nearDuplicatesOfOtherArtists: [],
      embedded: { found: [] },
      emailVerified: false,
      loggedAt: createdAt,
      submittedAt: createdAt,
      // Unclaimed name: the advice asks for a link to the work's own proof page.
      backlinkUrl: `http://ledger.test/verify/${row.registry_id}`,
      nameClaim: 'unclaimed',
      artistOtherWorksCount: 0,
      sharedProfileLinksWithOwnWorks: 0,
      coAuthors: [],
      confirmedCoAuthors: [],
    };
    const expected = computeTrust(evidence);
    // Claim 17 + verification 13 + log 15; the unproven link earns nothing yet (rubric v2).
    expect(expected.score).toBe(45);
    expect(res.json().trust_meter).toBe(expected.score);
    expect(res.json().status).toBe('Incomplete');
    expect(row.trust_meter).toBe(expected.score);
    expect(row.trust_breakdown).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(row.trust_rubric_version).toBe(expected.rubricVersion);
    expect(row.prompt_specificity).toEqual(expected.promptSpecificity);
  });

  it('gives a work without a prompt a score below 62 (Incomplete) and stores the placeholder prompt', async () => {
    const { created } = await registerWork(t.app, { prompt: '', artist_name: 'No Prompt Person' });
    expect(created.trust_meter).toBeLessThan(62);
    expect(created.status).toBe('Incomplete');
    expect((await storedWork(created.id)).prompt).toBe('No prompt provided');
  });

  it("files a work made with 'Other' under the tool named and derives the licence from the permissions", async () => {
    const { created } = await registerWork(t.app, {
      tool: 'Other',
      tool_other: 'Krea',
      artist_name: 'Krea Fan',
      permissions: { no_commercial: true, remix_allowed: true },
    });
    const row = await storedWork(created.id);
    expect(row).toMatchObject({
      tool: 'Krea',
      tool_other: 'Krea',
      artwork_license: 'CC BY-NC-SA 4.0',
      no_commercial: true,
      remix_allowed: true,
      allow_ai_training: false,
    });
  });
});

describe('the same image registered again', () => {
  it('by another artist: flagged as a duplicate of the earlier work, with the reason, and scored below 62', async () => {
    const png = await freshPng();
    const first = await registerWork(t.app, { artist_name: 'Original Artist' }, png);
    const secondUpload = await upload(t.app, png);
    expect(secondUpload.exact_matches).toBe(1);
    const res = await submit(t.app, submissionBody(secondUpload.upload_id, { artist_name: 'Copycat', author_full_name: 'C. Cat' }));
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy.trust_meter).toBeLessThan(62);
    expect(copy.status).toBe('Incomplete');
    const row = await storedWork(copy.id);
    expect(row.duplicate_of).toBe(first.created.id);
    expect((row.trust_breakdown as { reasons: string[] }).reasons).toContain('Same image registered earlier by another artist: -15');

    const pub = (await getWork(copy.id)).json<PublicWork>();
    expect(pub.duplicate_of).toEqual({
      id: first.created.id,
      registry_id: first.created.registry_id,
      artist_name: 'Original Artist',
      created_at: expect.any(String),
    });
  });

  it('by the same artist (any letter case): not a duplicate of another artist', async () => {
    // The submitter's address claimed the name, so the earlier work counts as the artist's (rubric v2).
    await claimArtistName(t.deps.db, 'Series Maker', 'fox.artist@example.com');
    const png = await freshPng();
    await registerWork(t.app, { artist_name: 'Series Maker' }, png);
    const { created } = await registerWork(t.app, { artist_name: 'series maker' }, png);
    const row = await storedWork(created.id);
    expect(row.duplicate_of).toBeNull();
    expect((row.trust_breakdown as { reasons: string[] }).reasons).toContain('Same image registered earlier by this artist: +4');
    expect((row.trust_breakdown as { reasons: string[] }).reasons).toContain(
      'The artist who claimed this name has 1 other registered work: +5',
    );
  });
});

describe('GET /api/submissions/{id}', () => {
  const NOT_FOUND = { error: { code: 'not_found', message: "This Registry ID doesn't exist or the submission is private." } };

  it('resolves both the UUID and the VW registry number (any case) to the same public record', async () => {
    const { created } = await registerWork(t.app, { artist_name: 'Reader', story_context: 'Painted after a walk.' });
    const byUuid = await getWork(created.id);
    const byRegistry = await getWork(created.registry_id.toLowerCase());
    expect(byUuid.statusCode).toBe(200);
    expect(byRegistry.statusCode).toBe(200);
    expect(byRegistry.json()).toEqual(byUuid.json());
    const work = byUuid.json<PublicWork>();
    expect(work).toMatchObject({
      id: created.id,
      registry_id: created.registry_id,
      title: 'Fox in Snow',
      artist_name: 'Reader',
      story_context: 'Painted after a walk.',
      trust_meter: created.trust_meter,
      verify_url: created.verify_url,
      email_verified: false,
      prompt: MODERATE_PROMPT,
      semantic_tokens: ['red', 'fox', 'sleeping', 'snowy', 'forest', 'watercolor'],
      permissions: {
        allow_ai_training: false,
        restrict_usage: false,
        remix_allowed: false,
        no_commercial: false,
        sensitive_content: false,
        must_give_credit: true,
      },
    });
    expect(work.trust.score).toBe(created.trust_meter);
    expect(Object.keys(work.trust.dimensions)).toEqual([
      'claim_clarity',
      'source_depth',
      'verification_logic',
      'temporal_context',
      'mesh_linkage',
    ]);
    expect(work.trust.reasons).toContain('Registration recorded in the transparency log: +15');
    const text = JSON.stringify(work);
    expect(text).not.toContain('fox.artist@example.com');
    expect(text).not.toContain('original_key');
    expect(text).not.toMatch(/author_email|email_verify|token_hash/);
  });

  it('hides a private prompt, its tokens and the prompt embedded in the file', async () => {
    const png = await makePng({
      width: 600,
      height: 400,
      seed: 77,
      textChunks: { parameters: `${A1111_PROMPT}\nSteps: 20, Seed: 5, Model: m` },
    });
    const { created } = await registerWork(
      t.app,
      { prompt: A1111_PROMPT, prompt_visibility: 'private', tool: 'Automatic1111', artist_name: 'Secretive' },
      png,
    );
    const work = (await getWork(created.id)).json<PublicWork>();
    expect(work.prompt).toBeNull();
    expect(work.semantic_tokens).toEqual([]);
    expect(JSON.stringify(work)).not.toContain('lighthouse');
    expect(work.embedded_metadata).toMatchObject({
      found: ['PNG parameters (Automatic1111)'],
      aiParameters: { source: 'automatic1111', model: 'm' },
    });
  });

  it('answers 404 with the exact message for a deleted, a private, a missing and a malformed id', async () => {
    const deleted = await registerWork(t.app, { artist_name: 'Gone' });
    await t.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('submissions')
        .set({ deleted_at: new Date(), deleted_by: 'admin@example.com', deletion_reason: 'test' })
        .where('id', '=', deleted.created.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await appendLogEvent(trx, {
        registry_id: row.registry_id,
        submission_id: row.id,
        image_sha256: row.image_hash!,
        event: 'soft_deleted',
        time: new Date(),
      });
    });
    const hidden = await registerWork(t.app, { artist_name: 'Hidden' });
    await t.deps.db.updateTable('submissions').set({ is_public: false }).where('id', '=', hidden.created.id).execute();

    for (const ref of [
      deleted.created.id,
      deleted.created.registry_id,
      hidden.created.id,
      crypto.randomUUID(),
      'VW-2020-999999',
      'not-an-id',
      "1' OR '1'='1",
    ]) {
      const res = await getWork(encodeURIComponent(ref));
      expect(res.statusCode, ref).toBe(404);
      expect(res.json(), ref).toEqual(NOT_FOUND);
    }
  });

  it('shows the two default resources when none has a URL, and rewrites a mistyped ledger link on our own site', async () => {
    const { created } = await registerWork(t.app, { artist_name: 'Linkless', profile_links: ['', ''] });
    const work = (await getWork(created.id)).json<PublicWork>();
    expect(work.verification_resources).toEqual([
      { type: 'fast_submit', url: '', description: 'Registered via Fast Submit' },
      { type: 'registry_record', url: `http://ledger.test/verify/${created.id}`, description: 'VeriWork proof page' },
      { type: 'community', url: 'http://ledger.test/ledger', description: 'Public ledger' },
    ]);

    const linked = await registerWork(t.app, {
      artist_name: 'Ledger Linker',
      profile_links: ['http://ledger.test/leger', 'http://ledger.test/Ledger/', 'https://example.com/leger'],
    });
    const urls = (await getWork(linked.created.id)).json<PublicWork>().verification_resources.map((r) => r.url);
    expect(urls).toEqual(['http://ledger.test/ledger', 'http://ledger.test/ledger', 'https://example.com/leger', '']);
  });
});
