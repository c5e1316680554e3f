// oEmbed's XML format (oEmbed 1.0 §2.3.4): the same fields as the JSON answer, each one child of
// an <oembed> element, in the same order. Text is written so that an XML parser gives back
// exactly the characters of the JSON answer (titles and artist names are the artist's text).
import { create } from 'xmlbuilder2';
import { exactXmlText } from '../http/xml-text';
import type { OEmbedRich } from './oembed';

export const OEMBED_XML_CONTENT_TYPE = 'text/xml; charset=utf-8';

export function oembedXml(response: OEmbedRich): string {
  const doc = create({ version: '1.0', encoding: 'utf-8', standalone: true });
  const root = doc.ele('oembed');
  for (const [name, value] of Object.entries(response)) root.ele(name).txt(exactXmlText(String(value)));
  return doc.end({ prettyPrint: true });
}
