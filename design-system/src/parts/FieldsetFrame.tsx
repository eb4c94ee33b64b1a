import ErrorIcon from '@mui/icons-material/Error';
import { Box, FormControl, FormHelperText, FormLabel } from '@mui/material';
import { type ReactNode } from 'react';

import { ErrorPrefix } from './ErrorPrefix';

interface FieldsetFrameProps {
  /** Names the legend, hint and error ids (`${id}-legend`, `${id}-hint`, `${id}-error`). */
  id: string;
  /** The question, shown as the fieldset's legend. */
  legend: ReactNode;
  /** Help text between the legend and the controls. */
  hint?: ReactNode;
  /** Messages to show under the controls; any message marks the group invalid. */
  errors: readonly string[];
  /** Shows the required marker (and `aria-required` when the group is a radio group). */
  required?: boolean;
  /** Greys out the legend and every control in the group. */
  disabled?: boolean;
  /** `radiogroup` for one-of-many radios; otherwise a plain group. */
  role?: 'radiogroup';
  /** The controls, given the ids of the hint and errors that describe the group. */
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * The frame every group of controls shares (radio groups, checkbox groups, month/year pairs):
 * a `fieldset` named by its `legend`, then hint, controls and error messages. The hint and
 * errors describe the fieldset (`aria-describedby`), so a screen reader reads them on entering
 * the group; each error carries a hidden "Error:" prefix, and an error icon follows the legend.
 */
export function FieldsetFrame({
  id,
  legend,
  hint,
  errors,
  required = false,
  disabled = false,
  role,
  children,
}: FieldsetFrameProps) {
  const invalid = errors.length > 0;
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = invalid ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const isRadioGroup = role === 'radiogroup';

  return (
    <FormControl
      component="fieldset"
      fullWidth
      error={invalid}
      disabled={disabled}
      role={role}
      aria-describedby={describedBy}
      // aria-required and aria-invalid belong to radio groups; a plain group has neither.
      aria-required={isRadioGroup && required ? true : undefined}
      aria-invalid={isRadioGroup && invalid ? true : undefined}
      sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
    >
      <FormLabel component="legend" id={`${id}-legend`} sx={{ mb: 0.5, p: 0 }}>
        {legend}
        {/* Drawn here rather than by FormLabel's `required`, so the error icon can follow it. */}
        {required && (
          <Box component="span" aria-hidden sx={{ color: 'error.main' }}>
            {'\u2009*'}
          </Box>
        )}
        {invalid && (
          <ErrorIcon
            color="error"
            fontSize="small"
            aria-hidden
            data-testid="error-icon"
            sx={{ ml: 0.5, verticalAlign: 'text-bottom' }}
          />
        )}
      </FormLabel>
      {hintId && (
        <FormHelperText id={hintId} error={false} component="div" sx={{ mt: 0, mb: 0.75 }}>
          {hint}
        </FormHelperText>
      )}
      {children(describedBy)}
      {errorId && (
        <FormHelperText id={errorId} component="div">
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
