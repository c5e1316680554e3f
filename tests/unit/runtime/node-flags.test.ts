// `npm start` and the systemd unit start the server with SERVER_NODE_FLAGS (server/node-flags.ts):
// they cannot import the list, so it is checked here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../../server/node-flags';

const command = `node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.mjs`;

describe('the Node flags the server runs with', () => {
  it('are the ones `npm start` passes', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const environment = Object.entries(SERVER_ENV)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ');
    expect(scripts.start).toBe(`node scripts/build-if-stale.mjs && ${environment} exec ${command}`);
  });

  it('are the ones the systemd unit passes', () => {
    const unit = fs.readFileSync('deploy/systemd/veriwork@.service', 'utf8');
    expect(unit).toContain(`ExecStart=/usr/bin/${command}\n`);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(unit).toContain(`Environment=${name}=${value}\n`);
  });
});
