// Witnesses as the tests run them: real `npm run witness` processes (through tsx) on free ports,
// each with its own state folder.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { builtEntry } from '../../helpers/built-server';

export interface WitnessProcess {
  name: string;
  vkey: string;
  url: string;
  stateDir: string;
  stop(): Promise<void>;
}

export function startWitness(name: string, stateDir: string, logVkey: string): Promise<WitnessProcess> {
  fs.mkdirSync(stateDir, { recursive: true });
  const child: ChildProcess = spawn(
    'node',
    [builtEntry('witness'), '--name', name, '--state-dir', stateDir, '--log', logVkey, '--port', '0'],
    { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`witness ${name} did not start: ${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`witness ${name} exited with ${code}: ${output}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const vkey = /^Witness key: (\S+)$/m.exec(output)?.[1];
      const url = /^Listening on (http:\/\/\S+) /m.exec(output)?.[1];
      if (!vkey || !url) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        name,
        vkey,
        url,
        stateDir,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

export const stateFiles = (w: WitnessProcess) => fs.readdirSync(path.join(w.stateDir, 'logs'));
