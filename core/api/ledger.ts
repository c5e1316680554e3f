// Shapes of the ledger's JSON answers (GET /api/ledger, /api/featured, /api/artists/{name}) and
// of the live-update event, as zod schemas: the server's routes validate their answers against
// them and the web app reads the very same types (re-exported by core/api-types.ts).
import { z } from 'zod';
import { provenIdentitySchema } from './link-proofs';
import { DATE_FILTER_DAYS, LEDGER_EXACT_TOTAL_CAP, PROMPT_VISIBILITIES, type DateFilter } from '../constants';
import { LEDGER_SORTS } from '../tools';

export const workSummarySchema = z
  .object({
    id: z.guid().describe('Submission UUID.'),
    registry_id: z.string().describe('Registry id, VW-YYYY-NNNNNN.'),
    title: z.string(),
    artist_name: z.string(),
    author_full_name: z.string(),
    tool: z.string().describe("The AI tool; the artist's own name for it when they chose 'Other'."),
    platform: z.string(),
    trust_meter: z.number().describe('Trust score, 0-100.'),
    image_url: z.string().nullable().describe('Public URL of the 360 px derivative, or null.'),
    image_width: z.number().int().nullable(),
    image_height: z.number().int().nullable(),
    created_at: z.string().describe('Registration time, ISO 8601 UTC.'),
    tags: z.array(z.string()),
    usage_type: z.array(z.string()),
    prompt_visibility: z.enum(PROMPT_VISIBILITIES),
    prompt: z.string().nullable().describe('Only when the prompt is public; otherwise null.'),
  })
  .meta({ id: 'WorkSummary', description: 'A work as shown on cards: ledger, artist page, featured list.' });
/** A work as shown on cards: ledger, artist page, featured list. */
export type WorkSummary = z.infer<typeof workSummarySchema>;

export const filterOptionSchema = z
  .object({ value: z.string(), count: z.number().int() })
  .meta({ id: 'FilterOption', description: 'A value of a ledger filter and the number of public works that carry it.' });
/** A value of a ledger filter and the number of public works that carry it. */
export type FilterOption = z.infer<typeof filterOptionSchema>;

/**
 * The choices the web app puts in the query string of GET /api/ledger, as values; the server
 * validates the text it receives with its own schema (server/ledger/ledger-query.ts).
 */
export const ledgerQueryValuesSchema = z.object({
  search: z.string().optional(),
  tool: z.string().optional(),
  platform: z.string().optional(),
  tag: z.string().optional(),
  date: z.enum(Object.keys(DATE_FILTER_DAYS) as [DateFilter, ...DateFilter[]]).optional(),
  sort: z.enum(LEDGER_SORTS).optional(),
  page: z.number().int().optional(),
  cursor: z.string().optional(),
});
export type LedgerQuery = z.infer<typeof ledgerQueryValuesSchema>;

export const ledgerResponseSchema = z
  .object({
    items: z.array(workSummarySchema),
    total: z
      .number()
      .int()
      .describe(
        `Works matching the filters (what the pager counts): exact when total_exact, otherwise an estimate above ${LEDGER_EXACT_TOTAL_CAP.toLocaleString('en-US')}.`,
      ),
    total_exact: z
      .boolean()
      .describe(
        `Whether total is an exact count. Totals are counted exactly up to ${LEDGER_EXACT_TOTAL_CAP.toLocaleString('en-US')} works.`,
      ),
    page: z
      .number()
      .int()
      .describe(
        'The page number: as asked, or for a cursor page counted along the walk from the first or last page (registrations meanwhile can make it drift).',
      ),
    page_size: z.number().int(),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor (same sort, search and filters) for the page after this one; null on the last page.'),
    prev_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor (same sort, search and filters) for the page before this one; null on the first page.'),
    total_verified: z.number().int().describe("All public works scoring 62 or more, for the header's 'total verified' count."),
    tool_options: z.array(z.string()).describe('Tools present in the ledger merged with the 42-tool list.'),
    platform_options: z
      .array(filterOptionSchema)
      .describe(
        "Platforms present in the public ledger with how many works each, in the wizard's order. Works stored as 'Web Browser' count as 'Web'. Ignores the search and filters.",
      ),
    tag_options: z
      .array(filterOptionSchema)
      .describe('The most used tags of the public ledger with their counts, alphabetically. Ignores the search and filters.'),
  })
  .meta({ id: 'LedgerResponse', description: 'One page of the ledger (GET /api/ledger).' });
/** GET /api/ledger */
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

export const artistResponseSchema = z
  .object({
    artist_name: z.string(),
    author_full_name: z.string().nullable().describe("From the artist's newest work."),
    portfolio_link: z.string().nullable(),
    external_link: z.string().nullable(),
    total: z.number().int(),
    verified_total: z.number().int().describe('Of total, the works scoring at or above the Verified threshold (62).'),
    page: z.number().int(),
    page_size: z.number().int(),
    items: z.array(workSummarySchema),
    claimed: z
      .boolean()
      .describe(
        'Whether an artist claimed the name (a confirmed address that proved a link with rel="me"). When true, total and items are ' +
          "the claimant's works, and others_* the works registered under the name by anyone else; when false, every work is listed " +
          'and none is confirmed by the artist.',
      ),
    claimed_at: z.string().nullable(),
    proven_identities: z.array(provenIdentitySchema).describe("The claimant's pages that link back to this artist page."),
    others_total: z
      .number()
      .int()
      .describe('Public works registered under the name by others, not confirmed by the artist (0 when unclaimed).'),
    others: z.array(workSummarySchema).describe('The newest of them, at most one page.'),
  })
  .meta({ id: 'ArtistResponse', description: "One page of an artist's public works (GET /api/artists/{name})." });
/** GET /api/artists/{name}?page */
export type ArtistResponse = z.infer<typeof artistResponseSchema>;

export const featuredResponseSchema = z
  .object({ items: z.array(workSummarySchema) })
  .meta({ id: 'FeaturedResponse', description: 'Up to 5 random public works scoring 62 or more (GET /api/featured).' });
/** GET /api/featured: up to 5 random public works scoring >= 62. */
export type FeaturedResponse = z.infer<typeof featuredResponseSchema>;

export const workRegisteredEventSchema = z
  .object({ id: z.guid().describe('Submission UUID.'), trust_meter: z.number().describe('Trust score, 0-100.') })
  .meta({ id: 'WorkRegisteredEvent', description: "Data of the 'work-registered' server-sent event." });
/** Server-sent event on GET /api/events when a public work is registered. */
export type WorkRegisteredEvent = z.infer<typeof workRegisteredEventSchema>;
