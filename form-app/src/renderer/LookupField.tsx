/** The lookup question's adapter, in a chunk of its own with MUI's Autocomplete (see fields.tsx). */
import { LookupInput } from '@admit/design-system';
import { useLayoutEffect, useState } from 'react';

import { api } from '../api/endpoints.ts';
import { typedOutsideReact } from '../prerender/index.ts';
import { changeAnswers, useAnswersForm } from '../engine/index.ts';
import { useFieldScope } from './AnswerScope.tsx';
import { type FieldProps, maxLengthOf, useQuestionInput } from './useQuestionInput.ts';
import { clearLookup, hasFocusToHandOver, takeOverFocus } from '../prerender/LookupPlaceholder.tsx';

export function LookupField({ question }: FieldProps<'lookup'>) {
  const form = useAnswersForm();
  const { name } = useFieldScope();
  const { onChange, ...props } = useQuestionInput(question);
  // The field's id (SPEC's key), which its placeholder had too.
  const { id } = props;
  const fillsItself = Object.values(question.fills).includes(question.key);
  // Taking over from a placeholder someone is typing into: the list opens as focus arrives,
  // with the typed text looked up (it would otherwise wait for their next key).
  const [takingOver] = useState(() => hasFocusToHandOver(id));
  // Someone typing in the placeholder when this arrived goes on typing here; what was typed
  // into the prerendered field before this arrived to hydrate it is taken over (issue 17: the
  // browser kept it on the screen, but the form never heard of it).
  useLayoutEffect(() => {
    const typed = typedOutsideReact([id])[id];
    if (typed !== undefined) onChange(typed);
    takeOverFocus(id);
    // Once, when the field is first React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
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
              if (typeof value === 'string' && value !== '') changes[name(key)] = value;
            }
            const detailName = detail.name;
            if (
              typeof detailName === 'string' &&
              detailName !== '' &&
              question.category !== 'address'
            )
              changes[name(question.key)] = detailName;
            changeAnswers(form, changes);
          })
          .catch(() => undefined);
      }}
      onClear={() => {
        clearLookup(form, question, name);
      }}
    />
  );
}
