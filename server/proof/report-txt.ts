// The plain-text report (report.txt): the report model as aligned label/value lines.
import type { ReportModel } from './report-model';

export function renderReportTxt(model: ReportModel): string {
  const lines = [model.title, '='.repeat(model.title.length), model.subtitle, ''];
  for (const section of model.sections) {
    lines.push(section.heading, '-'.repeat(section.heading.length));
    const width = Math.max(...section.rows.map(([label]) => label.length)) + 2;
    for (const [label, value] of section.rows) {
      // Continuation lines of a multi-line value (a prompt) line up under the value column.
      lines.push(`${`${label}:`.padEnd(width)}${value.replace(/\r?\n/g, `\n${' '.repeat(width)}`)}`);
    }
    if (section.block)
      lines.push(
        '',
        `${section.block.label}:`,
        ...section.block.text
          .trimEnd()
          .split('\n')
          .map((l) => `    ${l}`),
      );
    lines.push('');
  }
  lines.push(model.footer, '');
  return lines.join('\n');
}
