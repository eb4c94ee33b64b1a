import { describe, expect, it } from 'vitest';

import { fixturePages } from '../testing/fixture.ts';
import { type PageConfig } from '../config/types.ts';
import { englishMessages } from '../validation/english.ts';
import { printModel } from './english.ts';
import { printModelText } from './model.ts';

describe('printModel (SPEC §1: one structured print model)', () => {
  it('gives steps, sections and questions with typed answers', () => {
    const model = printModel(fixturePages, { first_name: 'Ada', us_citizen: 'Y' });
    const [first] = model.steps;
    expect(first?.title).toBe('Personal Info');
    expect(first?.sections[0]?.title).toBe('Your Name');
    expect(first?.sections[0]?.blocks.slice(0, 2)).toEqual([
      {
        kind: 'question',
        key: 'first_name',
        label: 'First Name',
        answer: { kind: 'text', text: 'Ada' },
      },
      { kind: 'question', key: 'last_name', label: 'Last Name', answer: { kind: 'blank' } },
    ]);
    const blocks = model.steps.flatMap((step) =>
      step.sections.flatMap((section) => section.blocks),
    );
    expect(blocks).toContainEqual(
      expect.objectContaining({
        key: 'us_citizen',
        answer: {
          kind: 'choices',
          choices: [
            { label: 'Yes', checked: true },
            { label: 'No', checked: false },
          ],
        },
      }),
    );
  });

  it('prints a fieldset’s legend and hint as a heading and a line, then its questions (without a hint, its questions only)', () => {
    const pages: PageConfig[] = [
      {
        id: 'about',
        route: 'about',
        title: 'Personal Info',
        sections: [
          {
            id: 'contact',
            title: 'Contact',
            blocks: [
              {
                type: 'fieldset',
                legend: 'Mailing address',
                hint: 'Where letters go.',
                blocks: [{ type: 'text', key: 'mailing_city', label: 'City' }],
              },
            ],
          },
        ],
      },
    ];
    expect(printModelText(printModel(pages, { mailing_city: 'Bozeman' }))).toEqual([
      'Personal Info',
      'Contact',
      'Mailing address',
      'Where letters go.',
      'City Bozeman',
    ]);
    const [section] = pages[0]?.sections ?? [];
    const [fieldset] = section?.blocks ?? [];
    if (fieldset?.type !== 'fieldset') throw new Error('the page holds its fieldset first');
    const withoutHint: PageConfig[] = [
      {
        id: 'about',
        route: 'about',
        title: 'Personal Info',
        sections: [{ id: 'contact', title: 'Contact', blocks: [{ ...fieldset, hint: undefined }] }],
      },
    ];
    expect(printModelText(printModel(withoutHint, { mailing_city: 'Bozeman' }))).toEqual([
      'Personal Info',
      'Contact',
      'City Bozeman',
    ]);
  });

  it('formats dates and phones as the form shows them, and masks the SSN when asked (regression: dates printed as 2008-03-27)', () => {
    const answers = {
      birth_date: '2008-03-27',
      phone_mobile: '4065550123',
      ssn: '123456789',
    };
    const text = printModelText(printModel(fixturePages, answers));
    expect(text).toContain('Date of Birth 03/27/2008');
    expect(text.some((line) => line.endsWith('(406) 555-0123'))).toBe(true);
    expect(text).toContain('Social Security Number 123-45-6789');
    const masked = printModelText(printModel(fixturePages, answers, {}, {}, { maskSsn: true }));
    expect(masked).toContain('Social Security Number XXX-XX-6789');
  });

  it('heads each add-another group and leaves empty ones out (regression: "College 2" had no heading, empty groups printed as blanks)', () => {
    const two = printModelText(
      printModel(
        fixturePages,
        { college_name: 'MSU', college_2_name: 'FVCC' },
        {},
        { addAnother: { college: 3 } },
      ),
    );
    const at = two.indexOf('College 1');
    expect(two.slice(at, at + 4)).toEqual([
      'College 1',
      'College MSU',
      'College 2',
      'College FVCC',
    ]);
    expect(two).not.toContain('College 3');
    // One group: no heading, and its blank question still prints.
    const one = printModelText(printModel(fixturePages, {}, {}, { addAnother: { college: 2 } }));
    expect(one).not.toContain('College 1');
    expect(one).not.toContain('College 2');
    expect(one).toContain('College __________');
    // With messages, the headings are in their language; the same English without.
    const withMessages = printModelText(
      printModel(
        fixturePages,
        { college_name: 'MSU', college_2_name: 'FVCC' },
        {},
        { addAnother: { college: 3 } },
        { messages: englishMessages() },
      ),
    );
    expect(withMessages).toEqual(two);
  });

  it("heads each group with the block's itemLabel when it has one, whatever its button says", () => {
    const renamed = fixturePages.map((page) => ({
      ...page,
      sections: page.sections.map((section) => ({
        ...section,
        blocks: section.blocks.map((block) =>
          block.type === 'add-another' && block.buttonId === 'college'
            ? { ...block, label: 'One more school, please', itemLabel: 'School' }
            : block,
        ),
      })),
    })) as PageConfig[];
    for (const messages of [undefined, englishMessages()]) {
      const text = printModelText(
        printModel(
          renamed,
          { college_name: 'MSU', college_2_name: 'FVCC' },
          {},
          { addAnother: { college: 2 } },
          messages === undefined ? {} : { messages },
        ),
      );
      expect(text).toContain('School 1');
      expect(text).toContain('School 2');
      expect(text.join('\n')).not.toContain('One more school');
    }
  });

  it('prints documents by name, and the info texts that show', () => {
    const model = printModel(
      fixturePages,
      { us_citizen: 'N', perm_resident: 'N' },
      { decision_essay_file: { file_name: 'essay.pdf', file_size: 1200 } },
      { tabs: { decision_essay: 'upload' } },
    );
    const text = printModelText(model);
    expect(text).toContain('Your essay Attached document: essay.pdf');
    expect(text).toContain('STOP: apply as an international student.');
  });
});
