/**
 * What the review says about an answer with a character the PDF cannot print (form-model's
 * `unprintableAnswers`): in words, the character quoted with the text just before it, never
 * as a code point. A warning only: the answer is stored as typed and can be submitted.
 */
import { type UnprintableAnswer, type UnprintableCharacter } from '@admit/form-model';

/** How many characters of one answer are quoted; the rest are counted. */
const QUOTED_CHARACTERS = 3;

export const unprintableMessages = {
  heading: 'Some characters will not print',
  whatToDo:
    'To have an answer printed as you mean it, change it: type the character another way, or leave it out. You can also submit your application as it is: your answers are kept exactly as you typed them, and everything else in them prints.',
  /** The link beside each answer, to the step that asks it. */
  change: (label: string) => `Change your answer to ${label}`,
} as const;

/** “…” around a text, as the review quotes it. */
const quoted = (text: string) => `“${text}”`;

/** "“” after “Bost”", or "“” at the start" for the first character. */
export function describeCharacter({ character, before }: UnprintableCharacter): string {
  return before === ''
    ? `${quoted(character)} at the start`
    : `${quoted(character)} after ${quoted(before)}`;
}

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * The sentence for one answer.
 *
 * @example unprintableSentence({ step: 'Personal Info', label: 'City', characters: [{ character: '', before: 'Bost' }] })
 * // 'Your answer to City contains a character our PDF cannot print: “” after “Bost”.'
 */
export function unprintableSentence({ label, characters }: UnprintableAnswer): string {
  const quotedOnes = characters.slice(0, QUOTED_CHARACTERS).map(describeCharacter);
  const more = characters.length - quotedOnes.length;
  if (more > 0) quotedOnes.push(`${String(more)} more`);
  const what = characters.length === 1 ? 'a character' : `${String(characters.length)} characters`;
  return `Your answer to ${label} contains ${what} our PDF cannot print: ${list.format(quotedOnes)}.`;
}
