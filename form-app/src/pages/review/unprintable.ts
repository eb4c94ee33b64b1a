/**
 * What the review says about an answer with a character the PDF cannot print (form-model's
 * `unprintableAnswers`): in words, the character quoted with the text just before it, never
 * as a code point. A warning only: the answer is stored as typed and can be submitted.
 */
import { type UnprintableAnswer, type UnprintableCharacter } from '@admit/form-model';
import { type IntlShape } from 'react-intl';

/** How many characters of one answer are quoted; the rest are counted. */
const QUOTED_CHARACTERS = 3;

/**
 * "“” after “Bost”", or "“” at the start" for the first character, quoted as the page's
 * language quotes.
 */
export function describeCharacter(
  { character, before }: UnprintableCharacter,
  intl: IntlShape,
): string {
  const quoted = (text: string) => intl.formatMessage({ id: 'app.review.quoted' }, { text });
  return before === ''
    ? intl.formatMessage({ id: 'app.review.unprintable.atStart' }, { character: quoted(character) })
    : intl.formatMessage(
        { id: 'app.review.unprintable.after' },
        { character: quoted(character), before: quoted(before) },
      );
}

/**
 * The sentence for one answer, in the page's language.
 *
 * @example unprintableSentence({ step: 'Personal Info', label: 'City', characters: [{ character: '', before: 'Bost' }] }, intl)
 * // 'Your answer to City contains a character our PDF cannot print: “” after “Bost”.'
 */
export function unprintableSentence(
  { label, characters }: UnprintableAnswer,
  intl: IntlShape,
): string {
  const quotedOnes = characters
    .slice(0, QUOTED_CHARACTERS)
    .map((character) => describeCharacter(character, intl));
  const more = characters.length - quotedOnes.length;
  if (more > 0)
    quotedOnes.push(intl.formatMessage({ id: 'app.review.unprintable.more' }, { count: more }));
  return intl.formatMessage(
    { id: 'app.review.unprintable.sentence' },
    {
      label,
      count: characters.length,
      list: intl.formatList(quotedOnes, { style: 'long', type: 'conjunction' }),
    },
  );
}
