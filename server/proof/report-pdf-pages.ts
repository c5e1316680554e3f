// How the PDF report is laid out on pages (issue 35). The report is a list of blocks (the header,
// a section heading, one label/value row, the signed checkpoint, the footer). A block is never
// split, except a long text (a prompt), which may continue on the next page after its first
// lines; a heading stays with the block after it. Every block is measured before it is placed,
// by drawing it on a scratch page with no bottom, so a label never ends up on one page and its
// value on the next. When the last page would hold less than a quarter of a page, the layout is
// drawn again with a page break before an earlier section, so no page is left nearly empty.
import type PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;

/** Wraps the drawing of one tagged element (heading, paragraph); the scratch pages skip tagging. */
export type Tag = (type: 'H1' | 'H2' | 'P', draw: () => void) => void;

export interface Block {
  /** Draws the block at doc.y, from the left margin, and leaves doc.y below it. */
  draw(doc: Doc, tag: Tag): void;
  /** A long text that may continue on the next page once its first lines are placed. */
  flows?: boolean;
  /** A section heading: kept with the block after it, and a good place for a page break. */
  heading?: boolean;
}

/** The least of a flowing block that must fit on a page before it is started there. */
const FLOW_START = 48;
/** A last page filled less than this (a share of the page's writing area) is balanced. */
const LEAST_LAST_PAGE_FILL = 0.3;
/** A moved part fills at most this share of the last page, so it cannot spill onto another. */
const MOST_MOVED_FILL = 0.95;

const untagged: Tag = (_type, draw) => draw();

/** Each block's height, drawn alone at the top of a page with no bottom. */
export function measureBlocks(blocks: Block[], scratch: () => Doc): number[] {
  const doc = scratch();
  return blocks.map((block) => {
    doc.y = doc.page.margins.top;
    block.draw(doc, untagged);
    return doc.y - doc.page.margins.top;
  });
}

interface Placement {
  /** The page (0-based) each block starts on. */
  pageOf: number[];
  pages: number;
  /** How full the last page is: the share of its writing area above the last block's bottom. */
  lastPageFill: number;
}

function area(doc: Doc): { top: number; bottom: number } {
  return { top: doc.page.margins.top, bottom: doc.page.maxY() };
}

/** Draws the blocks page by page; `breakBefore` forces a new page before those blocks. */
export function placeBlocks(doc: Doc, blocks: Block[], heights: number[], tag: Tag, breakBefore: ReadonlySet<number>): Placement {
  let pages = 1;
  const onPage = () => (pages += 1);
  doc.on('pageAdded', onPage);
  const pageOf: number[] = [];
  const needed = (i: number) => (blocks[i].flows ? Math.min(heights[i], FLOW_START) : heights[i]);
  blocks.forEach((block, i) => {
    const { top, bottom } = area(doc);
    const need = needed(i) + (block.heading && i + 1 < blocks.length ? needed(i + 1) : 0);
    if (doc.y > top && (breakBefore.has(i) || doc.y + need > bottom)) doc.addPage();
    pageOf.push(pages - 1);
    block.draw(doc, tag);
  });
  doc.off('pageAdded', onPage);
  const { top, bottom } = area(doc);
  return { pageOf, pages, lastPageFill: (doc.y - top) / (bottom - top) };
}

/**
 * Where to break so the last page gets at least LEAST_LAST_PAGE_FILL: the latest section heading
 * from which the rest fills enough of a page without spilling over; failing that, the latest block
 * that does (never right after a heading). Undefined when nothing needs moving.
 */
export function balancingBreak(blocks: Block[], heights: number[], placement: Placement, pageHeight: number): number | undefined {
  if (placement.pages < 2 || placement.lastPageFill >= LEAST_LAST_PAGE_FILL) return undefined;
  const candidates: number[] = [];
  let rest = 0;
  for (let i = blocks.length - 1; i > 0; i--) {
    rest += heights[i];
    if (rest > MOST_MOVED_FILL * pageHeight) break;
    if (rest >= LEAST_LAST_PAGE_FILL * pageHeight && placement.pageOf[i] < placement.pages - 1) candidates.push(i);
  }
  const atHeading = candidates.find((i) => blocks[i].heading);
  if (atHeading !== undefined) return atHeading;
  const atRow = candidates.find((i) => !blocks[i - 1].heading);
  return atRow;
}

/**
 * Lays the blocks out on the document: a trial on a scratch document finds whether the last page
 * would be nearly empty, then the real document is drawn with the balancing break, if any.
 */
export function layOutBlocks(doc: Doc, blocks: Block[], tag: Tag, scratch: { tall: () => Doc; trial: () => Doc }): void {
  const heights = measureBlocks(blocks, scratch.tall);
  const { top, bottom } = area(doc);
  // What fits on one page needs no trial.
  if (heights.reduce((sum, h) => sum + h, 0) <= bottom - top) {
    placeBlocks(doc, blocks, heights, tag, new Set());
    return;
  }
  const trialDoc = scratch.trial();
  const trial = placeBlocks(trialDoc, blocks, heights, untagged, new Set());
  const moveFrom = balancingBreak(blocks, heights, trial, bottom - top);
  placeBlocks(doc, blocks, heights, tag, new Set(moveFrom === undefined ? [] : [moveFrom]));
}
