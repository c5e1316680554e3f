// Shapes of the transparency log's JSON answers (GET /api/log/…) as zod schemas: the log's
// routes (server/transparency/) answer with them, and the proof bundle a work's downloads carry
// (server/proof/) is the inclusion proof plus what a verifier needs offline.
import { z } from 'zod';

const hexHash = z.string().describe('Lowercase hex SHA-256.');
const auditPath = z.array(hexHash).describe('Lowercase hex node hashes, nearest the leaf first (RFC 9162 §2.1.3).');
const signedNote = z
  .string()
  .describe('A C2SP signed note (tlog-checkpoint) whose tree size is tree_size, followed by any witness cosignatures.');

/** GET /api/log/proof/inclusion; by id the answer also says whether the work is still public. */
export const inclusionProofSchema = z
  .object({
    leaf_index: z.number().int().nonnegative(),
    tree_size: z.number().int().positive(),
    leaf_hash: hexHash.describe('The leaf hash, SHA-256(0x00 ‖ leaf_canonical_json).'),
    leaf_canonical_json: z.string().describe('The logged entry: canonical JSON of hashes and ids only.'),
    hashes: auditPath,
    checkpoint: signedNote,
    work_status: z
      .enum(['public', 'removed', 'purged'])
      .optional()
      .describe('Only when asked by id: whether the work is still public.'),
    work_status_note: z.string().optional().describe('For a removed or purged work: what that means for this proof, in words.'),
    removal_leaf_index: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe('For a removed or purged work: the leaf that logged the removal.'),
  })
  .meta({ id: 'InclusionProof', description: 'Proof that a leaf is in the tree of a signed checkpoint.' });
/** GET /api/log/proof/inclusion (the web app's proof page reads it). */
export type InclusionProof = z.infer<typeof inclusionProofSchema>;

export const consistencyProofSchema = z
  .object({
    first: z.number().int().nonnegative(),
    second: z.number().int().nonnegative(),
    hashes: auditPath.describe('Lowercase hex node hashes of the RFC 9162 §2.1.4 consistency proof.'),
  })
  .meta({ id: 'ConsistencyProof', description: 'Proof that the tree of size first is a prefix of the tree of size second.' });

export const logEntriesSchema = z
  .object({
    entries: z.array(
      z.object({
        leaf_index: z.number().int().nonnegative(),
        leaf_hash: hexHash,
        canonical_json: z.string().describe('The logged entry: canonical JSON of hashes and ids only.'),
        event_type: z.string().describe("What was logged: 'created', 'soft_deleted', 'restored', 'purged'…"),
        created_at: z.string().describe('When the leaf was appended (ISO 8601, UTC).'),
      }),
    ),
  })
  .meta({ id: 'LogEntries', description: 'Leaves of the log, in order.' });

/** The proof bundle of a public work (proof.json of the downloads), verifiable offline. */
export const proofBundleSchema = inclusionProofSchema
  .omit({ work_status: true, work_status_note: true, removal_leaf_index: true })
  .extend({
    vkey: z.string().describe('The verifier key of the checkpoint signatures (as GET /api/log/key).'),
    log_origin: z.string().describe("The log's origin line, as in its checkpoints."),
    policy: z.string().optional().describe("The log's C2SP tlog-policy: its key, its witnesses and the quorum of cosignatures."),
    tlog_proof: z.string().optional().describe('The same proof as a C2SP tlog-proof (its extra data is leaf_canonical_json).'),
  })
  .meta({ id: 'ProofBundle', description: 'Everything needed to check a registration offline (`npm run verify`).' });
