// Shapes of the admin view of the job queue (/api/admin/jobs, decision 0058): how many jobs of
// each kind wait, run, failed and completed, and the failed ones with their last error. Never the
// jobs' data: a message's address and link are not shown, even to admins.
import { z } from 'zod';

const count = (description: string) => z.number().int().describe(description);

export const jobKindCountsSchema = z
  .object({
    kind: z.string().describe("The job's kind: 'mail', or a periodic run such as 'watch-alerts'."),
    queued: count('Waiting to run, including those waiting for their next retry.'),
    running: count('Taken by a process now.'),
    failed: count('Failed on their last try; they wait for an admin.'),
    completed: count('Done (kept for a day).'),
  })
  .meta({ id: 'AdminJobKindCounts' });

export const failedJobSchema = z
  .object({
    id: z.guid(),
    kind: z.string(),
    tries: count('Runs it had: the first and its retries.'),
    created_at: z.string().describe('When it was queued, ISO 8601 UTC.'),
    failed_at: z.string().nullable().describe('When its last try failed, ISO 8601 UTC.'),
    last_error: z.string().nullable().describe("The last try's error message."),
  })
  .meta({ id: 'AdminFailedJob' });

export const rescoreRunSchema = z
  .object({
    rubric_version: z.string(),
    last_seq: count('The registry number of the last work re-scored; the run goes on from the next.'),
    changed: count('Works whose score or findings changed so far.'),
    started_at: z.string(),
    finished_at: z.string().nullable().describe('Null while the run is under way.'),
  })
  .meta({ id: 'AdminRescoreRun', description: 'Re-scoring every work under the newest trust rubric (decision 0061).' });

export const adminJobsResponseSchema = z
  .object({
    kinds: z.array(jobKindCountsSchema).describe('Every kind the service runs, by name.'),
    failed: z.array(failedJobSchema).describe('The newest failed jobs, newest first (at most 100).'),
    rescore: rescoreRunSchema.nullable().describe('The newest re-scoring run, or null before the first.'),
  })
  .meta({ id: 'AdminJobs' });
export type AdminJobs = z.infer<typeof adminJobsResponseSchema>;

export const adminJobRetryResponseSchema = z
  .object({ id: z.guid(), kind: z.string(), state: z.literal('retry') })
  .meta({ id: 'AdminJobRetry', description: 'The job is back in its queue and runs again shortly.' });
export type AdminJobRetry = z.infer<typeof adminJobRetryResponseSchema>;
