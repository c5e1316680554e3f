// Query strings of the app's read endpoints: GET /api/ledger and GET /api/artists/{name}.
// The same zod schemas validate requests and describe them in /api/openapi.json; values arrive
// cleaned by queryParameterRules (invalid-parameter.ts), each message completing
// "Invalid parameter '<name>': ".
import { z } from 'zod';
import { LEDGER_PARAMETER_REASONS as MUST } from '../../core/api-error-texts';
import { DATE_FILTER_DAYS, LEDGER_QUERY_LIMITS, PAGE_SIZES } from '../../core/constants';
import { LEDGER_SORTS } from '../../core/tools';
import { decodeLedgerCursor, filterFingerprint } from './ledger-cursor';

const DATE_FILTERS = Object.keys(DATE_FILTER_DAYS) as (keyof typeof DATE_FILTER_DAYS)[];

const { search: MAX_SEARCH_LENGTH, filter: MAX_FILTER_LENGTH, page: MAX_PAGE } = LEDGER_QUERY_LIMITS;

/** The texts of the 400 answers the ledger's reads give after validation (ledger-repository.ts). */
export const LEDGER_PARAMETER_RULES = { pageTooDeep: MUST.pageTooDeep } as const;

const filterText = (description: string) =>
  z.string({ error: MUST.filter }).trim().max(MAX_FILTER_LENGTH, { error: MUST.filter }).optional().meta({ description });

const pageNumber = z
  .string({ error: MUST.page })
  .regex(/^\d+$/, { error: MUST.page })
  .transform(Number)
  .refine((n) => n >= 1 && n <= MAX_PAGE, { error: MUST.page })
  .default(1)
  // The documented default: zod leaves a default out of the input JSON Schema after a transform.
  .meta({ description: `Page number, from 1. ${PAGE_SIZES.ledger} works per page; a page past the end is empty.`, default: '1' });

export const ledgerQuerySchema = z
  .object({
    search: z.string({ error: MUST.search }).trim().max(MAX_SEARCH_LENGTH, { error: MUST.search }).optional().meta({
      description:
        'Case-insensitive text search over registry id, title, artist name, tags and public prompts, across the whole ledger. Every word must match.',
    }),
    tool: filterText('Only works made with this tool (exact name).'),
    platform: filterText(
      "Only works whose AI tool ran on this platform (exact name, one of platform_options). 'Web' includes works recorded as 'Web Browser'.",
    ),
    tag: filterText('Only works carrying this tag (exact stored form, one of tag_options; free tags are lower case).'),
    date: z
      .enum(DATE_FILTERS, { error: MUST.date })
      .optional()
      .meta({ description: 'Only works registered in the last 7 (week), 30 (month) or 365 (year) days.' }),
    sort: z.enum(LEDGER_SORTS, { error: MUST.sort }).default('newest').meta({
      description:
        'newest or oldest by registration time; status: highest trust score first; most-linked: most verification resources first.',
    }),
    page: pageNumber,
    cursor: z
      .string({ error: MUST.cursor })
      .transform((value, ctx) => {
        const decoded = decodeLedgerCursor(value);
        if (decoded) return decoded;
        ctx.issues.push({ code: 'custom', message: MUST.cursor, input: value });
        return z.NEVER;
      })
      .optional()
      .meta({
        description:
          'Opaque paging token: the next_cursor or prev_cursor of an earlier answer, with the same sort, search and filters. Reads that page at the same cost however deep it is; leave page out.',
      }),
  })
  .superRefine((query, ctx) => {
    if (!query.cursor) return;
    if (query.page !== 1) ctx.addIssue({ code: 'custom', path: ['page'], message: MUST.pageWithCursor });
    else if (query.cursor.sort !== query.sort || query.cursor.filters !== filterFingerprint(query)) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: MUST.cursorOfAnotherList });
    }
  });
export type LedgerQueryParams = z.output<typeof ledgerQuerySchema>;

export const artistQuerySchema = z.object({ page: pageNumber });
