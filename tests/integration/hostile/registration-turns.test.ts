// Decision 0082: while reads saturate the HTTP thread, registration steps take turns. An upload
// takes its turn once its file is in, so clients that send their file slowly hold no turn: with
// one turn and two such clients, another artist still registers while they drip.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatRegistryId } from '../../../core/ids';
import { createTestApp, type TestApp } from '../../helpers/test-app';
import { registerWork } from '../submissions/helpers';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps this process's event loop busy (as saturating reads would) until the returned function is called. */
function saturateEventLoop(): () => void {
  let running = true;
  const spin = () => {
    if (!running) return;
    const until = performance.now() + 15;
    while (performance.now() < until) {
      // busy, as a thread answering reads back to back
    }
    setImmediate(spin);
  };
  spin();
  return () => (running = false);
}

/** An upload from `localAddress` whose headers and start of file arrive, then a byte every 500 ms. */
function drippingUpload(port: number, localAddress: string) {
  const boundary = 'drip0123456789';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`;
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  // Until the server answers it or closes it, the upload is still being read.
  const state = { stillSending: true };
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: ledger.test\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: 200000\r\n\r\n${head}\x89PNG`,
    );
    timer = setInterval(() => socket.write('x'), 500);
  });
  socket.on('error', () => undefined);
  const ended = () => {
    state.stillSending = false;
    clearInterval(timer);
  };
  socket.on('data', ended);
  socket.on('close', ended);
  return { state, end: () => socket.destroy() };
}

describe('registration turns while the HTTP thread is saturated', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { REGISTRATIONS_AT_ONCE_WHEN_BUSY: '1' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
  });

  test('two uploads whose files drip hold no turn: another artist registers while they still drip', { timeout: 60_000 }, async () => {
    const stopSaturating = saturateEventLoop();
    const drips = [drippingUpload(port, '127.0.0.21'), drippingUpload(port, '127.0.0.22')];
    try {
      // Long enough for the pacer's samples (a quarter second each) to find the thread saturated.
      await pause(1_000);
      const registered = await registerWork(t.app);
      expect(registered.created.registry_id).toBe(formatRegistryId(new Date().getUTCFullYear(), 1));
      expect(drips.map((d) => d.state.stillSending)).toEqual([true, true]);
    } finally {
      stopSaturating();
      for (const drip of drips) drip.end();
    }
  });
});
