// An offline schema.org vocabulary check for JSON-LD: the types and properties come from the
// schema-dts package's type definitions (one interface per type, its properties and the types
// it extends), so tests need no network. Reports every @type that schema.org does not define,
// every property its node's type does not have, and every prefixed term whose prefix the
// @context does not declare.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface Vocabulary {
  /** Type name → the interface holding its properties (…Base), or null for a type with none of its own. */
  typeBase: Map<string, string>;
  /** Members of the enumerations a property takes by value, e.g. digitalSourceType's IPTC codes. */
  enumerations: Map<string, Set<string>>;
  /** Interface name → its own properties and the interfaces it extends. */
  interfaces: Map<string, { props: Set<string>; parents: string[] }>;
}

let cached: Vocabulary | null = null;

/** Property → the schema.org enumeration its values come from. */
const ENUMERATED_PROPERTIES: [string, string][] = [['digitalSourceType', 'IPTCDigitalSourceEnumeration']];

function loadVocabulary(): Vocabulary {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('schema-dts/package.json')), 'dist', 'schema.d.ts');
  const source = fs.readFileSync(file, 'utf8');
  const interfaces = new Map<string, { props: Set<string>; parents: string[] }>();
  const typeBase = new Map<string, string>();
  const blocks = source.matchAll(/(?:export )?interface (\w+)(?: extends ([^{]+))? \{([\s\S]*?)\n\}/g);
  for (const [, name, parents, body] of blocks) {
    const props = new Set([...body.matchAll(/^ {4}"([\w@-]+)"\??:/gm)].map((m) => m[1]));
    interfaces.set(name, { props, parents: parents ? parents.split(',').map((p) => p.trim()) : [] });
    const leafType = /^ {4}"@type": "(\w+)";/m.exec(body);
    if (name.endsWith('Leaf') && leafType) typeBase.set(leafType[1], name);
  }
  // Properties whose value must be a member of an enumeration (schema-dts writes the members as string literals).
  const enumerations = new Map<string, Set<string>>();
  for (const [property, enumeration] of ENUMERATED_PROPERTIES) {
    const members = new RegExp(`export type ${enumeration} = ([^;]+);`).exec(source)?.[1] ?? '';
    enumerations.set(property, new Set([...members.matchAll(/"([^"]+)"/g)].map((m) => m[1])));
  }
  cached = { typeBase, interfaces, enumerations };
  return cached;
}

function propertiesOf(vocab: Vocabulary, type: string): Set<string> | null {
  const leaf = vocab.typeBase.get(type);
  if (!leaf) return null;
  const all = new Set<string>();
  const visit = (name: string) => {
    const entry = vocab.interfaces.get(name);
    if (!entry) return;
    entry.props.forEach((p) => all.add(p));
    entry.parents.forEach(visit);
  };
  visit(leaf);
  return all;
}

function declaredPrefixes(context: unknown): Set<string> {
  const list = Array.isArray(context) ? context : [context];
  return new Set(list.flatMap((c) => (c && typeof c === 'object' ? Object.keys(c) : [])));
}

/** Every problem found in a JSON-LD document ([] when schema.org accepts all of it). */
export function schemaOrgProblems(doc: unknown): string[] {
  const vocab = loadVocabulary();
  const problems: string[] = [];
  const root = doc as Record<string, unknown>;
  const prefixes = declaredPrefixes(root['@context']);
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}[${i}]`));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const type = record['@type'];
    const props = typeof type === 'string' ? propertiesOf(vocab, type) : null;
    if (typeof type === 'string' && !props) problems.push(`${where}: unknown type ${type}`);
    for (const [key, value] of Object.entries(record)) {
      if (key.startsWith('@')) {
        if (key === '@graph') visit(value, `${where}.@graph`);
        continue;
      }
      if (key.includes(':')) {
        if (!prefixes.has(key.split(':')[0])) problems.push(`${where}: undeclared prefix in ${key}`);
        continue;
      }
      if (props && !props.has(key)) problems.push(`${where}: ${type} has no property ${key}`);
      const members = vocab.enumerations.get(key);
      if (members && !(typeof value === 'string' && members.has(value))) {
        problems.push(`${where}: ${key} ${JSON.stringify(value)} is not a schema.org enumeration member`);
      }
      if (!props && typeof type !== 'string') problems.push(`${where}: property ${key} on a node without @type`);
      visit(value, `${where}.${key}`);
    }
  };
  visit(root, '$');
  return problems;
}
