/** The lookup question's adapter, in a chunk of its own with MUI's Autocomplete (see fields.tsx). */
import { LookupInput } from '@admit/design-system';
import { useLayoutEffect, useState } from 'react';

import { api } from '../api/endpoints.ts';
import { typedOutsideReact } from '../prerender/index.ts';
import { changeAnswers, useAnswersForm } from '../engine/index.ts';
import { type FieldProps, maxLengthOf, useQuestionInput } from './useQuestionInput.ts';
import { clearLookup, hasFocusToHandOver, takeOverFocus } from '../prerender/LookupPlaceholder.tsx';

export function LookupField({ question }: FieldProps<'lookup'>) {
  const form = useAnswersForm();
  const { onChange, ...props } = useQuestionInput(question);
  const fillsItself = Object.values(question.fills).includes(question.key);
  // Taking over from a placeholder someone is typing into: the list opens as focus arrives,
  // with the typed text looked up (it would otherwise wait for their next key).
  const [takingOver] = useState(() => hasFocusToHandOver(question.key));
  // Someone typing in the placeholder when this arrived goes on typing here; what was typed
  // into the prerendered field before this arrived to hydrate it is taken over (issue 17: the
  // browser kept it on the screen, but the form never heard of it).
  useLayoutEffect(() => {
    const typed = typedOutsideReact([question.key])[question.key];
    if (typed !== undefined) onChange(typed);
    takeOverFocus(question.key);
    // Once, when the field is first React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [question.key]);
  return (
    <LookupInput
      {...props}
      maxLength={maxLengthOf(question)}
      openOnFocus={takingOver}
      fetchSuggestions={(value, signal) => api.lookup(value, question.category, signal)}
      onChange={({ label, suggestion }) => {
        // A finder that fills its own answer (the ZIP's place finder) takes it from the
        // detail: the suggestion's text ("Bozeman, MT 59715") is not a ZIP.
        if (suggestion === undefined || !fillsItself) onChange(label);
        if (suggestion === undefined) return;
        // SPEC §4: picking a suggestion fills related fields; a failed detail keeps the typed text.
        void api
          .lookupDetail(suggestion.id, question.category)
          .then((detail) => {
            const changes: Record<string, string> = {};
            for (const [field, key] of Object.entries(question.fills)) {
              const value = detail[field];
              if (typeof value === 'string' && value !== '') changes[key] = value;
            }
            const name = detail.name;
            if (typeof name === 'string' && name !== '' && question.category !== 'address')
              changes[question.key] = name;
            changeAnswers(form, changes);
          })
          .catch(() => undefined);
      }}
      onClear={() => {
        clearLookup(form, question);
      }}
    />
  );
}
