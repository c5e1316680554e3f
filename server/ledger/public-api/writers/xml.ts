import type { WriterMeta } from '../metadata';
import type { PublicApiRecord } from '../record';
import { escapedXmlText } from '../../../http/xml-text';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

// Element names for the items of each list field.
const LIST_ITEM: Record<string, string> = { tags: 'tag', usage_type: 'value', proven_identities: 'identity' };

/**
 * <ledger api_version="1.0"><metadata>…</metadata><entry>…</entry>…</ledger>
 * One child element per record field, in record order. A null is an empty element with
 * xsi:nil="true", so an empty string and a missing value stay distinguishable. Every text goes
 * through exactXmlText, so an XML parser reads back exactly the stored characters (those XML
 * cannot carry at all become U+FFFD).
 *
 * Written as text, line by line, in the layout xmlbuilder2's pretty printer gave (two spaces a
 * level; an element without text or children closed as <name/>), byte for byte:
 * tests/unit/public-api/xml-writer.test.ts compares the two. Building xmlbuilder2's document
 * first cost about 20 times the database's time for a page of 1,000 works (issue 38).
 *
 * Each entry's lines are joined into one string as soon as it is written, so that only those
 * strings, not the 40,000 lines, live until the document is joined: with the server's small young
 * generation (server/node-flags.ts) the lines outlived two collections and were copied into the
 * old one. 1,000 works, written and hashed, p50 27-44 ms against 56-73 for all lines joined at the
 * end and 72-85 for one string appended to (the server's V8 flags, alternated runs).
 */
export function writeXml(records: readonly PublicApiRecord[], meta: WriterMeta): string {
  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ledger xmlns:xsi="${XSI}" api_version="${attribute(meta.metadata.api_version)}">`,
  ];
  appendElement(head, '  ', 'metadata', meta.metadata);
  const parts = [head.join('\n')];
  for (const record of records) {
    const entry: string[] = [];
    appendElement(entry, '  ', 'entry', record);
    parts.push(entry.join('\n'));
  }
  parts.push('</ledger>');
  return parts.join('\n');
}

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function appendElement(lines: string[], indent: string, name: string, fields: object): void {
  const entries = Object.entries(fields);
  if (entries.length === 0) {
    lines.push(`${indent}<${name}/>`);
    return;
  }
  lines.push(`${indent}<${name}>`);
  for (const [field, value] of entries) appendValue(lines, `${indent}  `, field, value);
  lines.push(`${indent}</${name}>`);
}

function appendValue(lines: string[], indent: string, name: string, value: unknown): void {
  if (value === null || value === undefined) {
    lines.push(`${indent}<${name} xsi:nil="true"/>`);
  } else if (Array.isArray(value)) {
    if (value.length === 0) {
      lines.push(`${indent}<${name}/>`);
      return;
    }
    const item = LIST_ITEM[name] ?? 'item';
    lines.push(`${indent}<${name}>`);
    for (const entry of value) {
      // A list of records (proven_identities): each item an element with one child per field.
      if (typeof entry === 'object' && entry !== null) appendElement(lines, `${indent}  `, item, entry);
      else simple(lines, `${indent}  `, item, String(entry));
    }
    lines.push(`${indent}</${name}>`);
  } else if (typeof value === 'object') {
    appendElement(lines, indent, name, value);
  } else {
    simple(lines, indent, name, String(value));
  }
}

function simple(lines: string[], indent: string, name: string, value: string): void {
  lines.push(value === '' ? `${indent}<${name}/>` : `${indent}<${name}>${escapedXmlText(value)}</${name}>`);
}
