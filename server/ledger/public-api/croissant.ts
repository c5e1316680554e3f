import { SITE_NAME } from '../../../core/site';
import { LOG_INDEX_DESCRIPTION } from '../../../core/proof-text';
import { DATASET_LICENSE_NOTE, DATASET_LICENSE_URL, DATASET_NAME, datasetCitation } from './citation';
import { PUBLIC_API_VERSION } from './metadata';
import { snapshotFilename, snapshotUrl, type SnapshotManifest } from '../snapshot/snapshot-names';

/** Croissant 1.0 JSON-LD context as recommended by the spec (MLCommons, appendix 1). */
const CROISSANT_CONTEXT = {
  '@language': 'en',
  '@vocab': 'https://schema.org/',
  sc: 'https://schema.org/',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  dct: 'http://purl.org/dc/terms/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  samplingRate: 'cr:samplingRate',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
} as const;

export const DUMP_PATH = '/api/v1/ledger/dump.jsonl.gz';
const ARCHIVE_ID = 'ledger-dump-gz';
const JSONL_ID = 'ledger-dump-jsonl';
const RECORD_SET_ID = 'entries';

// [name, dataType, JSON path in a dump line, description]: every key of a dump line
// (PublicApiRecord), in its order, with the Croissant / schema.org type of its values.
export const CROISSANT_FIELDS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['id', 'sc:Text', '$.id', 'Registry ID, VW-YYYY-NNNNNN.'],
  ['uuid', 'sc:Text', '$.uuid', 'Submission UUID; /verify/{uuid} resolves too.'],
  ['title', 'sc:Text', '$.title', 'Title of the artwork.'],
  ['artist_name', 'sc:Text', '$.artist_name', 'Public artist name.'],
  ['author_location', 'sc:Text', '$.author_location', '"City, State, Country" from the parts the artist gave, or null.'],
  ['prompt', 'sc:Text', '$.prompt', 'The prompt, only where the artist made it public; otherwise null.'],
  ['prompt_available', 'sc:Boolean', '$.prompt_available', 'The artist made the prompt public.'],
  ['tool', 'sc:Text', '$.tool', 'AI tool the artist named.'],
  ['platform', 'sc:Text', '$.platform', 'Platform the work was made on, as the artist named it.'],
  ['verification_method', 'sc:Text', '$.verification_method', 'How the artist registered the work (e.g. Fast Submit).'],
  ['trust_meter', 'sc:Integer', '$.trust_meter', 'Trust score 0-100, computed by the registry from the evidence.'],
  ['status', 'sc:Text', '$.status', 'Trust status label derived from the score.'],
  ['rubric_version', 'sc:Text', '$.rubric_version', 'Version of the trust rubric the score was computed under.'],
  [
    'artist_confirmed',
    'sc:Boolean',
    '$.artist_confirmed',
    'Registered by the identity that claimed the artist name (a confirmed address that proved a page of its own).',
  ],
  // proven_identities is a list of records; each of its keys is a repeated field, in list order.
  [
    'proven_identity_url',
    'sc:URL',
    '$.proven_identities[*].url',
    "Pages of the work's links that link back to the registry (proven), and https://<domain>/ of each domain its identity proved; typed links never appear.",
  ],
  ['proven_identity_host', 'sc:Text', '$.proven_identities[*].host', "Host name of each proven page, without 'www.'."],
  ['proven_identity_kind', 'sc:Text', '$.proven_identities[*].kind', "'social' (a known social platform) or 'website'."],
  [
    'proven_identity_method',
    'sc:Text',
    '$.proven_identities[*].method',
    "How each page proved it: 'rel_me', 'text_url' or 'text_registry_id'; a proven domain: 'dns_txt' or 'well_known'.",
  ],
  [
    'proven_identity_proven_at',
    'sc:DateTime',
    '$.proven_identities[*].proven_at',
    'Since when each page has linked back (or each domain held its token), ISO 8601 UTC.',
  ],
  ['tags', 'sc:Text', '$.tags[*]', 'Tags the artist chose (one value per tag).'],
  ['usage_type', 'sc:Text', '$.usage_type[*]', 'Intended uses the artist named (one value per use).'],
  ['created_at', 'sc:DateTime', '$.created_at', 'Registration time, ISO 8601 UTC.'],
  ['image_available', 'sc:Boolean', '$.image_available', 'The registry holds a usable image of the work.'],
  ['image_url', 'sc:URL', '$.image_url', 'Absolute URL of the image (a JPEG copy), or null.'],
  ['image_sha256', 'sc:Text', '$.image_sha256', 'SHA-256 (hex) of the original image file.'],
  ['license', 'sc:Text', '$.license', 'Licence the artist chose for this work.'],
  [
    'allow_ai_training',
    'sc:Boolean',
    '$.permissions.allow_ai_training',
    'The artist allows use for AI training; false means training is reserved.',
  ],
  ['restrict_usage', 'sc:Boolean', '$.permissions.restrict_usage', 'The artist restricts how the work may be used.'],
  ['remix_allowed', 'sc:Boolean', '$.permissions.remix_allowed', 'The artist allows remixes.'],
  ['no_commercial', 'sc:Boolean', '$.permissions.no_commercial', 'The artist forbids commercial use.'],
  ['sensitive_content', 'sc:Boolean', '$.permissions.sensitive_content', 'The artist marked the work as sensitive.'],
  ['must_give_credit', 'sc:Boolean', '$.permissions.must_give_credit', 'The artist requires credit.'],
  [
    'training_mining',
    'sc:Text',
    '$.training_mining',
    "The artist's AI-training choice in the CAWG training-and-data-mining vocabulary: 'allowed' or 'notAllowed'.",
  ],
  ['log_index', 'sc:Integer', '$.log_index', LOG_INDEX_DESCRIPTION],
  ['ledger_url', 'sc:URL', '$.ledger_url', 'Proof page of the work.'],
];
const FIELDS = CROISSANT_FIELDS;
const REPEATED_FIELDS = new Set(FIELDS.filter(([, , jsonPath]) => jsonPath.includes('[*]')).map(([name]) => name));

/**
 * Croissant 1.0 (MLCommons) description of the ledger as an ML dataset, for
 * /api/v1/ledger/croissant.json and the API page. The ledger grows, so it is a live dataset; its
 * file is the newest published snapshot (ledger/snapshot/), whose address names bytes that never
 * change, so its SHA-256 and size stay true. The live dump (dump.jsonl.gz) is not listed: no
 * checksum can be true for a file that changes with every registration.
 */
export function croissantDescription(input: {
  siteUrl: string;
  snapshot: Pick<SnapshotManifest, 'id' | 'taken_at' | 'entries' | 'bytes' | 'sha256'>;
}): Record<string, unknown> {
  const site = input.siteUrl.replace(/\/+$/, '');
  const { snapshot } = input;
  const takenAt = new Date(snapshot.taken_at);
  return {
    '@context': CROISSANT_CONTEXT,
    '@type': 'sc:Dataset',
    conformsTo: 'http://mlcommons.org/croissant/1.0',
    name: DATASET_NAME,
    description:
      `Public, non-deleted records of the ${SITE_NAME} registry of AI-generated artwork: title, artist, ` +
      "tool, public prompts, trust score with its rubric version, the work's proven identities (pages that link back to the " +
      "registry, with the time of proof), image link and SHA-256, licence and the artist's permissions " +
      `(${snapshot.entries} entries on ${snapshot.taken_at.slice(0, 10)}, in the snapshot taken at ${snapshot.taken_at}; ` +
      'a new snapshot is published at most hourly when the ledger changed). ' +
      'Private prompts, e-mail addresses and private or removed works are never included. ' +
      DATASET_LICENSE_NOTE,
    license: DATASET_LICENSE_URL,
    usageInfo: DATASET_LICENSE_NOTE,
    citeAs: datasetCitation({ siteUrl: site, retrievedAt: takenAt }),
    url: `${site}/api/docs`,
    creator: { '@type': 'sc:Organization', name: SITE_NAME, url: site },
    publisher: { '@type': 'sc:Organization', name: SITE_NAME, url: site },
    version: PUBLIC_API_VERSION,
    dateModified: snapshot.taken_at,
    isLiveDataset: true,
    keywords: ['AI-generated art', 'provenance', 'image dataset', 'prompts', 'trust score'],
    // Croissant RAI 1.0: how the data came to be and what it does not cover.
    'rai:dataCollection':
      'Artists register their own works through the web form or API: title, prompt, tool and evidence; the registry computes ' +
      'the image SHA-256 and the trust score. Nothing is scraped.',
    'rai:dataCollectionType': 'Self-reported by the artists',
    'rai:personalSensitiveInformation':
      'Artist names and, where the artist gave them, city, state and country. E-mail addresses, private prompts and IP addresses ' +
      'are never included.',
    'rai:dataLimitations':
      'Titles, prompts, tools and permissions are what the artist stated; the trust score measures the evidence given, not ' +
      'authorship. Only links the registry proved (their page links back to it) and domains the artist proved (a DNS TXT ' +
      'record or a /.well-known/ file holding their token) are listed as identities, each with the time it was first ' +
      'proven; a page that removes its back-link leaves the list at the next check. artist_confirmed tells a ' +
      'work of the identity that claimed its artist name from others registered under that name. ' +
      'Works marked sensitive_content may need filtering.',
    'rai:dataUseCases':
      "Provenance research and attribution. AI training only of works whose allow_ai_training is true: the artist's choice.",
    distribution: [
      {
        '@type': 'cr:FileObject',
        '@id': ARCHIVE_ID,
        name: snapshotFilename(snapshot.id),
        description:
          `Every public entry at ${snapshot.taken_at}, one JSON object per line, gzip-compressed. ` +
          `The bytes at this address never change; the live, unchecksummed dump is ${site}${DUMP_PATH}.`,
        contentUrl: snapshotUrl(site, snapshot.id),
        encodingFormat: 'application/gzip',
        contentSize: `${snapshot.bytes} B`,
        sha256: snapshot.sha256,
        dateModified: snapshot.taken_at,
      },
      {
        '@type': 'cr:FileObject',
        '@id': JSONL_ID,
        name: 'dump.jsonl',
        description: 'The JSON Lines file inside the gzip archive.',
        contentUrl: 'dump.jsonl',
        containedIn: { '@id': ARCHIVE_ID },
        encodingFormat: 'application/jsonlines',
      },
    ],
    recordSet: [
      {
        '@type': 'cr:RecordSet',
        '@id': RECORD_SET_ID,
        name: RECORD_SET_ID,
        description: 'One registered artwork per record.',
        key: { '@id': `${RECORD_SET_ID}/id` },
        field: FIELDS.map(([name, dataType, jsonPath, description]) => ({
          '@type': 'cr:Field',
          '@id': `${RECORD_SET_ID}/${name}`,
          name,
          description,
          dataType,
          ...(REPEATED_FIELDS.has(name) ? { repeated: true } : {}),
          source: { fileObject: { '@id': JSONL_ID }, extract: { jsonPath } },
        })),
      },
    ],
  };
}
