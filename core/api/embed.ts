// The data behind the live badge element (<veriwork-badge>, served as /embed/badge.js): what a
// badge shows, decided by the server (status label and colour come from the one trust scale in
// core/status.ts), so the element on another site only lays it out.
import { z } from 'zod';

export const embedBadgeDataSchema = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('work'),
      registry_id: z.string(),
      title: z.string(),
      artist_name: z.string(),
      trust_score: z.number().int().describe('0–100, computed by the server from the evidence.'),
      trust_max: z.number().int(),
      status_label: z.string().describe("The status on the one trust scale, e.g. 'Verified'."),
      status_meaning: z.string(),
      status_colour: z.string().describe('The status colour as #rrggbb.'),
      registered_at: z.string().describe('ISO 8601 time of registration.'),
      proof_url: z.string().describe('The proof page.'),
    }),
    z.object({
      kind: z.literal('removed').describe('A work removed from the public ledger: no title or artist is shown.'),
      registry_id: z.string(),
      proof_url: z.string(),
    }),
  ])
  .meta({ id: 'EmbedBadgeData', description: 'What the live badge element shows for one work.' });
/** GET /embed/badge/{id} */
export type EmbedBadgeData = z.infer<typeof embedBadgeDataSchema>;
