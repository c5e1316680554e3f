-- Each server process keeps the ledger's change stamps (migration 008) in memory instead of
-- reading them for every request (server/db/ledger-stamps.ts): a statement that moves them also
-- tells every listening process, which then reads them again. NOTIFY is delivered at commit,
-- never for a rolled-back change, and identical notices of one transaction fold into one. Writes
-- that move only `version` (columns no public answer shows, such as the e-mail token) stay quiet.
-- The payload is the writing connection's backend process id: a server process has already
-- noticed the writes of its own connections (server/db/ledger-write-watch.ts) and skips those.
CREATE FUNCTION announce_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ledger_changed', pg_backend_pid()::text);
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_version_announce_change AFTER UPDATE ON ledger_version
  FOR EACH ROW
  WHEN (OLD.changes IS DISTINCT FROM NEW.changes OR OLD.additions IS DISTINCT FROM NEW.additions)
  EXECUTE FUNCTION announce_ledger_change();
