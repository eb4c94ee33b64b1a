import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton } from '@mui/material';

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
  return (
    <IconButton
      aria-label={shown ? 'Hide Social Security number' : 'Show Social Security number'}
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
