import ErrorIcon from '@mui/icons-material/Error';
import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';

import { errorMessages } from '../parts/fieldErrors';
import { ErrorPrefix } from '../parts/ErrorPrefix';
import { type InputProps } from '../parts/inputProps';

/** Whether it is ticked is the value; the label sits beside the box. */
export type CheckboxInputProps = InputProps<boolean>;

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
              <ErrorPrefix />
              {message}
            </Box>
          ))}
        </FormHelperText>
      )}
    </FormControl>
  );
}
