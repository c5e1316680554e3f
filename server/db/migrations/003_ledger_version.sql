-- A counter that moves on every change to submissions (insert, update, delete: registration,
-- e-mail verification, moderation, purge, or a direct SQL fix). Readers compare it to know
-- whether a response they built earlier is still current, so they can reuse it safely.
CREATE TABLE ledger_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version   bigint NOT NULL
);
INSERT INTO ledger_version (singleton, version) VALUES (true, 0);

CREATE FUNCTION bump_ledger_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER submissions_bump_ledger_version
  AFTER INSERT OR UPDATE OR DELETE ON submissions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_ledger_version();
