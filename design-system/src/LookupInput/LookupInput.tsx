import ErrorIcon from '@mui/icons-material/Error';
import { Autocomplete, Box, CircularProgress, InputAdornment, OutlinedInput } from '@mui/material';
import { type FocusEvent, useState } from 'react';
import { useIntl } from 'react-intl';

import { errorMessages } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { useSuggestions } from './parts/useSuggestions';
import { type TextEntryProps } from '../parts/inputProps';

/** SPEC §7: a lookup waits for 200 ms of quiet typing… */
export const LOOKUP_DEBOUNCE_MS = 200;

/** SPEC §7: …but never more than 500 ms, so continuous typing still gets suggestions. */
export const LOOKUP_MAX_WAIT_MS = 500;

/** One suggestion of a lookup (SPEC §3): the text to store, its id, and a second line. */
export interface LookupSuggestion {
  /** The text shown and stored as the answer (a college name, a street address). */
  text: string;
  /** The id that fetches the suggestion's details (SPEC §7 `/lookup/find?id=`). */
  id: string;
  /** A second line that tells similar suggestions apart (city and state). */
  sub_text?: string;
}

/** What `onChange` receives when a person settles on an answer. */
export interface LookupChange {
  /** The text to store as the answer. */
  label: string;
  /** The suggestion picked, if one was: the caller fills its related fields from it. */
  suggestion?: LookupSuggestion;
  /** True when the person typed the text themselves ("Use: …") rather than picking. */
  userDriven: boolean;
  /** The text the person had typed when they picked `suggestion`: kept if its details fail. */
  typed?: string;
}

/**
 * The value is the stored answer text; `onChange` is called when a suggestion is picked or free
 * text is used (chosen, Enter, or leaving the field).
 */
export interface LookupInputProps extends TextEntryProps<(change: LookupChange) => void> {
  /** Fetches suggestions for the typed text; abort `signal` when a newer text supersedes it. */
  fetchSuggestions: (text: string, signal: AbortSignal) => Promise<LookupSuggestion[]>;
  /** Called when the answer is emptied (clear button or deleting the text). */
  onClear: () => void;
  /**
   * Opens the list when focus comes in, and looks up the text there: for an app that puts
   * this input in place of a plain one someone was typing into (the list would otherwise
   * wait for the next key).
   */
  openOnFocus?: boolean;
}

/** An entry of the list: the typed text itself ("Use: …") or a fetched suggestion. */
type LookupOption =
  { kind: 'free'; text: string } | { kind: 'suggestion'; suggestion: LookupSuggestion };

function optionLabel(option: LookupOption | string): string {
  if (typeof option === 'string') return option;
  return option.kind === 'free' ? option.text : option.suggestion.text;
}

/**
 * A text input that suggests answers as a person types (an ARIA combobox). Lookups are
 * debounced 200 ms with a 500 ms maximum wait; a failed lookup just offers no suggestions.
 * The typed text is always offered first as "Use: …", so any answer can be given; picking a
 * suggestion hands it to the caller to fill related fields. Leaving the field with typed text
 * uses it, so what the input shows is what is stored.
 *
 * @example
 * ```tsx
 * <LookupInput
 *   id="college_name"
 *   label="College Name"
 *   maxLength={100}
 *   value={name}
 *   fetchSuggestions={(text, signal) => lookup('college_ceeb', text, signal)}
 *   onChange={({ label, suggestion }) => { setName(label); if (suggestion) fillCollege(suggestion); }}
 *   onClear={() => { setName(''); clearCollege(); }}
 * />
 * ```
 */
export function LookupInput({
  id,
  name = id,
  label,
  hint,
  value,
  fetchSuggestions,
  onChange,
  onClear,
  onBlur,
  error,
  disabled = false,
  required = false,
  maxLength,
  openOnFocus = false,
}: LookupInputProps) {
  const intl = useIntl();
  const [inputText, setInputText] = useState(value);
  const { suggestions, loading, lookUp, clear, stop } = useSuggestions(fetchSuggestions, {
    wait: LOOKUP_DEBOUNCE_MS,
    maxWait: LOOKUP_MAX_WAIT_MS,
  });
  const errors = errorMessages(error);
  const invalid = errors.length > 0;

  /** Stores typed text as a user-driven answer ("Use: …"); empty text clears the answer. */
  function submitTypedText(text: string) {
    stop();
    const trimmed = text.trim();
    if (trimmed === '') onClear();
    else onChange({ label: trimmed, userDriven: true });
  }

  const typed = inputText.trim();
  const options: LookupOption[] = [
    ...(typed === '' ? [] : [{ kind: 'free', text: typed } as const]),
    ...suggestions.map((suggestion) => ({ kind: 'suggestion', suggestion }) as const),
  ];

  return (
    <FieldFrame
      id={id}
      label={label}
      hint={hint}
      errors={errors}
      required={required}
      disabled={disabled}
    >
      {(describedBy) => (
        <Autocomplete<LookupOption, false, false, true>
          id={id}
          freeSolo
          fullWidth
          disabled={disabled}
          openOnFocus={openOnFocus}
          onFocus={() => {
            if (openOnFocus && inputText.trim() !== '') lookUp(inputText.trim());
          }}
          options={options}
          // The server filters; every suggestion it sends is shown.
          filterOptions={(all) => all}
          value={value === '' ? null : value}
          inputValue={inputText}
          getOptionLabel={optionLabel}
          getOptionKey={(option) =>
            typeof option === 'string' || option.kind === 'free'
              ? 'use-typed-text'
              : option.suggestion.id
          }
          isOptionEqualToValue={(option, selected) => optionLabel(option) === optionLabel(selected)}
          clearText={intl.formatMessage({ id: 'ds.lookupInput.clear' })}
          onInputChange={(_event, text, reason) => {
            setInputText(text);
            if (reason !== 'input') return;
            if (text.trim() === '') {
              clear();
            } else {
              lookUp(text.trim());
            }
          }}
          onChange={(_event, picked) => {
            if (picked === null) {
              clear();
              onClear();
            } else if (typeof picked === 'string' || picked.kind === 'free') {
              submitTypedText(optionLabel(picked));
            } else {
              stop();
              onChange({
                label: picked.suggestion.text,
                suggestion: picked.suggestion,
                userDriven: false,
                // This render's text: the input shows the pick only from the next render on.
                typed: inputText.trim(),
              });
            }
          }}
          renderOption={({ key, ...optionProps }, option) =>
            option.kind === 'free' ? (
              <li key={key} {...optionProps}>
                {intl.formatMessage({ id: 'ds.lookupInput.use' }, { text: option.text })}
              </li>
            ) : (
              <li key={key} {...optionProps}>
                <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
                  <span>{option.suggestion.text}</span>
                  {option.suggestion.sub_text && (
                    <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
                      {option.suggestion.sub_text}
                    </Box>
                  )}
                </Box>
              </li>
            )
          }
          renderInput={(params) => {
            const { htmlInput, input } = params.slotProps;
            return (
              <OutlinedInput
                {...input}
                id={params.id}
                name={name}
                disabled={params.disabled}
                fullWidth
                endAdornment={
                  <>
                    {(loading || invalid) && (
                      <InputAdornment position="end" sx={{ gap: 1 }}>
                        {loading && (
                          <CircularProgress
                            size="1.25rem"
                            // What a person hears while suggestions load.
                            aria-label={intl.formatMessage({ id: 'ds.lookupInput.loading' })}
                            color="primary"
                          />
                        )}
                        {invalid && <ErrorIcon color="error" data-testid="error-icon" />}
                      </InputAdornment>
                    )}
                    {input.endAdornment}
                  </>
                }
                slotProps={{
                  input: {
                    ...htmlInput,
                    maxLength,
                    'aria-describedby': describedBy,
                    'aria-required': required || undefined,
                    onBlur: (event: FocusEvent<HTMLInputElement>) => {
                      htmlInput.onBlur?.(event);
                      // What the input shows is what is stored: leaving with typed text uses it.
                      if (inputText.trim() !== value && inputText.trim() !== '') {
                        submitTypedText(inputText);
                      }
                      onBlur?.();
                    },
                  },
                }}
              />
            );
          }}
        />
      )}
    </FieldFrame>
  );
}
