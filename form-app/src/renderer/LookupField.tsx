/** The lookup question's adapter, in a chunk of its own with MUI's Autocomplete (see fields.tsx). */
import { LookupInput } from '@admit/design-system';
import { useState } from 'react';

import { api } from '../api/endpoints.ts';
import { changeAnswers, useAnswersForm } from '../engine/index.ts';
import { clearLookup } from './clearLookup.ts';
import { type FieldProps, useQuestionInput } from './useQuestionInput.ts';

export function LookupField({ question }: FieldProps<'lookup'>) {
  const form = useAnswersForm();
  const { onChange, ...props } = useQuestionInput(question);
  const fillsItself = Object.values(question.fills).includes(question.key);
  // The question's input already has focus as the lookup mounts (it takes the place of one
  // someone is typing into): the list opens as focus arrives, with the typed text looked up
  // (it would otherwise wait for their next key).
  const [takingOver] = useState(() => document.activeElement?.id === question.key);
  return (
    <LookupInput
      {...props}
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
