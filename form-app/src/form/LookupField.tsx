/** The lookup question's adapter, in a chunk of its own with MUI's Autocomplete (see fields.tsx). */
import { LookupInput } from '@admit/design-system';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-final-form';

import { api } from '../api/endpoints.ts';
import { type FieldProps, text, useFieldState, useRequired } from './fieldState.ts';
import { clearLookup, takeOverFocus } from './LookupPlaceholder.tsx';

export function LookupField({ question }: FieldProps<'lookup'>) {
  const form = useForm();
  const { input, error, disabled } = useFieldState<string>(question.key);
  const required = useRequired(question);
  // Someone typing in the placeholder when this arrived goes on typing here.
  useLayoutEffect(() => {
    takeOverFocus(question.key);
  }, [question.key]);
  return (
    <LookupInput
      id={question.key}
      label={question.label}
      hint={question.hint}
      value={text(input.value)}
      maxLength={question.maxLength}
      fetchSuggestions={(value, signal) => api.lookup(value, question.category, signal)}
      onChange={({ label, suggestion }) => {
        form.change(question.key, label);
        if (suggestion === undefined) return;
        // SPEC §4: picking a suggestion fills related fields; a failed detail keeps the typed text.
        void api
          .lookupDetail(suggestion.id, question.category)
          .then((detail) => {
            form.batch(() => {
              for (const [field, key] of Object.entries(question.fills)) {
                const value = detail[field];
                if (typeof value === 'string' && value !== '') form.change(key, value);
              }
              if (
                typeof detail.name === 'string' &&
                detail.name !== '' &&
                question.category !== 'address'
              ) {
                form.change(question.key, detail.name);
              }
            });
          })
          .catch(() => undefined);
      }}
      onClear={() => {
        clearLookup(form, question);
      }}
      onBlur={input.onBlur}
      error={error}
      disabled={disabled}
      required={required}
    />
  );
}
