/** The lookup question's adapter, in a chunk of its own with MUI's Autocomplete (see fields.tsx). */
import { LookupInput } from '@admit/design-system';
import { useState } from 'react';

import { api } from '../api/endpoints.ts';
import { changeAnswers, useAnswersForm } from '../engine/index.ts';
import { modelMessages } from '../modelMessages.ts';
import { useFieldScope } from './AnswerScope.tsx';
import { clearLookup } from './clearLookup.ts';
import { type FieldProps, useQuestionInput } from './useQuestionInput.ts';

export function LookupField({ question }: FieldProps<'lookup'>) {
  const form = useAnswersForm();
  const { name } = useFieldScope();
  const { onChange, ...props } = useQuestionInput(question);
  const fillsItself = Object.values(question.fills).includes(question.key);
  // SPEC §8: why the picked suggestion's details are missing, shown at the field until the
  // answer changes again.
  const [detailFailed, setDetailFailed] = useState<string | undefined>(undefined);
  // The question's input already has focus as the lookup mounts (it takes the place of one
  // someone is typing into): the list opens as focus arrives, with the typed text looked up
  // (it would otherwise wait for their next key).
  const [takingOver] = useState(() => document.activeElement?.id === props.id);
  return (
    <LookupInput
      {...props}
      error={detailFailed === undefined ? props.error : [...(props.error ?? []), detailFailed]}
      openOnFocus={takingOver}
      fetchSuggestions={(value, signal) => api.lookup(value, question.category, signal)}
      onChange={({ label, suggestion, typed }) => {
        setDetailFailed(undefined);
        // A finder that fills its own answer (the ZIP's place finder) takes it from the
        // detail: the suggestion's text ("Bozeman, MT 59715") is not a ZIP.
        if (suggestion === undefined || !fillsItself) onChange(label);
        if (suggestion === undefined) return;
        // SPEC §4: picking a suggestion fills related fields. SPEC §8: a failed detail keeps
        // the typed text (not the picked label, whose other details are missing) and says so.
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
          .catch(() => {
            onChange(typed === undefined || typed === '' ? label : typed);
            setDetailFailed(modelMessages.lookupDetailFailed(suggestion.text));
          });
      }}
      onClear={() => {
        setDetailFailed(undefined);
        clearLookup(form, question, name);
      }}
    />
  );
}
