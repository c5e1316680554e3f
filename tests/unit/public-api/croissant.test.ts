import { describe, expect, it } from 'vitest';
import { datasetCitation } from '../../../server/ledger/public-api/citation';
import { croissantDescription } from '../../../server/ledger/public-api/croissant';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { SITE, makeRow } from './fixtures';

const generatedAt = new Date('2026-11-22T08:30:00Z');
interface CroissantField {
  '@type': string;
  '@id': string;
  name: string;
  description: string;
  repeated?: boolean;
  dataType: string;
  source: { fileObject: { '@id': string }; extract: { jsonPath: string } };
}
interface CroissantDoc {
  '@type': string;
  '@context': Record<string, unknown>;
  conformsTo: string;
  name: string;
  description: string;
  license: string;
  citeAs: string;
  url: string;
  distribution: Array<Record<string, unknown>>;
  recordSet: Array<{ field: CroissantField[] }>;
}
const snapshot = {
  id: '20261122T083000Z-1a2b3c4d',
  taken_at: generatedAt.toISOString(),
  entries: 1234,
  bytes: 56789,
  sha256: 'ab'.repeat(32),
};
const doc = croissantDescription({ siteUrl: `${SITE}/`, snapshot }) as unknown as CroissantDoc;

/** Follows a simple Croissant jsonPath such as $.permissions.allow_ai_training or $.proven_identities[*].url. */
function at(object: unknown, jsonPath: string): unknown {
  const keys = jsonPath.replace(/^\$\./, '').split('.');
  const walk = (value: unknown, i: number): unknown => {
    if (i === keys.length) return value;
    const key = keys[i];
    const node = value as Record<string, unknown> | undefined;
    if (!key.endsWith('[*]')) return walk(node?.[key], i + 1);
    const list = node?.[key.slice(0, -3)];
    return Array.isArray(list) ? list.map((item) => walk(item, i + 1)) : undefined;
  };
  return walk(object, 0);
}

/** The identity fields a record's proven_identities list is described by, one per key. */
const IDENTITY_FIELDS = ['url', 'host', 'kind', 'method', 'proven_at'].map((key) => `proven_identity_${key}`);

describe('dataset citation', () => {
  it('gives the required citation text with the retrieval date and API address', () => {
    expect(datasetCitation({ siteUrl: `${SITE}/`, retrievedAt: generatedAt })).toBe(
      'VeriWork Public Ledger (2026). AI-generated artwork registry dataset. Retrieved 2026-11-22 from ' +
        'https://ledger.example/api/v1/ledger. Licensed CC BY 4.0.',
    );
  });
});

describe('Croissant description', () => {
  it('is a Croissant 1.0 sc:Dataset with the Croissant context', () => {
    expect(doc['@type']).toBe('sc:Dataset');
    expect(doc.conformsTo).toBe('http://mlcommons.org/croissant/1.0');
    expect(doc['@context']).toMatchObject({
      '@vocab': 'https://schema.org/',
      cr: 'http://mlcommons.org/croissant/',
      citeAs: 'cr:citeAs',
      dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
      recordSet: 'cr:recordSet',
      field: 'cr:field',
    });
    expect(doc.name).toBe('VeriWork Public Ledger');
  });

  it('is licensed CC BY 4.0, notes that works may carry their own licence, and cites as required', () => {
    expect(doc.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(doc.description).toContain('Individual works may carry their own licence');
    expect(doc.description).toContain('1234 entries on 2026-11-22');
    expect(doc.citeAs).toBe(datasetCitation({ siteUrl: SITE, retrievedAt: generatedAt }));
    expect(doc.url).toBe('https://ledger.example/api/docs');
  });

  it('points its distribution at the published snapshot with its SHA-256, size and time', () => {
    expect(doc.distribution[0]).toMatchObject({
      '@type': 'cr:FileObject',
      name: 'ai-art-ledger-20261122T083000Z.jsonl.gz',
      contentUrl: 'https://ledger.example/api/v1/ledger/snapshots/20261122T083000Z-1a2b3c4d.jsonl.gz',
      encodingFormat: 'application/gzip',
      sha256: 'ab'.repeat(32),
      contentSize: '56789 B',
      dateModified: '2026-11-22T08:30:00.000Z',
    });
    expect(doc.distribution).toHaveLength(2);
    expect(doc.distribution[1]).toMatchObject({
      '@type': 'cr:FileObject',
      containedIn: { '@id': doc.distribution[0]['@id'] },
      encodingFormat: 'application/jsonlines',
    });
  });

  it('declares typed fields whose sources name a declared file and whose JSON paths exist in a real record', () => {
    const fields = doc.recordSet[0].field;
    const byName = Object.fromEntries(fields.map((f) => [f.name, f.dataType]));
    expect(byName).toMatchObject({
      id: 'sc:Text',
      title: 'sc:Text',
      artist_name: 'sc:Text',
      prompt: 'sc:Text',
      tool: 'sc:Text',
      trust_meter: 'sc:Integer',
      created_at: 'sc:DateTime',
      image_url: 'sc:URL',
      image_sha256: 'sc:Text',
      license: 'sc:Text',
      allow_ai_training: 'sc:Boolean',
    });
    const fileIds = doc.distribution.map((d) => d['@id']);
    const record = toPublicRecord(makeRow(), { siteUrl: SITE, includePrompts: true });
    for (const field of fields) {
      expect(field['@type']).toBe('cr:Field');
      expect(fileIds).toContain(field.source.fileObject['@id']);
      expect(at(record, field.source.extract.jsonPath), field.name).not.toBeUndefined();
    }
  });
});

describe('Croissant 1.0 completeness', () => {
  const record = toPublicRecord(makeRow(), { siteUrl: SITE, includePrompts: true });
  /** Every leaf key of a dump line: permissions.x counts as x, proven_identities[*].x as proven_identity_x. */
  const recordKeys = Object.entries(record).flatMap(([key, value]) =>
    key === 'permissions' ? Object.keys(value as object) : key === 'proven_identities' ? IDENTITY_FIELDS : [key],
  );

  it('has the Dataset properties Croissant 1.0 requires, and the responsible-AI ones that apply', () => {
    const d = doc as unknown as Record<string, unknown>;
    for (const key of ['@context', '@type', 'conformsTo', 'name', 'description', 'license', 'url', 'distribution', 'recordSet']) {
      expect(d[key], key).toBeTruthy();
    }
    expect(d['@type']).toBe('sc:Dataset');
    for (const key of [
      'rai:dataCollection',
      'rai:dataCollectionType',
      'rai:personalSensitiveInformation',
      'rai:dataLimitations',
      'rai:dataUseCases',
    ]) {
      expect(typeof d[key], key).toBe('string');
    }
  });

  it('describes every key of a dump line exactly once, each with a description, an @id and a dataType', () => {
    const fields = doc.recordSet[0].field;
    expect(fields.map((f) => f.name).sort()).toEqual([...recordKeys].sort());
    for (const field of fields) {
      expect(field.description.length, field.name).toBeGreaterThan(10);
      expect(field['@id']).toBe(`entries/${field.name}`);
      expect(field.dataType).toMatch(/^sc:(Text|Integer|Boolean|DateTime|URL)$/);
    }
    expect(fields.filter((f) => f.repeated).map((f) => f.name)).toEqual([...IDENTITY_FIELDS, 'tags', 'usage_type']);
  });

  it('types created_at as sc:DateTime because it holds a full ISO 8601 instant', () => {
    expect(record.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(doc.recordSet[0].field.find((f) => f.name === 'created_at')?.dataType).toBe('sc:DateTime');
  });
});
