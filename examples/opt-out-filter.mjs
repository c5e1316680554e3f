#!/usr/bin/env node
// Filters images against the registry's keyless opt-out set before they go into a training set.
//
//   node examples/opt-out-filter.mjs --site https://registry.example <folder | hashes.txt>
//   node examples/opt-out-filter.mjs --set full.csv <folder | hashes.txt>
//
// The set (/opt-out/v1/full.csv) lists the SHA-256 of every public work whose artist reserved AI
// training. Given a folder, every file in it (recursively) is hashed; given a text file, each
// line is taken as a SHA-256 in hex. Prints 'reserved <registry id> <path or hash>' for matches
// and 'ok <path or hash>' for the rest; exits 1 when any input is reserved.
// Exact SHA-256 matching only finds byte-identical copies; the set's phash column (a 64-bit
// perceptual hash) is there for near-duplicate matching with your own image hashing.
// Node 20+, no dependencies.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

function usage(message) {
  console.error(`${message}\nUsage: node examples/opt-out-filter.mjs (--site <url> | --set <full.csv>) <folder | hashes.txt>`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { site: null, set: null, input: null };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--site') args.site = argv[++i];
    else if (argv[i] === '--set') args.set = argv[++i];
    else if (!args.input) args.input = argv[i];
    else usage(`Unexpected argument: ${argv[i]}`);
  }
  if (!args.input || (!args.site && !args.set)) usage('Missing arguments.');
  return args;
}

async function loadSet({ site, set }) {
  const text = set
    ? await readFile(set, 'utf8')
    : await fetch(new URL('/opt-out/v1/full.csv', site)).then((res) => {
        if (!res.ok) throw new Error(`GET /opt-out/v1/full.csv: HTTP ${res.status}`);
        return res.text();
      });
  const [header, ...lines] = text.trim().split('\n');
  const columns = header.split(',');
  const hashColumn = columns.indexOf('sha256');
  const idColumn = columns.indexOf('registry_id');
  if (hashColumn < 0 || idColumn < 0) throw new Error('Not an opt-out set: no sha256 / registry_id column.');
  const reserved = new Map();
  for (const line of lines) {
    const fields = line.split(',');
    reserved.set(fields[hashColumn], fields[idColumn]);
  }
  return reserved;
}

function sha256OfFile(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function* filesUnder(folder) {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function* inputs(input) {
  if ((await stat(input)).isDirectory()) {
    for await (const file of filesUnder(input)) yield { label: file, sha256: await sha256OfFile(file) };
    return;
  }
  for (const line of (await readFile(input, 'utf8')).split('\n')) {
    const value = line.trim().toLowerCase();
    if (value) yield { label: value, sha256: value };
  }
}

const args = parseArgs(process.argv.slice(2));
const reserved = await loadSet(args);
let found = 0;
for await (const item of inputs(args.input)) {
  const registryId = reserved.get(item.sha256);
  if (registryId) {
    found += 1;
    console.log(`reserved ${registryId} ${item.label}`);
  } else {
    console.log(`ok ${item.label}`);
  }
}
process.exitCode = found > 0 ? 1 : 0;
