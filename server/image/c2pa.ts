// Reads a C2PA (Content Credentials) manifest with the WebAssembly build of c2pa-rs, offline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as c2paTypes from '@contentauth/c2pa-wasm';
import { findC2paManifestStore } from './c2pa-jumbf';
import type { ImageMime } from './detect';
import type { C2paSummary } from './types';

type C2paModule = typeof c2paTypes;

// Never reach out to the network while reading an upload (remote manifests, OCSP).
const READER_SETTINGS = JSON.stringify({ verify: { remote_manifest_fetch: false, ocsp_fetch: false } });

let loading: Promise<C2paModule> | null = null;

/**
 * Loads and compiles the WebAssembly module on first use only (~40 ms), then reuses it. The one
 * loader for the process: instantiating the module a second time would replace the memory under
 * objects still in use (tests that sign files go through here too).
 */
export function loadC2pa(): Promise<C2paModule> {
  loading ??= import('@contentauth/c2pa-wasm').then((c2pa) => {
    const wasmPath = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
    c2pa.initSync({ module: readFileSync(wasmPath) });
    return c2pa;
  });
  return loading;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function claimGeneratorOf(manifest: Record<string, unknown>): string | undefined {
  const legacy = asString(manifest.claim_generator);
  if (legacy) return legacy;
  // v2 claims name the generator in claim_generator_info: [{ name, version }].
  const info = Array.isArray(manifest.claim_generator_info) ? asRecord(manifest.claim_generator_info[0]) : undefined;
  const name = asString(info?.name);
  const version = asString(info?.version);
  return name && version ? `${name} ${version}` : name;
}

/**
 * Summary of a manifest store as c2pa-rs serialises it (`Reader.json()`):
 * `{ active_manifest, manifests: { [label]: { claim_generator, title, assertions: [{ label, data }] } }, validation_state }`.
 */
export function summariseManifestStore(store: unknown): C2paSummary | undefined {
  const root = asRecord(store);
  const label = asString(root?.active_manifest);
  const manifest = label ? asRecord(asRecord(root?.manifests)?.[label]) : undefined;
  if (!manifest) return undefined;

  const actions: string[] = [];
  let digitalSourceType: string | undefined;
  for (const assertion of Array.isArray(manifest.assertions) ? manifest.assertions : []) {
    const record = asRecord(assertion);
    // 'c2pa.actions' (v1) and 'c2pa.actions.v2'.
    if (!asString(record?.label)?.startsWith('c2pa.actions')) continue;
    const list = asRecord(record?.data)?.actions;
    for (const action of Array.isArray(list) ? list : []) {
      const name = asString(asRecord(action)?.action);
      if (name) actions.push(name);
      digitalSourceType ??= asString(asRecord(action)?.digitalSourceType);
    }
  }
  return {
    claimGenerator: claimGeneratorOf(manifest),
    actions: actions.length > 0 ? actions : undefined,
    digitalSourceType,
    title: asString(manifest.title),
    validationState: asString(root?.validation_state),
  };
}

/** The file's C2PA summary, or undefined when it has none (c2pa-rs: JumbfNotFound) or it cannot be read. */
export async function readC2pa(bytes: Buffer, mime: ImageMime): Promise<C2paSummary | undefined> {
  const c2pa = await loadC2pa();
  let reader: c2paTypes.WasmReader | undefined;
  try {
    reader = await c2pa.WasmReader.fromBytes(mime, bytes, READER_SETTINGS);
    return summariseManifestStore(JSON.parse(reader.json()));
  } catch {
    // Most files simply have no manifest; a broken one is not the uploader's fault either.
    return undefined;
  } finally {
    reader?.free(); // WebAssembly memory is not garbage-collected
  }
}

/** Media type of a manifest store on its own (C2PA specification, "External Manifests"). */
export const C2PA_MANIFEST_STORE_MIME = 'application/c2pa';

/** The active manifest's label of a manifest store on its own, or undefined when c2pa-rs cannot read it. */
export async function manifestStoreActiveLabel(store: Uint8Array): Promise<string | undefined> {
  const c2pa = await loadC2pa();
  let reader: c2paTypes.WasmReader | undefined;
  try {
    reader = await c2pa.WasmReader.fromBytes(C2PA_MANIFEST_STORE_MIME, store, READER_SETTINGS);
    return reader.activeLabel() ?? undefined;
  } catch {
    return undefined;
  } finally {
    reader?.free();
  }
}

/**
 * The file's embedded C2PA manifest store (see c2pa-jumbf.ts), kept only when c2pa-rs reads it
 * on its own, as whoever fetches it from GET /api/c2pa/v1/manifests/{id} will. Its signature
 * may be invalid or untrusted: it is served as the artist's file carried it, not vouched for.
 */
export async function readC2paManifestStore(bytes: Buffer, mime: ImageMime): Promise<Buffer | undefined> {
  const store = findC2paManifestStore(bytes, mime);
  return store && (await manifestStoreActiveLabel(store)) ? store : undefined;
}
