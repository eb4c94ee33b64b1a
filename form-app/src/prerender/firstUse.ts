/**
 * The first sign that a person is using the page: a tap, a click, a key, a scroll or focus
 * moving. What a page needs only once it is used (the lookup's and the date picker's chunks,
 * fields.tsx) is fetched then, not while the page is still becoming usable.
 */
import { type Question } from '@admit/form-model';

import type { FieldProps } from '../renderer/index.ts';

/** What a lazy field's placeholder is given besides its question. */
export interface PlaceholderProps<T extends Question['type']> extends FieldProps<T> {
  /** Keeps the placeholder on the page while `true` (the date's, while it has focus). */
  hold: (held: boolean) => void;
  /** The person is using the placeholder: fetch the field, and show it as soon as it is here. */
  want: () => void;
}

const USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'wheel', 'touchstart', 'scroll'] as const;
/** Input events that mean someone is typing or tapping now. */
const BUSY_EVENTS = ['pointerdown', 'keydown'] as const;
/** How long the page has to go without a key or a tap to be quiet. */
export const QUIET_MS = 1000;

let used = false;
const waiting = new Set<() => void>();

function firstUse(): void {
  if (used) return;
  used = true;
  for (const type of USE_EVENTS) window.removeEventListener(type, firstUse, true);
  // After the event, not in it: the tap or key is answered first.
  setTimeout(() => {
    for (const run of waiting) run();
    waiting.clear();
  });
}

/**
 * Counts the page as used from now: an app that renders afresh (a logged-in applicant, a page
 * not prerendered) fetches what its fields need at once, as a visitor's page does once used.
 */
export function markUsed(): void {
  used = true;
}

/** Runs `run` on the page's first use, or now if it has been used already. */
export function onFirstUse(run: () => void): void {
  if (used || typeof window === 'undefined') {
    run();
    return;
  }
  // Queued to run once, after the first use's event (waiting is emptied then).
  if (waiting.size === 0)
    for (const type of USE_EVENTS)
      window.addEventListener(type, firstUse, { capture: true, passive: true });
  waiting.add(run);
}

let lastInput = 0;
let quietTimer: ReturnType<typeof setTimeout> | undefined;
const whenQuiet = new Set<() => void>();

function noteInput(): void {
  lastInput = performance.now();
}
// Heard from the start: the keys typed before a field arrived count too.
if (typeof window !== 'undefined')
  for (const type of BUSY_EVENTS)
    window.addEventListener(type, noteInput, { capture: true, passive: true });

function runIfQuiet(): void {
  quietTimer = undefined;
  const wait = lastInput + QUIET_MS - performance.now();
  if (wait > 0) {
    quietTimer = setTimeout(runIfQuiet, wait);
    return;
  }
  const runs = [...whenQuiet];
  whenQuiet.clear();
  for (const run of runs) run();
}

/**
 * Runs `run` once nobody has typed or tapped for `QUIET_MS`: rendering a field that has just
 * arrived (a date picker, a lookup) takes the main thread for a moment, which should not fall
 * between the keys of someone typing (bench/pageload's key-to-paint).
 */
export function afterQuiet(run: () => void): void {
  whenQuiet.add(run);
  quietTimer ??= setTimeout(runIfQuiet, Math.max(0, lastInput + QUIET_MS - performance.now()));
}
