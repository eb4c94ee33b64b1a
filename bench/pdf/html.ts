/**
 * The same printable content as the server's PDF, as plain HTML for Chromium to print: the
 * title block, a band per page, a heading per section, questions beside their answers,
 * [X]/[ ] choices, underlined blanks, info texts, documents by name. No scripts, no web
 * fonts, nothing fetched: Chromium spends its time laying out and printing, as the PDF does.
 */
import { type PrintLine } from '@admit/form-model';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
  @page { size: Letter; margin: 0.75in 0.75in 0.8in; }
  body { font: 9.5pt/1.35 Helvetica, Arial, sans-serif; color: #171c24; margin: 0; }
  header { display: flex; justify-content: space-between; border-bottom: 2px solid #003875;
    padding-bottom: 8pt; margin-bottom: 10pt; }
  header h1 { font-size: 19pt; color: #003875; margin: 0; }
  header p { margin: 2pt 0 0; font-size: 13pt; }
  address { font: 8pt/1.3 Helvetica, Arial, sans-serif; color: #6b7280; text-align: right; }
  .facts { display: grid; grid-template-columns: 1fr 1fr; gap: 6pt 12pt; background: #f3f4f6;
    padding: 8pt 12pt; margin-bottom: 12pt; }
  .facts dt { font-size: 6.8pt; font-weight: bold; color: #6b7280; }
  .facts dd { margin: 0; font-size: 10pt; }
  h2 { background: #003875; color: #fff; font-size: 12pt; padding: 3pt 9pt; margin: 12pt 0 4pt;
    break-after: avoid; }
  h3 { color: #003875; font-size: 11pt; border-bottom: 0.6pt solid #d0d5dd; margin: 10pt 0 6pt;
    break-after: avoid; }
  .row { display: grid; grid-template-columns: 200pt 1fr; column-gap: 16pt; margin-bottom: 4pt;
    break-inside: avoid; }
  .label { color: #4d5461; }
  .long { margin-bottom: 4pt; }
  .long .answer { padding-left: 12pt; white-space: pre-wrap; }
  .blank { display: inline-block; width: 190pt; border-bottom: 0.75pt solid #595e68; height: 10pt; }
  .choice { display: grid; grid-template-columns: 19pt 1fr; }
  .checked { font-weight: bold; }
  .info { font-style: italic; color: #6b7280; font-size: 8.8pt; margin: 0 0 5pt; }
  .info-title { font-weight: bold; margin: 3pt 0 0; }
`;

/** A document the PDF renderer also gets as `meta`. */
export interface HtmlMeta {
  college: string;
  title: string;
  collegeContact: readonly string[];
  applicant: { name: string; username: string };
  generatedAt: Date;
}

function choice(line: { text: string; checked: boolean }): string {
  return `<div class="choice${line.checked ? ' checked' : ''}"><span>${line.checked ? '[X]' : '[ ]'}</span><span>${escape(line.text)}</span></div>`;
}

/** The print lines as one HTML document. */
export function printableHtml(lines: readonly PrintLine[], meta: HtmlMeta): string {
  const body: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (line === undefined) continue;
    switch (line.kind) {
      case 'page':
        body.push(`<h2>${escape(line.text)}</h2>`);
        break;
      case 'section':
        body.push(`<h3>${escape(line.text)}</h3>`);
        break;
      case 'info':
        body.push(`<p class="info">${escape(line.text)}</p>`);
        break;
      case 'choice':
        body.push(choice(line));
        break;
      case 'document':
        body.push(`<p>Attached document: ${escape(line.text)}</p>`);
        break;
      case 'question': {
        const label = `<div class="label">${escape(line.text)}</div>`;
        if (line.answer === null) {
          body.push(`<div class="row">${label}<div><span class="blank"></span></div></div>`);
        } else if (line.answer === '') {
          const parts: string[] = [];
          for (let next = lines[index + 1]; next !== undefined; next = lines[index + 1]) {
            if (next.kind === 'choice') parts.push(choice(next));
            else if (next.kind === 'document')
              parts.push(`<div>Attached document: ${escape(next.text)}</div>`);
            else break;
            index += 1;
          }
          body.push(`<div class="row">${label}<div>${parts.join('')}</div></div>`);
        } else if (line.answer.length > 240 || line.answer.includes('\n')) {
          body.push(
            `<div class="long">${label}<div class="answer">${escape(line.answer)}</div></div>`,
          );
        } else {
          body.push(`<div class="row">${label}<div>${escape(line.answer)}</div></div>`);
        }
      }
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(meta.college)}: ${escape(meta.title)}</title>
<style>${STYLE}</style></head><body>
<header><div><h1>${escape(meta.college)}</h1><p>${escape(meta.title)}</p></div>
<address>${meta.collegeContact.map(escape).join('<br>')}</address></header>
<dl class="facts">
<div><dt>APPLICANT</dt><dd><b>${escape(meta.applicant.name)}</b></dd></div>
<div><dt>ACCOUNT</dt><dd>${escape(meta.applicant.username)}</dd></div>
<div><dt>STATUS</dt><dd>Not yet submitted (a copy of the saved answers)</dd></div>
<div><dt>COPY MADE</dt><dd>${escape(meta.generatedAt.toUTCString())}</dd></div>
</dl>
${body.join('\n')}
</body></html>`;
}
