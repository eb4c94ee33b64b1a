/**
 * What a lookup question shows until its own chunk (the renderer's LookupField, with MUI's
 * Autocomplete and its popper) has arrived: a plain text input that already works. What is
 * typed is stored as typed, as the lookup's "Use: …" would store it, and the loaded lookup takes
 * over the text, the focus and the caret (lazyFields.tsx).
 */
import { TextInput } from '@admit/design-system';
import { useLayoutEffect } from 'react';

import { useAnswersForm } from '../engine/index.ts';
import { clearLookup, useFieldScope, useQuestionInput } from '../renderer/index.ts';
import { typedOutsideReact } from './earlySubmit.ts';
import { type PlaceholderProps } from './firstUse.ts';

/** The placeholder that had focus when the lookup arrived, and where its caret was. */
let focused: { key: string; start: number | null; end: number | null } | undefined;

/** Gives the lookup `key` the focus and caret its placeholder had, if it had them. */
export function takeOverFocus(key: string): void {
  if (focused?.key !== key) return;
  const { start, end } = focused;
  focused = undefined;
  const input = document.getElementById(key);
  if (!(input instanceof HTMLInputElement)) return;
  input.focus();
  input.setSelectionRange(start, end);
}

export function LookupPlaceholder({ question, want }: PlaceholderProps<'lookup'>) {
  const form = useAnswersForm();
  const input = useQuestionInput(question);
  const { name } = useFieldScope();
  // What was typed into the prerendered input while React was taking it over: the browser
  // kept it on the screen, but the form never heard of it.
  useLayoutEffect(() => {
    // The input's id is SPEC's key (a group's: `college_2_name`), as in the HTML.
    const typed = typedOutsideReact([input.id])[input.id];
    if (typed !== undefined) input.onChange(typed);
    // Once, when the input is first React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input.id]);
  const remember = () => {
    const element = document.getElementById(input.id);
    if (element instanceof HTMLInputElement && document.activeElement === element)
      focused = { key: input.id, start: element.selectionStart, end: element.selectionEnd };
  };
  return (
    <div
      onFocus={() => {
        // Someone is in the lookup: its suggestions are wanted now.
        want();
        remember();
      }}
      onKeyUp={remember}
      onMouseUp={remember}
      onBlur={(event) => {
        const element = event.target;
        // Later, so that a blur caused by the swap itself leaves the focus to hand over.
        setTimeout(() => {
          if (element.isConnected && focused?.key === input.id) focused = undefined;
        });
      }}
    >
      <TextInput
        {...input}
        onChange={(value) => {
          // SPEC §4: emptying the lookup clears it and its related fields, as the lookup does.
          if (value === '' && input.value !== '') clearLookup(form, question, name);
          else input.onChange(value);
          remember();
        }}
        onBlur={() => {
          // As the lookup does on leaving: the trimmed text is the answer.
          const typed = input.value;
          if (typed.trim() !== typed) input.onChange(typed.trim());
        }}
      />
    </div>
  );
}
