import ErrorIcon from '@mui/icons-material/Error';
import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';

import { errorMessages, type FieldError } from '../parts/fieldErrors';
import { visuallyHidden } from '../parts/visuallyHidden';

export interface CheckboxInputProps {
  /** The checkbox's id; a page links `#id` to it (validation summary), so use the answer key. */
  id: string;
  /** The checkbox's name; defaults to `id`. */
  name?: string;
  /** What ticking it means, shown beside the box. */
  label: string;
  /** Help text shown under the label. */
  hint?: string;
  /** Whether it is ticked (controlled). */
  value: boolean;
  /** Called with the new state when ticked or unticked. */
  onChange: (checked: boolean) => void;
  /** Called when the checkbox loses focus. */
  onBlur?: () => void;
  /** Error message(s); any message marks the checkbox invalid and shows the error icon. */
  error?: FieldError;
  /** Greys out the checkbox and stops changes. */
  disabled?: boolean;
  /** Shows the required marker and sets `aria-required` (e.g. a certification to agree to). */
  required?: boolean;
}

/**
 * A single yes/no checkbox with its label beside it, e.g. "I certify that…" (SPEC §5: the
 * three certification checkboxes must be ticked) or "Send me text message updates". Hint and
 * errors sit under the label and describe the checkbox.
 *
 * @example
 * ```tsx
 * <CheckboxInput id="certify_checkbox" label="I certify…" required value={value} onChange={setValue} />
 * ```
 */
export function CheckboxInput({
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
}: CheckboxInputProps) {
  const errors = errorMessages(error);
  const invalid = errors.length > 0;
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = invalid ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <FormControl fullWidth error={invalid} disabled={disabled}>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mr: 0 }}
        control={
          <Checkbox
            id={id}
            name={name}
            checked={value}
            onChange={(event) => {
              onChange(event.target.checked);
            }}
            onBlur={onBlur}
            sx={{ mt: -1 }}
            slotProps={{
              input: {
                'aria-describedby': describedBy,
                'aria-required': required || undefined,
                'aria-invalid': invalid || undefined,
              },
            }}
          />
        }
        label={
          <>
            {label}
            {required && (
              <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
                {'\u2009*'}
              </Box>
            )}
            {invalid && (
              <ErrorIcon
                color="error"
                fontSize="small"
                data-testid="error-icon"
                sx={{ ml: 0.5, verticalAlign: 'text-bottom' }}
              />
            )}
          </>
        }
      />
      {hintId && (
        <FormHelperText id={hintId} error={false} component="div" sx={{ mt: 0, pl: 4 }}>
          {hint}
        </FormHelperText>
      )}
      {errorId && (
        <FormHelperText id={errorId} component="div" sx={{ pl: 4 }}>
          {errors.map((message) => (
            <Box component="span" key={message} sx={{ display: 'block' }}>
              <Box component="span" sx={visuallyHidden}>
                Error:{' '}
              </Box>
              {message}
            </Box>
          ))}
        </FormHelperText>
      )}
    </FormControl>
  );
}
