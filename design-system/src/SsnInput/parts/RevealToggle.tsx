import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton } from '@mui/material';
import { useIntl } from 'react-intl';

interface RevealToggleProps {
  /** The input this button shows or hides. */
  inputId: string;
  /** Whether the number is currently shown. */
  shown: boolean;
  /** Flips between shown and hidden. */
  onToggle: () => void;
  /** Disabled with its input. */
  disabled: boolean;
}

/** The eye button at the end of a concealed SSN; its name says what pressing it will do. */
export function RevealToggle({ inputId, shown, onToggle, disabled }: RevealToggleProps) {
  const intl = useIntl();
  return (
    <IconButton
      aria-label={intl.formatMessage({ id: shown ? 'ds.ssnInput.hide' : 'ds.ssnInput.show' })}
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
