import { Box, FormControl, FormHelperText, FormLabel } from '@mui/material';
import { memo, type ReactNode } from 'react';

import { ErrorPrefix } from './ErrorPrefix';

interface FieldFrameProps {
  /** The control's id: the label points at it and the hint and errors are named after it. */
  id: string;
  /** The question, shown above the control. */
  label: ReactNode;
  /** Help text between the label and the control. */
  hint?: ReactNode;
  /** Messages to show under the control; any message marks the field invalid. */
  errors: readonly string[];
  /** Shows the required marker. */
  required?: boolean;
  /** Greys out the label and control. */
  disabled?: boolean;
  /**
   * Whether the control is a form element a `<label for>` may point at (an input, a button).
   * A `div` with a role (the select's combobox) is not: HTML allows `for` only to name a form
   * control, so such a control names itself with `aria-labelledby` and its label has no `for`.
   */
  labelable?: boolean;
  /** The control, given the ids it must list in `aria-describedby`. */
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * The label and hint: the same on every keystroke, so not rendered again for one (memo). A typed
 * key re-renders the field's control only; MUI's styled label and helper text each cost a style
 * serialisation per render (as bench/pageload's typing at 4× CPU shows). They still follow the form
 * control's state (focus, error, disabled), which reaches them through its context.
 */
const FieldHead = memo(function FieldHead({
  htmlFor,
  label,
  hint,
  hintId,
  required,
}: {
  htmlFor: string | undefined;
  label: ReactNode;
  hint: ReactNode;
  hintId: string | undefined;
  required: boolean;
}) {
  return (
    <>
      <FormLabel htmlFor={htmlFor} required={required} sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      {hintId && (
        <FormHelperText id={hintId} error={false} component="div" sx={{ mt: 0, mb: 0.75 }}>
          {hint}
        </FormHelperText>
      )}
    </>
  );
});

/**
 * The frame every single-control input shares: label (with required marker), hint, control,
 * error messages. The hint and errors are tied to the control through `aria-describedby`,
 * and each error carries a hidden "Error:" prefix so a screen reader says why it is there.
 */
export function FieldFrame({
  id,
  label,
  hint,
  errors,
  required = false,
  disabled = false,
  labelable = true,
  children,
}: FieldFrameProps) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = errors.length === 0 ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <FormControl fullWidth error={errors.length > 0} disabled={disabled}>
      <FieldHead
        htmlFor={labelable ? id : undefined}
        label={label}
        hint={hint}
        hintId={hintId}
        required={required}
      />
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
