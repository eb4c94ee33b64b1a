import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import * as stories from './Notice.stories';

const { Default, NoteWithoutTitle, Stop, StopWithoutTitle, StopWithOtherTitle, StopAppearing } =
  composeStories(stories);
const spanish = composeStories(stories, { initialGlobals: { language: 'es' } });

const STOP_TEXT = /^STOP: You have attended Gallatin College before\./;

describe('Notice', () => {
  it('shows a note as a note named by its heading', async () => {
    await Default.run();
    const note = page.getByRole('note', { name: 'Before you start' });
    await expect.element(note).toBeVisible();
    await expect
      .element(note.getByRole('heading', { level: 3, name: 'Before you start' }))
      .toBeVisible();
    await expect.element(note.getByText(/You will need your high school transcript/)).toBeVisible();
  });

  it('shows a note without a title as text only, and never announces a note', async () => {
    await NoteWithoutTitle.run();
    await expect.element(page.getByRole('note')).toHaveTextContent(/as it appears on your/);
    await expect.element(page.getByRole('heading')).not.toBeInTheDocument();
    await expect.element(page.getByRole('status')).not.toBeInTheDocument();
  });

  it('shows a stop as a region named by a heading that says stop (SPEC §5)', async () => {
    await Stop.run();
    const region = page.getByRole('region', { name: 'Please stop here' });
    await expect.element(region).toBeVisible();
    await expect
      .element(region.getByRole('heading', { level: 3, name: 'Please stop here' }))
      .toBeVisible();
    await expect.element(region.getByText(STOP_TEXT)).toBeVisible();
  });

  it('heads a stop without a title "Stop"', async () => {
    await StopWithoutTitle.run();
    await expect.element(page.getByRole('region', { name: 'Stop' })).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Stop' })).toBeVisible();
  });

  it('puts "Stop:" before a stop title that lacks the word', async () => {
    await StopWithOtherTitle.run();
    await expect
      .element(page.getByRole('heading', { name: 'Stop: Contact Admissions' }))
      .toBeVisible();
  });

  it('says stop in Spanish: "Alto", before a title that lacks it and not before one that has it', async () => {
    await spanish.StopWithoutTitle.run();
    await expect.element(page.getByRole('region', { name: 'Alto' })).toBeVisible();
    await spanish.StopWithOtherTitle.run({
      args: { ...spanish.StopWithOtherTitle.args, title: 'Comuníquese con Admisiones' },
    });
    await expect
      .element(page.getByRole('heading', { name: 'Alto: Comuníquese con Admisiones' }))
      .toBeVisible();
    await spanish.Stop.run({ args: { ...spanish.Stop.args, title: 'ALTO: deténgase aquí' } });
    await expect.element(page.getByRole('heading', { name: 'ALTO: deténgase aquí' })).toBeVisible();
  });

  it('takes the heading level it is given', async () => {
    await Stop.run({ args: { ...Stop.args, headingLevel: 4 } });
    await expect
      .element(page.getByRole('heading', { level: 4, name: 'Please stop here' }))
      .toBeVisible();
  });

  it('reads a stop out politely when an answer brings it in', async () => {
    await StopAppearing.run();
    await expect.element(page.getByRole('region')).not.toBeInTheDocument();
    await userEvent.click(page.getByRole('radio', { name: 'Yes' }));
    await expect.element(page.getByRole('region', { name: 'Please stop here' })).toBeVisible();
    // Heading and message, in a status region (polite): said once, without moving focus.
    await expect
      .element(page.getByRole('status'))
      .toHaveTextContent(/^Please stop here\. STOP: You have attended Gallatin College before\./);
    await userEvent.click(page.getByRole('radio', { name: 'No' }));
    await expect.element(page.getByRole('region')).not.toBeInTheDocument();
    await expect.element(page.getByRole('status')).not.toBeInTheDocument();
  });

  it('stays silent when told not to announce', async () => {
    await Stop.run({ args: { ...Stop.args, announce: false } });
    await expect.element(page.getByRole('region', { name: 'Please stop here' })).toBeVisible();
    await expect.element(page.getByRole('status')).not.toBeInTheDocument();
  });
});
