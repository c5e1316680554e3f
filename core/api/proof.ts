// Shapes of the proof feature's JSON answers ("verify a file" and the 'Badge code' snippet) as
// zod schemas: the server's routes validate their answers against them and the web app reads the
// very same types (re-exported by core/api-types.ts).
import { z } from 'zod';
import { workSummarySchema } from './ledger';

export const lookupResponseSchema = z
  .object({
    image_hash: z.string().describe('SHA-256 of the file that was sent, hex.'),
    exact: z.array(workSummarySchema).describe('Public works registered with the same SHA-256, oldest first (at most 50).'),
    near: z
      .array(
        z.object({
          // The card's fields, spread rather than extended: an extended schema would stay tied
          // to the WorkSummary component in the OpenAPI document.
          ...workSummarySchema.shape,
          distance: z
            .number()
            .int()
            .describe(
              'Bits that differ between the closest fingerprints: the perceptual hashes, or for a cropped, slightly turned or framed copy the closest crop-tolerant views (0 = visually identical).',
            ),
        }),
      )
      .describe('Visually close public works with another SHA-256, oldest first (at most 50).'),
  })
  .meta({ id: 'LookupResponse', description: 'Registered works matching an image (POST /api/lookup); nothing sent is stored.' });
/** POST /api/lookup (multipart 'file'): registered works matching an image. */
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

export const badgeEmbedSchema = z
  .object({ html: z.string().describe('An <a> to the proof page around the live badge <img>, ready to paste.') })
  .meta({ id: 'BadgeEmbed', description: "The 'Badge code' HTML snippet of a work." });
/** GET /api/submissions/{id}/embed */
export type BadgeEmbed = z.infer<typeof badgeEmbedSchema>;
