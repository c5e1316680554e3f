-- Which process runs each periodic job, and when each process last said it is alive (decision
-- 0073). pg-boss notices a job whose process died only when the job's time-out passes (15 minutes
-- for periodic work), and while that dead run counts as running no process starts the kind's next
-- period: the minute's checkpoint stopped for a quarter of an hour. With these rows a live process
-- sees, within seconds, a run whose process has stopped saying it is alive, and fails it so the
-- next period runs elsewhere.
CREATE TABLE job_runners (
  runner  text        PRIMARY KEY,
  seen_at timestamptz NOT NULL
);

CREATE TABLE periodic_job_runs (
  job_id     uuid        PRIMARY KEY,
  kind       text        NOT NULL,
  runner     text        NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);
