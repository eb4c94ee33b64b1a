/**
 * The service view and the PDF print the same text for the same application. Both
 * render form-model's one print model (design-system's PrintDocument in the browser, the
 * server's renderer in the PDF); this renders one application both ways and compares what
 * each says, in order.
 */
import { PrintDocument } from '@admit/design-system';
import { type PrintModel, printModel } from '@admit/form-model';
import { renderTypstApplicationPdf } from '@admit/server';
import { loadCatalogues, loadTenant } from '@admit/tenant-config/node';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fileURLToPath } from 'node:url';

import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';

/** design-system's English texts, as the app's IntlProvider gives them to PrintDocument. */
const english =
  loadCatalogues([
    fileURLToPath(new URL('.', import.meta.resolve('@admit/design-system/locales/_'))),
  ]).en ?? {};

const tenant = loadTenant('gallatin');

/** Every text the model prints, in order: titles, headings, questions and their answers. */
function modelTexts(model: PrintModel): string[] {
  const texts: string[] = [];
  for (const step of model.steps) {
    texts.push(step.title);
    for (const section of step.sections) {
      texts.push(section.title);
      for (const block of section.blocks) {
        switch (block.kind) {
          case 'group':
            texts.push(block.heading);
            break;
          case 'info':
            if (block.title !== undefined) texts.push(block.title);
            texts.push(block.text);
            break;
          case 'checkbox':
            texts.push(block.label);
            break;
          case 'question':
            texts.push(block.label);
            if (block.answer.kind === 'text') texts.push(block.answer.text);
            if (block.answer.kind === 'document') texts.push(block.answer.fileName);
            if (block.answer.kind === 'choices')
              texts.push(...block.answer.choices.map((choice) => choice.label));
        }
      }
    }
  }
  return texts;
}

/** Whitespace does not count: the PDF wraps lines where the page does. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The texts of `expected` that are not found in `text` in order, each after the one before. */
function missingInOrder(text: string, expected: readonly string[]): string[] {
  const haystack = squeeze(text);
  const missing: string[] = [];
  let from = 0;
  for (const wanted of expected) {
    const at = haystack.indexOf(squeeze(wanted), from);
    if (at === -1) missing.push(wanted);
    else from = at + squeeze(wanted).length;
  }
  return missing;
}

interface StructNode {
  type?: string;
  id?: string;
  children?: StructNode[];
}

/**
 * The PDF's text in the order of its structure tree: what a screen reader reads. (The text
 * layer's order interleaves a wrapped question with the answer beside it.)
 */
async function pdfTextOf(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false }).promise;
  let text = '';
  for (let number = 1; number <= doc.numPages; number += 1) {
    const page = await doc.getPage(number);
    const content = await page.getTextContent({ includeMarkedContent: true });
    const texts = new Map<string, string>();
    let open: string | undefined;
    for (const item of content.items) {
      if ('type' in item && item.type === 'beginMarkedContentProps') open = item.id;
      else if ('type' in item && item.type === 'endMarkedContent') open = undefined;
      else if ('str' in item && open !== undefined)
        texts.set(open, `${texts.get(open) ?? ''}${item.str}`);
    }
    const walk = (node: StructNode) => {
      if (node.type === 'content') text += texts.get(node.id ?? '') ?? '';
      for (const child of node.children ?? []) walk(child);
    };
    const tree = (await page.getStructTree()) as StructNode | null;
    if (tree !== null) walk(tree);
  }
  await doc.destroy();
  return text;
}

/** The HTML's text, tags removed and entities decoded. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/**
 * The service view's and the PDF's texts for `answers`, each missing text listed (in order).
 * pdf.js reads the PDF here, in its structure's order.
 */
async function bothTexts(answers: Record<string, string>, applicant: string) {
  const context = { tabs: {}, addAnother: { college: 3 } };
  const model = printModel(tenant.pages, answers, {}, context);
  const expected = modelTexts(model);
  const html = renderToStaticMarkup(
    createElement(
      IntlProvider,
      { locale: 'en', messages: english },
      createElement(PrintDocument, { model }),
    ),
  );
  const pdf = await renderTypstApplicationPdf(model, {
    college: tenant.names.college,
    applicant: { name: applicant, username: 'anh@example.com' },
    generatedAt: new Date('2026-11-21T13:05:00Z'),
  });
  return {
    expected,
    inHtml: missingInOrder(htmlText(html), expected),
    inPdf: missingInOrder(await pdfTextOf(pdf), expected),
  };
}

describe('the service view and the PDF', () => {
  it('print the same text for the same application, in the same order', async () => {
    // "Ánh Thu", not "Ánh Thị": see the known failure below.
    const answers = {
      first_name: 'Ánh Thu',
      last_name: 'Nguyễn-Łukasiewicz',
      birth_date: '2008-03-27',
      birth_city: 'Zürich',
      phone_mobile: '4065550123',
      parent_first_name: 'Şükrü',
      parent_last_name: 'Öztürk',
      parent_2_first_name: 'Ελένη',
      parent_2_last_name: 'محمد',
      college_name: '王小明 University',
      college_2_name: 'דוד College',
      us_citizen: 'Y',
    };
    const { expected, inHtml, inPdf } = await bothTexts(answers, 'Ánh Thu Nguyễn-Łukasiewicz');
    // What the answers above must show as, formatted as the form shows them.
    expect(expected).toEqual(expect.arrayContaining(['03/27/2008', '(406) 555-0123', 'College 2']));
    expect(expected).not.toContain('College 3');
    expect(inHtml).toEqual([]);
    expect(inPdf).toEqual([]);
  });

  /**
   * Known failure, of the reader: Noto Sans draws "ị" as "i" and a dot below, and Typst writes
   * the letter as the pair's ActualText, which poppler reads ("Thị", typst/render.test.ts) but
   * pdf.js ignores ("Thi" and the mark). It turns red when pdf.js reads ActualText.
   */
  it.fails('print "Ánh Thị" alike, read by pdf.js', async () => {
    const { inPdf } = await bothTexts({ first_name: 'Ánh Thị' }, 'Ánh Thị');
    expect(inPdf).toEqual([]);
  });
});
