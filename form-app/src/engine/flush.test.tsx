import { type Answers } from '@admit/form-model';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../api/queryClient.ts';
import { type AnswersForm, createAnswersForm } from './createAnswersForm.ts';
import { SAVES_CHANNEL, useSaving } from './useSaving.ts';

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
  const sent: {
    answers: Answers;
    keepalive: boolean;
    answer: () => void;
    /** The request fails as a network failure does (a keepalive cut off, no connection). */
    fail: () => void;
  }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    (_input, init) =>
      new Promise<Response>((resolve, reject) => {
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
          fail: () => {
            reject(new TypeError('Failed to fetch'));
          },
        });
      }),
  );
  return sent;
}

/** A logged-in applicant's saving, on the college's About page with nothing stored yet. */
async function renderSaving(
  sensitive: ReadonlySet<string> = new Set(),
): Promise<{ form: AnswersForm; saving: () => Saving }> {
  const form = createAnswersForm({}, []);
  let current: Saving | undefined;
  function Probe() {
    current = useSaving(form, {
      loggedIn: true,
      queryClient: createQueryClient(),
      initial: {},
      username: 'ada@example.com',
      sensitive,
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

const pageHides = () => window.dispatchEvent(new PageTransitionEvent('pagehide'));

/**
 * A save of the first name in flight, then the last name typed and the page going (`leave`):
 * the save and the flush beside it, both held until the test answers them.
 */
async function aFlushBesideASave(
  firstName = 'Ada',
  lastName = 'Lovelace',
  leave: () => void = pageHides,
) {
  const sent = heldSaves();
  const { form, saving } = await renderSaving();
  form.change('first_name', firstName);
  const first = saving().save();
  await vi.waitFor(() => {
    expect(sent).toHaveLength(1);
  });
  form.change('last_name', lastName);
  leave();
  await vi.waitFor(() => {
    expect(sent).toHaveLength(2);
  });
  return { sent, saving, first };
}

/** The next save, answered by the server: the `count`th request `sent`. */
async function savedAs(saving: () => Saving, sent: ReturnType<typeof heldSaves>, count: number) {
  const saved = saving().save();
  await vi.waitFor(() => {
    expect(sent).toHaveLength(count);
  });
  sent[count - 1]?.answer();
  await saved;
}

describe('the flush as the page goes, beside a save in flight', () => {
  it('sends only what the save in flight lacks, and books its answer: a later save sends nothing again', async () => {
    const { sent, saving, first } = await aFlushBesideASave();
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
    const { sent, saving, first } = await aFlushBesideASave(
      'A'.repeat(50_000),
      'L'.repeat(20_000),
      () => {
        document.dispatchEvent(new Event('visibilitychange'));
        pageHides();
      },
    );
    expect(sent.map((save) => save.keepalive)).toEqual([true, false]);
    for (const save of sent) save.answer();
    await first;
    await saving().save();
    expect(sent).toHaveLength(2);
  });
});

describe('the save state beside a flush', () => {
  it('says not saved when the flush failed, though the save in flight beside it succeeded (regression: "Saved" shown over answers never stored)', async () => {
    const { sent, saving, first } = await aFlushBesideASave();
    sent[1]?.fail();
    sent[0]?.answer();
    await first;
    expect(saving().status.get()).toEqual({ kind: 'failed' });

    // Retry sends what the flush could not, and only then is everything saved.
    const retry = saving().save();
    await vi.waitFor(() => {
      expect(sent).toHaveLength(3);
    });
    expect(sent[2]?.answers).toEqual({ last_name: 'Lovelace' });
    sent[2]?.answer();
    await retry;
    expect(saving().status.get().kind).toBe('saved');
  });

  it('says not saved when the flush fails after the save beside it has said saved', async () => {
    const { sent, saving, first } = await aFlushBesideASave();
    sent[0]?.answer();
    await first;
    expect(saving().status.get().kind).toBe('saved');
    sent[1]?.fail();
    await vi.waitFor(() => {
      expect(saving().status.get()).toEqual({ kind: 'failed' });
    });
  });
});

describe('what the other tabs are told of a save', () => {
  it('leaves the sensitive answers (the SSN) out of the message to the other tabs', async () => {
    const sent = heldSaves();
    const heard: unknown[] = [];
    const otherTab = new BroadcastChannel(SAVES_CHANNEL);
    otherTab.onmessage = (event: MessageEvent) => {
      heard.push(event.data);
    };
    try {
      const { form, saving } = await renderSaving(new Set(['ssn']));
      form.change('first_name', 'Ada');
      form.change('ssn', '123-45-6789');
      const saved = saving().save();
      await vi.waitFor(() => {
        expect(sent).toHaveLength(1);
      });
      // The server gets the SSN; the other tabs do not.
      expect(sent[0]?.answers).toMatchObject({ first_name: 'Ada', ssn: '123-45-6789' });
      sent[0]?.answer();
      await saved;
      await vi.waitFor(() => {
        expect(heard).toHaveLength(1);
      });
      expect(heard[0]).toEqual({ username: 'ada@example.com', answers: { first_name: 'Ada' } });
      expect(JSON.stringify(heard)).not.toContain('6789');

      // A save of the SSN alone tells the other tabs nothing.
      form.change('ssn', '987-65-4321');
      await savedAs(saving, sent, 2);
      form.change('first_name', 'Augusta');
      await savedAs(saving, sent, 3);
      await vi.waitFor(() => {
        expect(heard).toHaveLength(2);
      });
      expect(heard[1]).toEqual({ username: 'ada@example.com', answers: { first_name: 'Augusta' } });
    } finally {
      otherTab.close();
    }
  });
});
