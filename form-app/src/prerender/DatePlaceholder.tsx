/**
 * What a date question shows until its own chunk (DateField.tsx, with the date picker) has
 * arrived: DateInputPlaceholder, one plain input that takes MM/DD/YYYY and gives the form the
 * answer when focus leaves, as the picker would. It stays while it has focus (the picker's
 * sectioned input could not take over a half-typed text), so the swap happens once focus has
 * moved on; using it fetches the picker.
 */
import { DateInputPlaceholder } from '@admit/design-system';

import { type PlaceholderProps } from './firstUse.ts';
import { useQuestionInput } from '../renderer/index.ts';

export function DatePlaceholder({ question, hold, want }: PlaceholderProps<'date'>) {
  const input = useQuestionInput(question);
  return (
    <DateInputPlaceholder
      {...input}
      onFocus={() => {
        hold(true);
        want();
      }}
      onBlur={() => {
        hold(false);
      }}
    />
  );
}
