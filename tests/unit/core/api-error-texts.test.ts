// The error sentences with a variable part (core/api-error-texts.ts) put together word for word
// as the API has always answered them: clients and the integration tests compare whole sentences.
import { describe, expect, it } from 'vitest';
import {
  adminExistsText,
  adminPasswordTooLongText,
  adminPasswordTooShortText,
  c2paNoManifestStoreText,
  c2paUnknownAlgorithmText,
  c2paValueInvalidText,
  invalidParameterText,
  LEDGER_PARAMETER_REASONS,
  logSecondPastSizeText,
  logTooManyEntriesText,
  lookupBatchDistanceText,
  lookupBatchEntryText,
  lookupBatchShapeText,
  missingParameterText,
  noSuchSnapshotText,
  notATilePathText,
  parameterMissingOrInvalidText,
  parameterNotIndexText,
  parameterNotValidText,
  parameterTwiceText,
  PUBLIC_API_PARAMETER_REASONS,
  rateLimitedText,
  tileIndexInvalidText,
  tileLevelInvalidText,
  tileWidthInvalidText,
  witnessCheckpointMalformedText,
  witnessProofFailsText,
  witnessTooManyProofLinesText,
  witnessUnknownLogText,
} from '../../../core/api-error-texts';

describe('error sentences with a variable part', () => {
  it('words the query-parameter refusals', () => {
    expect(invalidParameterText('sort', 'must be one of newest, oldest')).toBe(
      "Invalid parameter 'sort': must be one of newest, oldest",
    );
    expect(missingParameterText('leaf_index')).toBe("Missing parameter 'leaf_index'.");
    expect(missingParameterText('id', " (or 'leaf_index')")).toBe("Missing parameter 'id' (or 'leaf_index').");
    expect(parameterTwiceText('start')).toBe("Invalid parameter 'start': give it once.");
    expect(parameterNotIndexText('end')).toBe("Invalid parameter 'end': expected a non-negative integer.");
    expect(parameterNotValidText('status')).toBe("The parameter 'status' is not valid.");
    expect(parameterMissingOrInvalidText('alg')).toBe("The parameter 'alg' is missing or not valid.");
    expect(rateLimitedText('1 minute')).toBe('Too many requests. Please try again in 1 minute.');
  });

  it('words the ledger’s query refusals with the limits of core/constants.ts', () => {
    expect(LEDGER_PARAMETER_REASONS.pageTooDeep).toBe(
      'must lie within 10,000 works of the start or, when the total is exact, the end of the list; go further with next_cursor or prev_cursor',
    );
    expect(LEDGER_PARAMETER_REASONS.search).toBe('must be text of at most 200 characters');
    expect(LEDGER_PARAMETER_REASONS.filter).toBe('must be text of at most 100 characters');
    expect(LEDGER_PARAMETER_REASONS.date).toBe('must be one of week, month, year');
    expect(LEDGER_PARAMETER_REASONS.page).toBe('must be a whole number from 1 to 1000000');
    expect(PUBLIC_API_PARAMETER_REASONS.tool_filter).toBe('must be text of at most 100 characters');
    expect(PUBLIC_API_PARAMETER_REASONS.offset).toBe(
      'must be a whole number from 0 to 10,000; page further with cursor (next_cursor)',
    );
    expect(PUBLIC_API_PARAMETER_REASONS.min_trust_level).toBe('must be a whole number from 0 to 100');
  });

  it('words the log’s refusals', () => {
    expect(invalidParameterText('second', logSecondPastSizeText(12))).toBe(
      "Invalid parameter 'second': must not be larger than the log size (12).",
    );
    expect(invalidParameterText('end', logTooManyEntriesText(1000))).toBe(
      "Invalid parameter 'end': at most 1000 entries per request.",
    );
    expect(notATilePathText(tileLevelInvalidText("'64'", 63))).toBe(
      "Not a tile path: '64' is not a tile level: expected 'entries' or a number from 0 to 63.",
    );
    expect(tileWidthInvalidText("'256'", 255)).toBe("'256' is not a partial tile width: expected a number from 1 to 255.");
    expect(tileIndexInvalidText("'1'")).toBe(
      "'1' is not a tile index: expected 3-digit groups, all but the last starting with 'x' (e.g. x001/x234/067).",
    );
    expect(noSuchSnapshotText('/api/public/v1/ledger/snapshot')).toBe(
      'No such snapshot (only the newest few are kept); the newest is at /api/public/v1/ledger/snapshot.',
    );
  });

  it('words the witness’s refusals', () => {
    expect(witnessTooManyProofLinesText(63)).toBe('At most 63 consistency proof lines.');
    expect(witnessCheckpointMalformedText('no signature lines')).toBe('The checkpoint is malformed: no signature lines');
    expect(witnessUnknownLogText('example.org/log')).toBe("This witness does not witness the log 'example.org/log'.");
    expect(witnessProofFailsText(3n, 7n)).toBe('The consistency proof from size 3 to 7 does not verify.');
  });

  it('words the lookup, C2PA and admin-account refusals', () => {
    expect(lookupBatchShapeText('1 to 1,000')).toBe('Send JSON { "hashes": [...] } with 1 to 1,000 hashes.');
    expect(lookupBatchEntryText(3)).toBe("Entry 3 of 'hashes' is not a SHA-256 (64 hex digits) or a perceptual hash (16 hex digits).");
    expect(lookupBatchDistanceText(10)).toBe("'max_distance' must be a whole number from 0 to 10.");
    expect(c2paUnknownAlgorithmText('x', ['a.sha256.1', 'a.phash.1'])).toBe(
      "Unknown soft binding algorithm 'x': this service supports a.sha256.1 and a.phash.1 (GET /api/c2pa/v1/services/supportedAlgorithms).",
    );
    expect(c2paValueInvalidText('a.sha256.1', 'sha256')).toBe(
      "Invalid parameter 'value': for a.sha256.1 it must be base64 of 32 bytes (a SHA-256 digest).",
    );
    expect(c2paValueInvalidText('a.phash.1', 'phash')).toBe(
      "Invalid parameter 'value': for a.phash.1 it must be base64 of 8 bytes (a 64-bit perceptual hash).",
    );
    expect(c2paNoManifestStoreText('VW-2026-000001')).toBe(
      'No C2PA manifest store for VW-2026-000001: its original carried no C2PA manifest store.',
    );
    expect(adminPasswordTooShortText(12)).toBe('The password must be at least 12 characters long.');
    expect(adminPasswordTooLongText(256)).toBe('The password can be at most 256 characters long.');
    expect(adminExistsText('a@example.com')).toBe('An admin with the email a@example.com already exists.');
  });
});
