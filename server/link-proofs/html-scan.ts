// What back-link detection needs from a page, read with a real HTML parser (parse5) within a
// budget: the rel="me" links, the <base> address, and the text a visitor sees. The page is
// someone else's and may be built to be expensive, so the parser gets a bounded prefix and the
// walk bounded nodes and depth (core/link-proof-limits.ts).
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { BACKLINK_PARSE_LIMITS } from '../../core/link-proof-limits';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface PageScan {
  /** href of every <a>, <area> and <link> whose rel includes "me", as written. */
  relMeHrefs: string[];
  /** href of the first <base>, which relative links resolve against. */
  baseHref: string | null;
  /** Text outside <head>, scripts, styles and templates, joined by spaces. */
  visibleText: string;
  /** Whether part of the page was not looked at because it passed a budget. */
  truncated: boolean;
}

export type ScanLimits = { [K in keyof typeof BACKLINK_PARSE_LIMITS]: number };

const LINK_ELEMENTS = new Set(['a', 'area', 'link']);
const INVISIBLE = new Set(['head', 'script', 'style', 'noscript', 'template', 'title']);

/** The page up to its `maxTags`-th tag, and whether anything was cut. */
function boundedPrefix(html: string, maxTags: number): { html: string; truncated: boolean } {
  const tag = /<[a-zA-Z!/?]/g;
  for (let count = 0; tag.exec(html); count++) {
    if (count === maxTags) return { html: html.slice(0, tag.lastIndex - 2), truncated: true };
  }
  return { html, truncated: false };
}

function attr(element: Element, name: string): string | null {
  return element.attrs.find((a) => a.name === name)?.value ?? null;
}

function hasRelMe(element: Element): boolean {
  const rel = attr(element, 'rel');
  return (
    rel !== null &&
    rel
      .toLowerCase()
      .split(/[\t\n\f\r ]+/)
      .includes('me')
  );
}

export function scanPage(html: string, limits: ScanLimits = BACKLINK_PARSE_LIMITS): PageScan {
  const prefix = boundedPrefix(html, limits.maxTags);
  const scan: PageScan = { relMeHrefs: [], baseHref: null, visibleText: '', truncated: prefix.truncated };
  const texts: string[] = [];
  // Iterative, in document order: a recursive walk would let a deep page exhaust the stack.
  const stack: Array<{ node: Node; depth: number; visible: boolean }> = [{ node: parse(prefix.html), depth: 0, visible: true }];
  let visited = 0;
  while (stack.length > 0) {
    const { node, depth, visible } = stack.pop()!;
    if (++visited > limits.maxNodes) {
      scan.truncated = true;
      break;
    }
    if (node.nodeName === '#text') {
      if (visible) texts.push((node as DefaultTreeAdapterMap['textNode']).value);
      continue;
    }
    let childrenVisible = visible;
    if ('tagName' in node) {
      const element = node as Element;
      const href = attr(element, 'href');
      if (href !== null && LINK_ELEMENTS.has(element.tagName) && hasRelMe(element)) scan.relMeHrefs.push(href);
      if (href !== null && element.tagName === 'base' && scan.baseHref === null) scan.baseHref = href;
      if (INVISIBLE.has(element.tagName)) childrenVisible = false;
    }
    if (!('childNodes' in node)) continue;
    if (depth >= limits.maxDepth) {
      if (node.childNodes.length > 0) scan.truncated = true;
      continue;
    }
    for (let i = node.childNodes.length - 1; i >= 0; i--) {
      stack.push({ node: node.childNodes[i], depth: depth + 1, visible: childrenVisible });
    }
  }
  scan.visibleText = texts.join(' ');
  return scan;
}
