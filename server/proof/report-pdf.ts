// The PDF report (report.pdf) drawn with pdfkit from the same model as report.txt.
// The PDF's dates are the work's registration time, so the same record always gives the same
// bytes (bundle.txt lists the files' SHA-256s). Text of any script is written with embedded
// Unicode fonts (pdf-fonts.ts), and the PDF is tagged (headings, paragraphs) for screen readers.
// The blocks are placed on pages by report-pdf-pages.ts: a label stays with its value, a long key
// wraps in its column, and a long prompt runs across the full width.
import { trustStatus } from '../../core/status';
import { registerReportFonts, writeText } from './pdf-fonts';
import { layOutBlocks, type Block, type Doc } from './report-pdf-pages';
import type { ReportModel } from './report-model';

const PAGE = { size: 'A4', margin: 50 } as const;
/**
 * The prompt's characters the PDF prints (the rest is on the proof page and in report.txt): with
 * the longest title, artist, tags and keys, 1,500 characters of any script keep it to two pages.
 */
export const PDF_PROMPT_CHARS = 1500;
const LABEL_WIDTH = 112;
const LABEL_GAP = 10;
/** A value taller than this many lines in the value column is written under its label, full width. */
const MOST_COLUMN_LINES = 8;
const INK = { title: '#0f172a', text: '#0f172a', label: '#475569', soft: '#334155', note: '#64748b', rule: '#cbd5e1' };
const SIZE = { title: 18, subtitle: 11.5, status: 11, heading: 12, label: 8.5, value: 9, block: 7.5, footer: 8 };

type PdfCtor = new (options: PDFKit.PDFDocumentOptions) => Doc;

function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The report's blocks, in reading order. */
function reportBlocks(model: ReportModel, meta: ReportMeta, valueIsLong: (value: string) => boolean): Block[] {
  const status = trustStatus(meta.score);
  const blocks: Block[] = [
    {
      draw(doc, tag) {
        const x = doc.page.margins.left;
        const width = contentWidth(doc);
        tag('H1', () => writeText(doc.fontSize(SIZE.title).fillColor(INK.title), model.title, 'bold', { x, y: doc.y }, { width }));
        doc.moveDown(0.2);
        tag('P', () =>
          writeText(doc.fontSize(SIZE.subtitle).fillColor(INK.soft), model.subtitle, 'regular', { x, y: doc.y }, { width }),
        );
        doc.moveDown(0.3);
        // The status in its colour, as on the proof page and the badge.
        tag('P', () =>
          writeText(
            doc.fontSize(SIZE.status).fillColor(status.hex),
            `${status.label} - ${meta.score}/100`,
            'bold',
            { x, y: doc.y },
            { width },
          ),
        );
        doc.y += 10;
      },
    },
  ];
  for (const section of model.sections) {
    blocks.push({
      heading: true,
      draw(doc, tag) {
        const x = doc.page.margins.left;
        doc.y += 6;
        tag('H2', () => writeText(doc.fontSize(SIZE.heading).fillColor(INK.title), section.heading, 'bold', { x, y: doc.y }));
        doc
          .moveTo(x, doc.y + 1)
          .lineTo(x + contentWidth(doc), doc.y + 1)
          .strokeColor(INK.rule)
          .stroke();
        doc.y += 5;
      },
    });
    for (const [label, value] of section.rows) {
      blocks.push(valueIsLong(value) ? stackedRow(label, value) : columnRow(label, value));
    }
    if (section.block) blocks.push(stackedRow(section.block.label, section.block.text.trimEnd(), SIZE.block));
  }
  blocks.push({
    draw(doc, tag) {
      doc.y += 6;
      const x = doc.page.margins.left;
      tag('P', () =>
        writeText(
          doc.fontSize(SIZE.footer).fillColor(INK.note),
          model.footer,
          'italic',
          { x, y: doc.y },
          { width: contentWidth(doc) },
        ),
      );
    },
  });
  return blocks;
}

/** Label on the left, value in the column beside it. */
function columnRow(label: string, value: string): Block {
  return {
    draw(doc, tag) {
      const x = doc.page.margins.left;
      const y = doc.y;
      tag('P', () =>
        writeText(doc.fontSize(SIZE.label).fillColor(INK.label), label, 'bold', { x, y: y + 0.5 }, { width: LABEL_WIDTH }),
      );
      const labelBottom = doc.y;
      const valueX = x + LABEL_WIDTH + LABEL_GAP;
      tag('P', () =>
        writeText(
          doc.fontSize(SIZE.value).fillColor(INK.text),
          value,
          'regular',
          { x: valueX, y },
          { width: contentWidth(doc) - LABEL_WIDTH - LABEL_GAP },
        ),
      );
      doc.y = Math.max(doc.y, labelBottom) + 3;
    },
  };
}

/** Label on its own line, the text under it across the full width; it may continue on the next page. */
function stackedRow(label: string, text: string, size: number = SIZE.value): Block {
  return {
    flows: true,
    draw(doc, tag) {
      const x = doc.page.margins.left;
      const width = contentWidth(doc);
      tag('P', () => writeText(doc.fontSize(SIZE.label).fillColor(INK.label), label, 'bold', { x, y: doc.y }, { width }));
      doc.y += 1;
      tag('P', () => writeText(doc.fontSize(size).fillColor(INK.text), text, 'regular', { x, y: doc.y }, { width }));
      doc.y += 4;
    },
  };
}

export interface ReportMeta {
  registryId: string;
  createdAt: Date;
  score: number;
}

export async function renderReportPdf(model: ReportModel, meta: ReportMeta): Promise<Buffer> {
  // Loaded with the first report rather than with the server: pdfkit adds to every start.
  const { default: PDFDocument } = (await import('pdfkit')) as unknown as { default: PdfCtor };
  const doc = new PDFDocument({
    ...PAGE,
    tagged: true,
    lang: 'en',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: `${model.title}: ${model.subtitle}`,
      Subject: `Registry ID ${meta.registryId}`,
      Creator: model.title,
      Producer: 'pdfkit',
      CreationDate: meta.createdAt,
      ModDate: meta.createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Scratch documents for measuring and for the trial layout; never ended, never written out.
  const scratch = (size: [number, number] | 'A4') => () => {
    const sheet = new PDFDocument({ size, margin: PAGE.margin });
    registerReportFonts(sheet);
    return sheet;
  };
  const tall = scratch([doc.page.width, 100_000]);
  const measurer = tall();
  const columnWidth = contentWidth(doc) - LABEL_WIDTH - LABEL_GAP;
  const valueIsLong = (value: string) => {
    // Fewer characters than lines times the narrowest line cannot fill the lines.
    if (value.length < MOST_COLUMN_LINES * 30 && !value.includes('\n')) return false;
    measurer.fontSize(SIZE.value);
    measurer.y = PAGE.margin;
    writeText(measurer, value, 'regular', { x: PAGE.margin, y: PAGE.margin }, { width: columnWidth });
    return measurer.y - PAGE.margin > MOST_COLUMN_LINES * measurer.currentLineHeight(true);
  };

  registerReportFonts(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  layOutBlocks(doc, reportBlocks(model, meta, valueIsLong), (type, draw) => root.add(doc.struct(type, {}, draw)), {
    tall,
    trial: scratch('A4'),
  });
  root.end();
  doc.end();
  return done;
}
