// FETCH_ALLOW_HOSTS in the server's configuration: empty unless set, and a malformed entry stops
// start-up instead of opening more than one port.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';

describe('FETCH_ALLOW_HOSTS', () => {
  it('allows nothing by default', () => {
    expect(loadConfig({}).fetchAllowHosts).toEqual([]);
  });

  it('reads host:port pairs', () => {
    expect(loadConfig({ FETCH_ALLOW_HOSTS: '127.0.0.1:4100,[::1]:4101' }).fetchAllowHosts).toEqual(['127.0.0.1:4100', '[::1]:4101']);
  });

  it('refuses an entry without a port', () => {
    expect(() => loadConfig({ FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(ConfigError);
    expect(() => loadConfig({ FETCH_ALLOW_HOSTS: '127.0.0.1' })).toThrow(
      "Invalid configuration:\n  FETCH_ALLOW_HOSTS: '127.0.0.1' is not host:port",
    );
  });
});
