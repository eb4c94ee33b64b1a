/**
 * The account pages are prerendered, and their cards are `<form>`s. Until React has
 * hydrated a card, a submit (Enter, or a tap on "Log In") would be the browser's own: a GET
 * with the e-mail address and the password in the address bar. `EARLY_SUBMIT_SCRIPT` runs first
 * in the prerendered page (inline; the server allows exactly its hash, server/README.md): it
 * stops a submit of a form React has not taken over yet and keeps the form, and the card sends
 * it once it has (`earlyCardInput`, given to the cards as their `CardHandover`), with what was
 * typed meanwhile.
 */

import { takeCarriedFields } from '../layout/languageChoice.ts';
import type { CardHandover } from '../pages/account/cardHandover.ts';

/** The inline script of a prerendered page with a form. Plain ES2015: it runs before any module. */
export const EARLY_SUBMIT_SCRIPT =
  '(function(){var early=window.__admitEarly={form:null};document.addEventListener("submit",' +
  'function(event){var form=event.target;if(!(form instanceof HTMLFormElement))return;' +
  'if(Object.keys(form).some(function(key){return key.indexOf("__reactProps$")===0}))return;' +
  'event.preventDefault();early.form=form},true)})();';

interface EarlyState {
  form: HTMLFormElement | null;
}

/**
 * Whether a submit was stopped before React took the form over; asked once (the first card
 * that asks takes it).
 */
export function takeEarlySubmit(): boolean {
  const early = (window as unknown as { __admitEarly?: EarlyState }).__admitEarly;
  if (early?.form == null) return false;
  early.form = null;
  return true;
}

/**
 * What was typed into the inputs `ids` outside React, by id: each one whose value differs from
 * its default value (the HTML's, or what React last drew: React keeps a controlled input's
 * default value in step with its value, and sets it when it hydrates the input).
 */
export function typedOutsideReact(ids: readonly string[]): Record<string, string> {
  const typed: Record<string, string> = {};
  for (const id of ids) {
    const input = document.getElementById(id);
    if (input instanceof HTMLInputElement && input.value !== input.defaultValue)
      typed[id] = input.value;
  }
  return typed;
}

/** What was typed into the prerendered cards, kept when the app renders afresh over them. */
let remembered: Record<string, string> = {};

/**
 * Called before the app renders afresh over a prerendered page (main.tsx): its elements are
 * then replaced, and what was typed into a card's fields would go with them.
 */
export function rememberTypedFields(root: HTMLElement): void {
  const ids = Array.from(root.querySelectorAll('form input[id]'), (input) => input.id);
  remembered = typedOutsideReact(ids);
}

/**
 * What `rememberTypedFields` kept for the fields `ids`, over what was typed before the language
 * switch loaded the page again (languageChoice.ts); each given once.
 */
export function takeRememberedFields(ids: readonly string[]): Record<string, string> {
  remembered = { ...takeCarriedFields(), ...remembered };
  const taken: Record<string, string> = {};
  for (const id of ids) {
    const value = remembered[id];
    if (value === undefined) continue;
    taken[id] = value;
    Reflect.deleteProperty(remembered, id);
  }
  return taken;
}

/** What the account cards are given of the prerendered page (App.tsx, `CardHandoverContext`). */
export const earlyCardInput: CardHandover = {
  remembered: takeRememberedFields,
  typed: typedOutsideReact,
  submitted: takeEarlySubmit,
};
