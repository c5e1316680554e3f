-- Witness cosignatures of the log's checkpoints (C2SP tlog-cosignature): at most one per witness
-- key and checkpoint size. The signature line is kept exactly as the witness sent it, so the
-- served checkpoint carries it byte for byte. cosigned_at is the witness's own timestamp (POSIX
-- seconds, inside the signature).
CREATE TABLE tlog_cosignatures (
  tree_size       bigint NOT NULL REFERENCES tlog_checkpoints (tree_size),
  witness_vkey    text NOT NULL,
  signature_line  text NOT NULL CHECK (signature_line LIKE '— %'),
  cosigned_at     bigint NOT NULL CHECK (cosigned_at >= 0),
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tree_size, witness_vkey)
);

-- The newest size each witness cosigned: where the next consistency proof starts.
CREATE INDEX tlog_cosignatures_by_witness ON tlog_cosignatures (witness_vkey, tree_size DESC);
