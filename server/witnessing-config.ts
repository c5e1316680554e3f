// TLOG_WITNESSES and TLOG_WITNESS_QUORUM: the C2SP tlog-witness services this log asks to cosign
// its checkpoints, and how many of their cosignatures its published policy requires.
//
//   TLOG_WITNESSES="<witness vkey> <submission URL>, <witness vkey> <submission URL>"
//
// The vkey is the one the witness prints (`npm run witness`); the URL is where it takes
// POST …/add-checkpoint. The quorum defaults to every configured witness.
//
// Parsed here, beside config.ts, and not in tlog/witnessing/: the configuration is read by every
// layer, so it depends on none of them.

export interface ConfiguredWitness {
  /** Verifier key, signature type 0x04 (checked for real when the server starts). */
  vkey: string;
  /** Submission prefix, without a trailing slash. */
  url: string;
}

export interface WitnessingConfig {
  witnesses: ConfiguredWitness[];
  quorum: number;
}

/** Parses the two variables; throws Error with a message naming the variable when malformed. */
export function parseWitnessingConfig(list: string | undefined, quorum: number | undefined): WitnessingConfig {
  const witnesses: ConfiguredWitness[] = [];
  for (const item of (list ?? '').split(/[,\n]/)) {
    const words = item.trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    if (words.length !== 2 || !/^[^+\s]+\+[0-9a-f]{8}\+\S+$/.test(words[0]) || !/^https?:\/\/\S+$/.test(words[1])) {
      throw new Error(`TLOG_WITNESSES: expected '<witness vkey> <http(s) URL>', got '${item.trim()}'`);
    }
    if (witnesses.some((w) => w.vkey === words[0])) throw new Error(`TLOG_WITNESSES: witness ${words[0]} is listed twice`);
    witnesses.push({ vkey: words[0], url: words[1].replace(/\/+$/, '') });
  }
  const required = quorum ?? witnesses.length;
  if (!Number.isInteger(required) || required < 0 || required > witnesses.length) {
    throw new Error(`TLOG_WITNESS_QUORUM must be a whole number from 0 to the number of witnesses (${witnesses.length})`);
  }
  return { witnesses, quorum: required };
}
