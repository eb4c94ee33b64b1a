import { type ChangeEvent, useLayoutEffect, useRef } from 'react';

/** Turns what is in the input (typed or pasted, mask included) into the masked text to show. */
export type MaskFormat = (raw: string) => string;

interface MaskedInputOptions {
  /** The masked text shown (controlled). */
  value: string;
  /** The mask: the widget's caller passes it (e.g. form-model's `formatUsPhone`). */
  format: MaskFormat;
  /** Characters the applicant typed, as opposed to what the mask adds (`/\d/` for digits). */
  kept: RegExp;
  /** Called with the masked text. */
  onChange: (value: string) => void;
}

/** How many kept characters `text` has before `position`. */
function countKept(text: string, position: number, kept: RegExp): number {
  let count = 0;
  for (const char of text.slice(0, position)) if (kept.test(char)) count += 1;
  return count;
}

/** The caret position in `text` just after its `count`-th kept character. */
function positionAfterKept(text: string, count: number, kept: RegExp): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (kept.test(text.charAt(index))) seen += 1;
    if (seen === count) return index + 1;
  }
  return text.length;
}

/** `text` without the kept character nearest `position` on the given side. */
function removeKept(
  text: string,
  position: number,
  side: 'before' | 'after',
  kept: RegExp,
): string {
  if (side === 'before') {
    for (let index = position - 1; index >= 0; index -= 1) {
      if (kept.test(text.charAt(index))) return text.slice(0, index) + text.slice(index + 1);
    }
  } else {
    for (let index = position; index < text.length; index += 1) {
      if (kept.test(text.charAt(index))) return text.slice(0, index) + text.slice(index + 1);
    }
  }
  return text;
}

/**
 * Masks an input as the applicant types or pastes (SPEC §5: phone entry is auto-masked) and
 * keeps the caret after the same typed character, so editing the middle of "(406) 555-0123"
 * does not throw the caret to the end. Deleting a mask literal (a dash, a bracket) deletes the
 * digit beyond it too; otherwise Backspace would stick on the literal the mask puts back.
 */
export function useMaskedInput({ value, format, kept, onChange }: MaskedInputOptions) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);

  // After the masked value renders, put the caret back where the applicant was typing.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = caretRef.current;
    caretRef.current = null;
    if (input === null || caret === null || document.activeElement !== input) return;
    input.setSelectionRange(caret, caret);
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    let raw = input.value;
    let caret = input.selectionStart ?? raw.length;
    let masked = format(raw);
    const { inputType } = event.nativeEvent as InputEvent;
    // Only a mask literal went: take the neighbouring typed character with it.
    if (masked === value && raw.length < value.length) {
      if (inputType === 'deleteContentBackward') {
        const shorter = removeKept(raw, caret, 'before', kept);
        if (shorter !== raw) caret -= 1;
        raw = shorter;
      } else if (inputType === 'deleteContentForward') {
        raw = removeKept(raw, caret, 'after', kept);
      }
      masked = format(raw);
    }
    const nextCaret = positionAfterKept(masked, countKept(raw, caret, kept), kept);
    if (masked === value) {
      // Nothing changes, so nothing re-renders: React puts the old text back (caret at the
      // end) once this handler returns, and only then can the caret be restored.
      queueMicrotask(() => {
        if (document.activeElement === input) input.setSelectionRange(nextCaret, nextCaret);
      });
      return;
    }
    caretRef.current = nextCaret;
    onChange(masked);
  };

  return { inputRef, handleChange };
}
