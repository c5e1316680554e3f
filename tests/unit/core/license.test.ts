import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, deriveLicense, PERMISSION_KEYS, PERMISSION_LABELS } from '../../../core/license';

describe('licence derived from the permission checkboxes', () => {
  it('gives CC BY-NC-SA 4.0 when no-commercial and remix are both checked', () => {
    expect(deriveLicense({ no_commercial: true, remix_allowed: true })).toBe('CC BY-NC-SA 4.0');
  });

  it('gives CC BY-NC-ND 4.0 for no-commercial without remix', () => {
    expect(deriveLicense({ no_commercial: true, remix_allowed: false })).toBe('CC BY-NC-ND 4.0');
  });

  it('gives CC BY-ND 4.0 when commercial use is allowed but remix is not', () => {
    expect(deriveLicense({ no_commercial: false, remix_allowed: false })).toBe('CC BY-ND 4.0');
  });

  it('gives CC BY-ND 4.0 for the untouched default checkboxes', () => {
    expect(deriveLicense(DEFAULT_PERMISSIONS)).toBe('CC BY-ND 4.0');
    expect(deriveLicense({})).toBe('CC BY-ND 4.0');
  });

  it('gives All Rights Reserved when restrict usage is checked and no earlier branch matched', () => {
    expect(deriveLicense({ no_commercial: false, remix_allowed: true, restrict_usage: true })).toBe('All Rights Reserved');
  });

  it('gives the starting value CC BY 4.0 for commercial use and remix allowed without restriction', () => {
    expect(deriveLicense({ no_commercial: false, remix_allowed: true, restrict_usage: false })).toBe('CC BY 4.0');
  });

  it('lets the earlier Creative Commons branches win over restrict usage', () => {
    expect(deriveLicense({ restrict_usage: true, no_commercial: true, remix_allowed: true })).toBe('CC BY-NC-SA 4.0');
    expect(deriveLicense({ restrict_usage: true, no_commercial: true })).toBe('CC BY-NC-ND 4.0');
    expect(deriveLicense({ restrict_usage: true })).toBe('CC BY-ND 4.0');
  });

  it('ignores training, sensitive-content and credit choices', () => {
    const base = { no_commercial: false, remix_allowed: true };
    expect(deriveLicense({ ...base, allow_ai_training: true, sensitive_content: true, must_give_credit: false })).toBe('CC BY 4.0');
  });
});

describe('permission defaults and labels', () => {
  it('has every checkbox off except must give credit', () => {
    expect(DEFAULT_PERMISSIONS).toEqual({
      allow_ai_training: false,
      restrict_usage: false,
      remix_allowed: false,
      no_commercial: false,
      sensitive_content: false,
      must_give_credit: true,
    });
  });

  it('has a human label for each of the six flags', () => {
    expect(Object.keys(PERMISSION_LABELS).sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(PERMISSION_LABELS.no_commercial).toBe('No commercial use');
    expect(PERMISSION_LABELS.allow_ai_training).toBe('Allow AI training');
  });
});
