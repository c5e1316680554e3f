// A C2SP tlog-witness (https://c2sp.org/tlog-witness) for transparency logs such as ours:
//
//   npm run witness -- --name <witness name> --state-dir <folder> --log <log vkey> [--log …]
//                      [--key-file <PKCS#8 PEM>] [--host 127.0.0.1] [--port 7380]
//
// The witness cosigns a log's checkpoint only when it extends, append-only, the last one it
// cosigned for that log, so a log cannot show two different histories to two people once both
// rely on the witness. Each --log is the log's verifier key, whose name is the log's origin (as
// GET /api/log/key serves it). Without --key-file the witness key is created in the state folder
// on first run. It prints its own verifier key: give that to the logs (TLOG_WITNESSES) and to
// verifiers (their policy).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { parseVerifierKey } from '../tlog/keys';
import { loadWitnessSigner } from '../witness/key';
import { createWitnessServer } from '../witness/server';
import { prepareStateDir, StateFolder } from '../witness/state';

const USAGE =
  'Usage: npm run witness -- --name <witness name> --state-dir <folder> --log <log vkey> [--log <log vkey>…] [--key-file <PEM file>] [--host <address>] [--port <port>]';

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        name: { type: 'string' },
        'state-dir': { type: 'string' },
        log: { type: 'string', multiple: true },
        'key-file': { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '7380' },
      },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const port = Number(values.port);
  if (!values.name || !values['state-dir'] || !values.log?.length || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(USAGE);
    return 2;
  }
  const logs = new Map<string, string>();
  for (const vkey of values.log) {
    try {
      logs.set(parseVerifierKey(vkey.trim()).name, vkey.trim());
    } catch (err) {
      console.error(`--log ${vkey}: ${(err as Error).message}`);
      return 2;
    }
  }
  await prepareStateDir(values['state-dir']);
  const signer = await loadWitnessSigner(values.name, values['state-dir'], values['key-file']);
  const server = createWitnessServer({ signer, state: new StateFolder(values['state-dir']), logs, now: () => new Date() }, (err) =>
    console.error(`add-checkpoint failed: ${(err as Error).stack ?? String(err)}`),
  );
  server.listen(port, values.host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  console.log(`Witness key: ${signer.key.vkey}`);
  console.log(`Witnessing: ${[...logs.keys()].join(', ')}`);
  console.log(`Listening on http://${values.host}:${address.port} (POST /add-checkpoint)`);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

main().then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(`The witness could not start: ${(err as Error).message}`);
    process.exit(1);
  },
);
