// The XML writer as it was, on xmlbuilder2's document builder: the reference the text writer must equal byte for byte.
import { create } from 'xmlbuilder2';
import type { WriterMeta } from '../../../server/ledger/public-api/metadata';
import type { PublicApiRecord } from '../../../server/ledger/public-api/record';
import { exactXmlText } from '../../../server/http/xml-text';

type XMLBuilder = ReturnType<typeof create>;

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

// Element names for the items of each list field.
const LIST_ITEM: Record<string, string> = { tags: 'tag', usage_type: 'value', proven_identities: 'identity' };

/**
 * <ledger api_version="1.0"><metadata>…</metadata><entry>…</entry>…</ledger>
 * One child element per record field, in record order. A null is an empty element with
 * xsi:nil="true", so an empty string and a missing value stay distinguishable. Every text goes
 * through exactXmlText, so an XML parser reads back exactly the stored characters (those XML
 * cannot carry at all become U+FFFD).
 */
export function writeXmlWithXmlbuilder(records: readonly PublicApiRecord[], meta: WriterMeta): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele('ledger', { 'xmlns:xsi': XSI, api_version: meta.metadata.api_version });
  appendFields(root.ele('metadata'), meta.metadata);
  for (const record of records) appendFields(root.ele('entry'), record);
  return doc.end({ prettyPrint: true });
}

function appendFields(parent: XMLBuilder, fields: object): void {
  for (const [name, value] of Object.entries(fields)) appendValue(parent, name, value);
}

function appendValue(parent: XMLBuilder, name: string, value: unknown): void {
  if (value === null || value === undefined) {
    parent.ele(name, { 'xsi:nil': 'true' });
  } else if (Array.isArray(value)) {
    const list = parent.ele(name);
    for (const item of value) {
      if (typeof item === 'object' && item !== null) appendFields(list.ele(LIST_ITEM[name] ?? 'item'), item);
      else list.ele(LIST_ITEM[name] ?? 'item').txt(exactXmlText(String(item)));
    }
  } else if (typeof value === 'object') {
    appendFields(parent.ele(name), value);
  } else {
    parent.ele(name).txt(exactXmlText(String(value)));
  }
}
