import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton } from '@mui/material';
import { useIntl } from 'react-intl';

interface PasswordVisibilityToggleProps {
  /** The password input this button shows or hides. */
  inputId: string;
  /** Whether the password is currently shown as plain text. */
  shown: boolean;
  /** Flips between shown and hidden. */
  onToggle: () => void;
  /** Disabled with its input. */
  disabled: boolean;
}

/** The eye button at the end of a password input; its name says what pressing it will do. */
export function PasswordVisibilityToggle({
  inputId,
  shown,
  onToggle,
  disabled,
}: PasswordVisibilityToggleProps) {
  const intl = useIntl();
  return (
    <IconButton
      aria-label={intl.formatMessage({
        id: shown ? 'ds.textInput.hidePassword' : 'ds.textInput.showPassword',
      })}
      aria-controls={inputId}
      onClick={onToggle}
      // Keep focus (and the caret) in the input while the mouse is down.
      onMouseDown={(event) => {
        event.preventDefault();
      }}
      disabled={disabled}
      edge="end"
    >
      {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
    </IconButton>
  );
}
