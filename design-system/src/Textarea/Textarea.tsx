import ErrorIcon from '@mui/icons-material/Error';
import { Box, InputAdornment, OutlinedInput } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { errorMessages } from '../parts/fieldErrors';
import { FieldFrame } from '../parts/FieldFrame';
import { visuallyHidden } from '../parts/visuallyHidden';
import { type TextEntryProps } from '../parts/inputProps';

/** How long typing must pause before a screen reader hears how many characters are left. */
export const TEXTAREA_ANNOUNCE_DELAY_MS = 1000;

/** Screen readers hear the count only once this share of the limit is used. */
export const TEXTAREA_ANNOUNCE_FROM = 0.9;

export interface TextareaProps extends TextEntryProps {
  /** Visible lines before it grows. */
  rows?: number;
}

/** What a screen reader hears about the count, or nothing while far from the limit. */
function countAnnouncement(count: number, limit: number, intl: IntlShape): string {
  if (count < limit * TEXTAREA_ANNOUNCE_FROM) return '';
  const remaining = limit - count;
  if (remaining <= 0) return intl.formatMessage({ id: 'ds.textarea.limitReached' }, { limit });
  return intl.formatMessage({ id: 'ds.textarea.remaining' }, { remaining });
}

/**
 * A multi-line answer (an essay, an explanation) with a character counter "N / limit" under
 * it. Typing beyond the limit is refused. Screen readers hear the count as the text area's
 * description, and, once 90% of the limit is used, a polite announcement of what is left a
 * second after typing pauses (never on every keystroke).
 *
 * @example
 * ```tsx
 * <Textarea id="essay" label="Why us?" maxLength={1500} value={value} onChange={setValue} />
 * ```
 */
export function Textarea({
  id,
  name = id,
  label,
  hint,
  value,
  onChange,
  onBlur,
  error,
  disabled = false,
  required = false,
  maxLength,
  rows = 5,
}: TextareaProps) {
  const intl = useIntl();
  const errors = errorMessages(error);
  const invalid = errors.length > 0;
  const count = value.length;
  const countId = `${id}-count`;
  const nearLimit = count >= maxLength * TEXTAREA_ANNOUNCE_FROM;

  const [announcement, setAnnouncement] = useState('');
  // Only typing is announced: not the text a page loads with.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      setAnnouncement(countAnnouncement(count, maxLength, intl));
    }, TEXTAREA_ANNOUNCE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [count, maxLength, intl]);

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
        <>
          <OutlinedInput
            id={id}
            name={name}
            multiline
            minRows={rows}
            value={value}
            onChange={(event) => {
              typed.current = true;
              onChange(event.target.value.slice(0, maxLength));
            }}
            onBlur={onBlur}
            fullWidth
            slotProps={{
              input: {
                maxLength,
                'aria-describedby': [describedBy, countId].filter(Boolean).join(' '),
                'aria-required': required || undefined,
              },
            }}
            endAdornment={
              invalid ? (
                <InputAdornment position="end" sx={{ alignSelf: 'flex-start', mt: 1.5 }}>
                  <ErrorIcon color="error" data-testid="error-icon" />
                </InputAdornment>
              ) : undefined
            }
          />
          <Box
            aria-hidden
            data-testid="character-count"
            sx={{
              mt: 0.5,
              alignSelf: 'flex-end',
              fontSize: '0.875rem',
              color: disabled ? 'text.disabled' : nearLimit ? 'text.primary' : 'text.secondary',
              fontWeight: nearLimit ? 600 : undefined,
            }}
          >
            {intl.formatMessage({ id: 'ds.textarea.counter' }, { count, limit: maxLength })}
          </Box>
          <Box component="span" id={countId} sx={visuallyHidden}>
            {intl.formatMessage({ id: 'ds.textarea.used' }, { count, limit: maxLength })}
          </Box>
          <Box component="span" role="status" sx={visuallyHidden}>
            {announcement}
          </Box>
        </>
      )}
    </FieldFrame>
  );
}
