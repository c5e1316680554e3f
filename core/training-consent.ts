// The artist's AI-training choice (permissions.allow_ai_training) said in the vocabularies that
// crawlers and dataset builders read, so it travels with every copy of a work we serve:
// - W3C TDMRep (Final Community Group Report, 2024): `tdm-reservation` (1 = text-and-data-mining
//   rights reserved, 0 = not reserved) and `tdm-policy` (an ODRL policy saying how to ask), as
//   HTTP headers, as HTML meta tags and in /.well-known/tdmrep.json;
// - IETF AI Preferences (draft-ietf-aipref-attach and -vocab): the `Content-Usage` header with the
//   `train-ai` category, `n` (no) or `y` (yes);
// - `X-Robots-Tag: noai, noimageai`, the older opt-out tokens some image crawlers honour;
// - IPTC PLUS `plus:DataMining` in JSON-LD, and the CAWG training-and-data-mining assertion
//   (`cawg.training-mining`) in the JSON export.
// Training is reserved unless the artist ticked 'Allow AI training' (the checkbox defaults off).

/** Where the TDMRep policy document (ODRL) is served; tdm-policy points here. */
export const TDM_POLICY_PATH = '/tdm-policy.json';
export const TDMREP_PATH = '/.well-known/tdmrep.json';

export const IPTC_PLUS_NAMESPACE = 'http://ns.useplus.org/ldf/xmp/1.0/';
/** IPTC PLUS data-mining values (PLUS LDF vocabulary 'DMI'). */
export const PLUS_DATA_MINING = {
  allowed: 'http://ns.useplus.org/ldf/vocab/DMI-ALLOWED',
  reserved: 'http://ns.useplus.org/ldf/vocab/DMI-PROHIBITED-AIMLTRAINING',
} as const;

export function trainingReserved(allowAiTraining: boolean): boolean {
  return !allowAiTraining;
}

export function tdmPolicyUrl(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${TDM_POLICY_PATH}`;
}

/**
 * Response headers for a work's image, proof page and API record. Opted-in works say so in the
 * same vocabularies; only reserved works carry the X-Robots-Tag opt-out tokens (there is no
 * 'ai allowed' robots token) and a policy (TDMRep attaches tdm-policy to reservations only).
 */
export function trainingConsentHeaders(allowAiTraining: boolean, siteUrl: string): Record<string, string> {
  if (!trainingReserved(allowAiTraining)) {
    return { 'tdm-reservation': '0', 'Content-Usage': 'train-ai=y' };
  }
  return {
    'tdm-reservation': '1',
    'tdm-policy': tdmPolicyUrl(siteUrl),
    'Content-Usage': 'train-ai=n',
    'X-Robots-Tag': 'noai, noimageai',
  };
}

/** The TDMRep HTML meta tags (name → content) of a proof page. */
export function trainingConsentMeta(allowAiTraining: boolean, siteUrl: string): [string, string][] {
  return trainingReserved(allowAiTraining)
    ? [
        ['tdm-reservation', '1'],
        ['tdm-policy', tdmPolicyUrl(siteUrl)],
        ['robots', 'noai, noimageai'],
      ]
    : [['tdm-reservation', '0']];
}

/**
 * CAWG training-and-data-mining assertion (label cawg.training-mining) of a work. Inference is
 * left out: the artist's choice is about mining and training only.
 */
/**
 * The CAWG training-and-data-mining value the artist's choice gives each of its entries
 * (cawg.data_mining, cawg.ai_generative_training, cawg.ai_training): one value for all three.
 */
export function cawgTrainingUse(allowAiTraining: boolean): 'allowed' | 'notAllowed' {
  return trainingReserved(allowAiTraining) ? 'notAllowed' : 'allowed';
}

export function cawgTrainingMining(allowAiTraining: boolean) {
  const use = cawgTrainingUse(allowAiTraining);
  return {
    label: 'cawg.training-mining',
    data: {
      entries: {
        'cawg.data_mining': { use },
        'cawg.ai_generative_training': { use },
        'cawg.ai_training': { use },
      },
    },
  };
}

/** What the proof page shows next to the licence, under 'AI training'. */
export function trainingConsentLabel(allowAiTraining: boolean): string {
  return trainingReserved(allowAiTraining) ? 'Reserved by the artist (text and data mining rights reserved)' : 'Allowed by the artist';
}
