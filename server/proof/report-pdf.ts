// The PDF report (report.pdf) drawn with pdfkit from the same model as report.txt.
// The PDF's dates are the work's registration time, so the same record always gives the same
// bytes (bundle.txt lists the files' SHA-256s). Text of any script is written with embedded
// Unicode fonts (pdf-fonts.ts), and the PDF is tagged (headings, paragraphs) for screen readers.
import { trustStatus } from '../../core/status';
import { registerReportFonts, writeText } from './pdf-fonts';
import type { ReportModel } from './report-model';

export async function renderReportPdf(
  model: ReportModel,
  meta: { registryId: string; createdAt: Date; score: number },
): Promise<Buffer> {
  // Loaded with the first report rather than with the server: pdfkit adds to every start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
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

  registerReportFonts(doc);
  const root = doc.struct('Document');
  doc.addStructure(root);
  /** Writes one tagged block (a heading, a paragraph) so readers get the document's structure. */
  const tagged = (type: string, draw: () => void) => {
    const element = doc.struct(type, {}, draw);
    root.add(element);
  };

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 140;
  const status = trustStatus(meta.score);

  tagged('H1', () => writeText(doc.fontSize(20).fillColor('#0f172a'), model.title, 'bold'));
  doc.moveDown(0.3);
  tagged('P', () => writeText(doc.fontSize(13).fillColor('#334155'), model.subtitle, 'regular'));
  doc.moveDown(0.5);
  // Status line in the status colour, as on the proof page and the badge.
  tagged('P', () => writeText(doc.fontSize(12).fillColor(status.hex), `${status.label} - ${meta.score}/100`, 'bold'));
  doc.moveDown(0.8);

  for (const section of model.sections) {
    if (doc.y > doc.page.height - 150) doc.addPage();
    tagged('H2', () => writeText(doc.fontSize(13).fillColor('#0f172a'), section.heading, 'bold', { x: left, y: doc.y }));
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.moveDown(0.5);
    for (const [label, value] of section.rows) {
      const y = doc.y;
      tagged('P', () => writeText(doc.fontSize(9.5).fillColor('#475569'), label, 'bold', { x: left, y }, { width: labelWidth - 10 }));
      const labelBottom = doc.y;
      tagged('P', () =>
        writeText(
          doc.fontSize(9.5).fillColor('#0f172a'),
          value,
          'regular',
          { x: left + labelWidth, y },
          { width: width - labelWidth },
        ),
      );
      doc.y = Math.max(doc.y, labelBottom) + 3;
    }
    if (section.block) {
      const block = `${section.block.label}:\n${section.block.text.trimEnd()}`;
      doc.moveDown(0.3);
      tagged('P', () => writeText(doc.fontSize(8).fillColor('#334155'), block, 'regular', { x: left, y: doc.y }, { width }));
    }
    doc.moveDown(1);
  }
  tagged('P', () => writeText(doc.fontSize(9).fillColor('#64748b'), model.footer, 'italic', { x: left, y: doc.y }, { width }));
  root.end();
  doc.end();
  return done;
}
