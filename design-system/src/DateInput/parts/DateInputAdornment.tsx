import ErrorIcon from '@mui/icons-material/Error';
import { InputAdornment, type InputAdornmentProps } from '@mui/material';
import { createContext, useContext } from 'react';

/** Whether the date input around is invalid: the picker builds its adornments, not us. */
export const DateInputInvalidContext = createContext(false);

/**
 * The picker's adornment (it holds the calendar button) with the error icon put in front of
 * the button when the date input is invalid, as every other input shows it.
 */
export function DateInputAdornment({ children, ...props }: InputAdornmentProps) {
  const invalid = useContext(DateInputInvalidContext);
  return (
    <InputAdornment {...props}>
      {invalid && props.position === 'end' && (
        <ErrorIcon color="error" data-testid="error-icon" sx={{ mr: 0.5 }} />
      )}
      {children}
    </InputAdornment>
  );
}
