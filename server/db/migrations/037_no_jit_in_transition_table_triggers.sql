-- No JIT compilation in the statement triggers that read transition tables (decision 0077). The
-- planner cannot know how many rows a transition table holds and guesses a fixed, large number,
-- so the counters', segments' and artist links' trigger statements looked expensive enough for
-- PostgreSQL's JIT compiler (jit_above_cost) whatever the statement changed: measured on a
-- 100,000-work database, 5.5 s of compilation for each trigger statement, 12 s for a batch of
-- 200 re-scored works that took 0.4 s without it. The embedded database has no JIT; the setting
-- is accepted there and changes nothing.
ALTER FUNCTION submissions_counters_after_insert() SET jit = off;
ALTER FUNCTION submissions_counters_after_update() SET jit = off;
ALTER FUNCTION submissions_counters_after_delete() SET jit = off;
ALTER FUNCTION artist_work_links_after_insert() SET jit = off;
ALTER FUNCTION artist_work_links_after_update() SET jit = off;
ALTER FUNCTION submissions_segments_after_insert() SET jit = off;
ALTER FUNCTION submissions_segments_after_update() SET jit = off;
ALTER FUNCTION submissions_segments_after_delete() SET jit = off;
