// The PDF report (report.pdf) drawn with pdfkit from the same model as report.txt.
// The PDF's dates are the work's registration time, so the same record always gives the same
// bytes (bundle.txt lists the files' SHA-256s).
import PDFDocument from 'pdfkit';
import { trustStatus } from '../../core/status';
import type { ReportModel } from './report-model';

// pdfkit's built-in fonts (no font file to ship) encode only Windows-1252; other characters
// would print as garbage, so they are shown as '?'. The TXT and JSON-LD keep the full text.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function pdfText(text: string): string {
  return [...text]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (c === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(c)) return c;
      return '?';
    })
    .join('');
}

export function renderReportPdf(model: ReportModel, meta: { registryId: string; createdAt: Date; score: number }): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: {
      Title: pdfText(`${model.title}: ${model.subtitle}`),
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

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 140;
  const status = trustStatus(meta.score);

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#0f172a').text(pdfText(model.title));
  doc.moveDown(0.3).font('Helvetica').fontSize(13).fillColor('#334155').text(pdfText(model.subtitle));
  doc.moveDown(0.5);
  // Status line in the status colour, as on the proof page and the badge.
  doc.font('Helvetica-Bold').fontSize(12).fillColor(status.hex).text(`${status.label} - ${meta.score}/100`);
  doc.moveDown(0.8);

  for (const section of model.sections) {
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text(pdfText(section.heading), left, doc.y);
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor('#cbd5e1')
      .stroke();
    doc.moveDown(0.5);
    for (const [label, value] of section.rows) {
      const y = doc.y;
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor('#475569')
        .text(pdfText(label), left, y, { width: labelWidth - 10 });
      const labelBottom = doc.y;
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor('#0f172a')
        .text(pdfText(value), left + labelWidth, y, { width: width - labelWidth });
      doc.y = Math.max(doc.y, labelBottom) + 3;
    }
    if (section.block) {
      doc
        .moveDown(0.3)
        .font('Courier')
        .fontSize(8)
        .fillColor('#334155')
        .text(pdfText(section.block.trimEnd()), left, doc.y, { width });
    }
    doc.moveDown(1);
  }
  doc.font('Helvetica-Oblique').fontSize(9).fillColor('#64748b').text(pdfText(model.footer), left, doc.y, { width });
  doc.end();
  return done;
}
