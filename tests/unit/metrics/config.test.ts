// METRICS_TOKEN in the server's configuration: metrics are off unless it is set, and a token too
// short to be a secret, or one that cannot travel in an HTTP header, stops start-up.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('METRICS_TOKEN', () => {
  it('leaves metrics off by default', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });

  it('reads a token of 16 characters or more', () => {
    expect(loadConfig({ METRICS_TOKEN: '0123456789abcdef' }).metricsToken).toBe('0123456789abcdef');
  });

  it('refuses a token shorter than 16 characters, saying how to make one', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid configuration:\n  METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters (a random secret, e.g. openssl rand -hex 32)',
    );
  });

  it('refuses a token with a space or a character outside printable ASCII', () => {
    for (const token of ['0123456789 abcdef', '0123456789abcdéf']) {
      expect(() => loadConfig({ METRICS_TOKEN: token }), token).toThrow(
        'Invalid configuration:\n  METRICS_TOKEN: METRICS_TOKEN must be printable ASCII without spaces (it is sent in an HTTP header)',
      );
    }
  });
});
