/**
 * What a lookup question shows until its own chunk (LookupField.tsx, with MUI's Autocomplete
 * and its popper) has arrived: a plain text input that already works. What is typed is stored
 * as typed, as the lookup's "Use: …" would store it, and the loaded lookup takes over the
 * text, the focus and the caret (bench/bundle: the lookup stays out of the first download).
 */
import { TextInput } from '@admit/design-system';

import { type AnswersForm, changeAnswers, useAnswersForm } from '../engine/index.ts';
import { type PlaceholderProps } from './firstUse.ts';
import { maxLengthOf, type Of, useFieldScope, useQuestionInput } from '../renderer/index.ts';

/** SPEC §4: clearing a lookup empties its answer and the related fields it filled. */
export function clearLookup(
  form: AnswersForm,
  question: Of<'lookup'>,
  /** A key's field name where the lookup sits (in a group: in its item). */
  name: (key: string) => string,
): void {
  const keys = [question.key, ...Object.values(question.fills)];
  changeAnswers(form, Object.fromEntries(keys.map((key) => [name(key), ''])));
}

/** The placeholder that had focus when the lookup arrived, and where its caret was. */
let focused: { key: string; start: number | null; end: number | null } | undefined;

/** Whether the placeholder of the lookup `key` had focus when the lookup arrived. */
export function hasFocusToHandOver(key: string): boolean {
  return focused?.key === key;
}

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
        maxLength={maxLengthOf(question)}
      />
    </div>
  );
}
