import { composeStories } from '@storybook/react-vite';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';

import * as stories from './PrintDocument.stories';

const { Default, FromFormModel, NothingAnswered, WithoutHeading, WithStepLinks } =
  composeStories(stories);

/** The row (question and answer) whose question reads `question`. */
function row(question: string) {
  const label = page.getByText(question, { exact: true }).element();
  const element = label.parentElement;
  if (element === null) throw new Error(`No row for ${question}`);
  return element;
}

describe('PrintDocument', () => {
  afterEach(async () => {
    await page.viewport(414, 896);
  });

  it('heads the document with the college and applicant, pages as h2, sections as h3', async () => {
    await Default.run();
    await expect
      .element(page.getByRole('article', { name: 'Gallatin College Application' }))
      .toBeVisible();
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Gallatin College Application' }))
      .toBeVisible();
    await expect.element(page.getByText('Applicant: Ada Lovelace')).toBeVisible();
    const pages = page.getByRole('heading', { level: 2 });
    expect(pages.elements().map((heading) => heading.textContent)).toEqual([
      'Personal Info',
      'Academic History',
      'Submit',
    ]);
    await expect.element(page.getByRole('heading', { level: 3, name: 'Your Name' })).toBeVisible();
    // Add-another groups under their own headings (regression: "College 2" had none).
    expect(
      page
        .getByRole('heading', { level: 4 })
        .elements()
        .map((heading) => heading.textContent),
    ).toEqual(['College 1', 'College 2']);
    await expect
      .element(page.getByRole('heading', { level: 3, name: 'Certification' }))
      .toBeVisible();
  });

  it('prints each question as text with its answer', async () => {
    await Default.run();
    expect(row('First Name').textContent).toBe('First NameAda');
    expect(row('High School Name').textContent).toBe('High School NameBozeman High School');
    await expect
      .element(page.getByText('Scores are optional. Official scores can be sent later.'))
      .toBeVisible();
  });

  it('prints an empty answer as an underlined blank, "Not answered" to a screen reader', async () => {
    await Default.run();
    const blankRow = row('Middle Name');
    expect(blankRow.textContent).toBe('Middle NameNot answered');
    const blank = page.getByText('Not answered').first().element().parentElement;
    if (blank === null) throw new Error('No blank');
    const look = getComputedStyle(blank);
    expect(look.borderBottomStyle).toBe('solid');
    expect(parseFloat(look.borderBottomWidth)).toBeGreaterThan(0);
    expect(blank.getBoundingClientRect().width).toBeGreaterThan(100);
    // The words are for screen readers only; the eye sees the line.
    expect(page.getByText('Not answered').first().element().getBoundingClientRect().width).toBe(1);
  });

  it('prints choices as [X] and [ ], heard as "selected" and "not selected" (SPEC §1)', async () => {
    await Default.run();
    const citizen = page.getByRole('list', { name: 'Are you a citizen of the United States?' });
    const [yes, no] = citizen.getByRole('listitem').elements();
    expect(yes?.textContent).toBe('[X]Yes, selected');
    expect(no?.textContent).toBe('[ ]No, not selected');
    await expect.element(citizen.getByText('[X]')).toBeVisible();
    await expect.element(citizen.getByText('[ ]')).toBeVisible();
    const race = page.getByRole('list', { name: 'Race (choose all that apply)' });
    expect(race.getByRole('listitem').elements()).toHaveLength(5);
    await expect.element(race.getByText('White')).toBeVisible();
  });

  it('prints a lone checkbox as a marked choice', async () => {
    await Default.run();
    await expect
      .element(page.getByRole('listitem').filter({ hasText: /^\[X\]I certify that/ }))
      .toBeVisible();
    await expect
      .element(page.getByRole('listitem').filter({ hasText: /^\[ \]I understand my obligations/ }))
      .toBeVisible();
  });

  it('prints an attached document by name', async () => {
    await Default.run();
    await expect.element(page.getByText('Attached document: why-gallatin-essay.pdf')).toBeVisible();
    expect(row('Upload your essay').textContent).toBe(
      'Upload your essayAttached document: why-gallatin-essay.pdf',
    );
  });

  it('puts the step action beside each step heading', async () => {
    await WithStepLinks.run();
    const links = page.getByRole('link');
    expect(links.elements().map((link) => link.textContent)).toEqual([
      'Change Personal Info',
      'Change Academic History',
      'Change Submit',
    ]);
    expect(
      page
        .getByRole('heading', { level: 2 })
        .elements()
        .map((heading) => heading.textContent),
    ).toEqual(['Personal Info', 'Academic History', 'Submit']);
  });

  it('has no step action without one (the service view)', async () => {
    await Default.run();
    await expect.element(page.getByRole('heading', { level: 2, name: 'Submit' })).toBeVisible();
    expect(page.getByRole('link').elements()).toHaveLength(0);
  });

  it('has no buttons and no inputs (SPEC §6 read-only)', async () => {
    await Default.run();
    const article = page.getByRole('article').element();
    await expect.element(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(article.querySelectorAll('button, input, select, textarea, a[href]')).toHaveLength(0);
  });

  it("renders form-model's print model as it is", async () => {
    await FromFormModel.run();
    expect(row('First Name').textContent).toBe('First NameGrace');
    expect(row('Last Name').textContent).toBe('Last NameNot answered');
    const citizen = page.getByRole('list', { name: 'Are you a citizen of the United States?' });
    expect(
      citizen
        .getByRole('listitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual(['[ ]Yes, not selected', '[X]No, selected']);
    await expect.element(page.getByText('Attached document: essay.docx')).toBeVisible();
    await expect
      .element(page.getByRole('listitem').filter({ hasText: '[ ]I certify, not selected' }))
      .toBeVisible();
  });

  it('prints blanks and empty marks when nothing is answered', async () => {
    await NothingAnswered.run();
    // First Name, Last Name and the essay (no document) are blanks.
    expect(page.getByText('Not answered').elements()).toHaveLength(3);
    expect(page.getByText('[X]').elements()).toHaveLength(0);
    expect(page.getByText('[ ]').elements()).toHaveLength(3);
  });

  it('shows the model alone without a heading', async () => {
    await WithoutHeading.run();
    await expect.element(page.getByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await expect.element(page.getByRole('heading', { level: 2, name: 'Submit' })).toBeVisible();
  });

  it('puts the answer below its question on a 375 px phone, beside it on a wide screen', async () => {
    await page.viewport(375, 812);
    await Default.run();
    const question = page.getByText('High School Name', { exact: true }).element();
    const answer = page.getByText('Bozeman High School').element();
    expect(answer.getBoundingClientRect().top).toBeGreaterThan(
      question.getBoundingClientRect().bottom - 1,
    );
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(375);
    await page.viewport(1280, 800);
    await expect
      .poll(() => answer.getBoundingClientRect().left)
      .toBeGreaterThan(question.getBoundingClientRect().right);
  });
});
