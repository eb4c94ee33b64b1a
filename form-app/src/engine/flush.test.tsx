import { type Answers } from '@admit/form-model';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../api/queryClient.ts';
import { type AnswersForm, createAnswersForm } from './createAnswersForm.ts';
import { useSaving } from './useSaving.ts';

type Saving = ReturnType<typeof useSaving>;

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The saves the page sends, each answered only when the test says so. */
function heldSaves() {
  const sent: { answers: Answers; keepalive: boolean; answer: () => void }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_input, init) =>
      new Promise<Response>((resolve) => {
        sent.push({
          answers: JSON.parse(init?.body as string) as Answers,
          keepalive: init?.keepalive === true,
          answer: () => {
            resolve(
              new Response(JSON.stringify({ message: 'Saved.' }), {
                headers: { 'content-type': 'application/json' },
              }),
            );
          },
        });
      }),
  );
  return sent;
}

/** A logged-in applicant's saving, on the college's About page with nothing stored yet. */
async function renderSaving(): Promise<{ form: AnswersForm; saving: () => Saving }> {
  const form = createAnswersForm({}, []);
  let current: Saving | undefined;
  function Probe() {
    current = useSaving(form, {
      loggedIn: true,
      queryClient: createQueryClient(),
      initial: {},
      username: 'ada@example.com',
      sensitive: new Set(),
    });
    return null;
  }
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(<Probe />);
  await vi.waitFor(() => {
    if (current === undefined) throw new Error('not rendered yet');
  });
  return {
    form,
    saving: () => {
      if (current === undefined) throw new Error('not rendered');
      return current;
    },
  };
}

describe('the flush as the page goes, beside a save in flight', () => {
  it('sends only what the save in flight lacks, and books its answer: a later save sends nothing again', async () => {
    const sent = heldSaves();
    const { form, saving } = await renderSaving();
    form.change('first_name', 'Ada');
    const first = saving().save();
    await vi.waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    form.change('last_name', 'Lovelace');
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await vi.waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    expect(sent.map((save) => save.answers)).toEqual([
      { first_name: 'Ada' },
      { last_name: 'Lovelace' },
    ]);
    for (const save of sent) save.answer();
    await first;
    // The page stayed (the tab was only hidden): the next save finds nothing unsaved.
    await saving().save();
    expect(sent).toHaveLength(2);
    expect(saving().status.get().kind).not.toBe('failed');
  });

  it('sends the flush as an ordinary request when it would pass the keepalive quota beside the save in flight', async () => {
    const sent = heldSaves();
    const { form, saving } = await renderSaving();
    form.change('first_name', 'A'.repeat(50_000));
    const first = saving().save();
    await vi.waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    form.change('last_name', 'L'.repeat(20_000));
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await vi.waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    expect(sent.map((save) => save.keepalive)).toEqual([true, false]);
    for (const save of sent) save.answer();
    await first;
    await saving().save();
    expect(sent).toHaveLength(2);
  });
});
