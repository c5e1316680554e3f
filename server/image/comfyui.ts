// Reads the generation settings out of ComfyUI's `prompt` text: the executed node graph as
// JSON, `{ "<node id>": { "class_type": "KSampler", "inputs": { ... } } }`, where an input
// that comes from another node is a link `["<node id>", <output index>]`.
import { MAX_COMFYUI_TEXT_BYTES } from './limits';

interface ComfyNode {
  class_type?: unknown;
  inputs?: Record<string, unknown>;
}
type ComfyGraph = Record<string, ComfyNode>;

export interface ComfyParameters {
  prompt?: string;
  negativePrompt?: string;
  model?: string;
  seed?: string;
}

const TEXT_INPUTS = ['text', 'text_g', 'text_l', 'string', 'value', 'prompt'];
const PASS_THROUGH_INPUTS = ['conditioning', 'conditioning_1', 'conditioning_to', 'positive', 'negative'];
const MAX_LINK_DEPTH = 8;
/**
 * Nodes visited while following one input. Each node may link on through any of 11 inputs, so
 * a graph of one node linking to itself would otherwise take 11^8 steps; a real chain is a few.
 */
const MAX_LINK_STEPS = 200;

function isLink(value: unknown): value is [string, number] {
  return Array.isArray(value) && value.length === 2 && (typeof value[0] === 'string' || typeof value[0] === 'number');
}

/** Parses the `prompt` text; null when it is not a ComfyUI graph or is longer than any real one. */
export function parseComfyGraph(text: string): ComfyGraph | null {
  if (text.length > MAX_COMFYUI_TEXT_BYTES) return null;
  try {
    const graph: unknown = JSON.parse(text);
    if (!graph || typeof graph !== 'object' || Array.isArray(graph)) return null;
    const nodes = Object.values(graph as Record<string, unknown>);
    const isGraph = nodes.some((node) => node && typeof node === 'object' && typeof (node as ComfyNode).class_type === 'string');
    return isGraph ? (graph as ComfyGraph) : null;
  } catch {
    return null;
  }
}

/** Follows links from a sampler input back to the node that holds the text, depth first. */
function textFrom(graph: ComfyGraph, value: unknown, steps = { left: MAX_LINK_STEPS }, depth = 0): string | undefined {
  if (typeof value === 'string') return value;
  if (!isLink(value) || depth > MAX_LINK_DEPTH || steps.left <= 0) return undefined;
  steps.left -= 1;
  const inputs = graph[String(value[0])]?.inputs ?? {};
  for (const key of [...TEXT_INPUTS, ...PASS_THROUGH_INPUTS]) {
    if (key in inputs) {
      const text = textFrom(graph, inputs[key], steps, depth + 1);
      if (text !== undefined) return text;
    }
  }
  return undefined;
}

function seedFrom(graph: ComfyGraph, value: unknown, depth = 0): string | undefined {
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (!isLink(value) || depth > MAX_LINK_DEPTH) return undefined;
  const inputs = graph[String(value[0])]?.inputs ?? {};
  for (const key of ['seed', 'noise_seed', 'value', 'int']) {
    if (key in inputs) return seedFrom(graph, inputs[key], depth + 1);
  }
  return undefined;
}

export function comfyParameters(graph: ComfyGraph): ComfyParameters {
  const nodes = Object.values(graph);
  // The sampler is the node that takes both a positive and a negative conditioning.
  const sampler = nodes.find((node) => node.inputs && 'positive' in node.inputs);
  const loader =
    nodes.find((node) => typeof node.inputs?.ckpt_name === 'string') ??
    nodes.find((node) => typeof node.inputs?.unet_name === 'string');
  const inputs = sampler?.inputs ?? {};
  const model = loader?.inputs?.ckpt_name ?? loader?.inputs?.unet_name;
  const seedInput =
    inputs.seed ?? inputs.noise_seed ?? nodes.find((node) => node.inputs && 'noise_seed' in node.inputs)?.inputs?.noise_seed;
  return {
    prompt: textFrom(graph, inputs.positive)?.trim() || undefined,
    negativePrompt: textFrom(graph, inputs.negative)?.trim() || undefined,
    model: typeof model === 'string' ? model : undefined,
    seed: seedFrom(graph, seedInput),
  };
}
