// Issue 35: the Croissant description read by a JSON-LD processor (jsonld.js, the W3C JSON-LD 1.1
// reference implementation for JavaScript), as Croissant's own tools read it. Safe mode throws
// on anything a processor would drop or could not map to an IRI, so a term missing from the
// @context fails here rather than vanishing silently for a dataset tool.
import jsonld from 'jsonld';
import { describe, expect, it } from 'vitest';
import { croissantDescription } from '../../../server/ledger/public-api/croissant';
import { toPublicRecord } from '../../../server/ledger/public-api/record';
import { SITE, makeRow } from './fixtures';

const CR = 'http://mlcommons.org/croissant/';
const SCHEMA = 'https://schema.org/';

const doc = croissantDescription({
  siteUrl: SITE,
  snapshot: { id: '20261122T083000Z-1a2b3c4d', taken_at: '2026-11-22T08:30:00.000Z', entries: 3, bytes: 456, sha256: 'cd'.repeat(32) },
});

/**
 * Where the description is served: its relative @ids ('entries/id', as Croissant's own examples
 * write them) resolve against it, as they do for a processor that fetched it.
 */
const DOCUMENT_URL = `${SITE}/api/v1/ledger/croissant.json`;
/** The context is inline: a processor must never need the network to read it. */
const noNetwork = (url: string): Promise<never> => Promise.reject(new Error(`no remote context may be loaded: ${url}`));

type Node = Record<string, unknown>;
const values = (node: Node, iri: string) => (node[iri] as Node[] | undefined) ?? [];
const valueOf = (node: Node, iri: string) => values(node, iri)[0]?.['@value'];
const idOf = (node: Node, iri: string) => values(node, iri)[0]?.['@id'];

describe('Croissant description through a JSON-LD processor', () => {
  it('expands in safe mode, every term mapped, with no remote context', async () => {
    const expanded = (await jsonld.expand(doc, {
      safe: true,
      base: DOCUMENT_URL,
      documentLoader: noNetwork,
    } as jsonld.Options.Expand)) as Node[];
    expect(expanded).toHaveLength(1);
    expect(expanded[0]['@type']).toEqual([`${SCHEMA}Dataset`]);
    expect(valueOf(expanded[0], 'http://purl.org/dc/terms/conformsTo')).toBe('http://mlcommons.org/croissant/1.0');
  });

  it('loads one record through the declared fields: each field names its data type and a JSON path that finds a value', async () => {
    const expanded = (await jsonld.expand(doc, {
      safe: true,
      base: DOCUMENT_URL,
      documentLoader: noNetwork,
    } as jsonld.Options.Expand)) as Node[];
    const [recordSet] = values(expanded[0], `${CR}recordSet`);
    const fields = values(recordSet, `${CR}field`);
    const identity = {
      url: 'https://www.instagram.com/ada',
      host: 'instagram.com',
      kind: 'social' as const,
      method: 'rel_me' as const,
      proven_at: '2026-11-28T10:00:00.000Z',
    };
    const row = makeRow({ identities: { artistConfirmed: true, provenIdentities: [identity] } });
    const record = toPublicRecord(row, { siteUrl: SITE, includePrompts: true }) as unknown as Node;
    const walk = (value: unknown, keys: string[]): unknown => {
      if (keys.length === 0) return value;
      const [key, ...rest] = keys;
      if (key.endsWith('[*]')) return ((value as Node)[key.slice(0, -3)] as unknown[]).map((item) => walk(item, rest));
      return walk((value as Node)[key], rest);
    };

    const loaded = Object.fromEntries(
      fields.map((field) => {
        const name = valueOf(field, `${SCHEMA}name`) as string;
        const source = values(field, `${CR}source`)[0];
        const jsonPath = valueOf(values(source, `${CR}extract`)[0], `${CR}jsonPath`) as string;
        const path = jsonPath.replace(/^\$\./, '').split('.');
        return [name, { dataType: idOf(field, `${CR}dataType`), value: walk(record, path) }];
      }),
    );
    // permissions: six fields; proven_identities: one repeated field per key of an identity.
    expect(Object.keys(loaded)).toHaveLength(Object.keys(record).length - 2 + 6 + 5);
    expect(loaded.id).toEqual({ dataType: `${SCHEMA}Text`, value: record.id });
    expect(loaded.trust_meter).toEqual({ dataType: `${SCHEMA}Integer`, value: record.trust_meter });
    expect(loaded.allow_ai_training).toEqual({ dataType: `${SCHEMA}Boolean`, value: true });
    expect(loaded.training_mining).toEqual({ dataType: `${SCHEMA}Text`, value: 'allowed' });
    expect(loaded.tags).toEqual({ dataType: `${SCHEMA}Text`, value: ['AI Art', 'landscape'] });
    expect(loaded.rubric_version).toEqual({ dataType: `${SCHEMA}Text`, value: '2026-11.3' });
    expect(loaded.artist_confirmed).toEqual({ dataType: `${SCHEMA}Boolean`, value: true });
    expect(loaded.proven_identity_url).toEqual({ dataType: `${SCHEMA}URL`, value: ['https://www.instagram.com/ada'] });
    expect(loaded.proven_identity_kind).toEqual({ dataType: `${SCHEMA}Text`, value: ['social'] });
    expect(loaded.proven_identity_proven_at).toEqual({ dataType: `${SCHEMA}DateTime`, value: ['2026-11-28T10:00:00.000Z'] });
    for (const [name, { value }] of Object.entries(loaded)) expect(value, name).not.toBeUndefined();
  });
});
