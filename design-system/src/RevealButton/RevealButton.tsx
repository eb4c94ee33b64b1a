import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';

export interface RevealButtonProps {
  /** What pressing shows, e.g. "Add a previous name". */
  label: string;
  /** The button's id, the trigger's anchor (SPEC §4 conditional trigger). */
  id: string;
  /** Called when pressed; the app then shows the after-content in place of the button. */
  onClick: () => void;
  /** Greys out the button (e.g. while the press is being saved). */
  disabled?: boolean;
}

/**
 * The "button" kind of SPEC §4 conditional trigger: an outlined button with a "+" that reveals
 * more questions. It is a collapsed disclosure (`aria-expanded="false"`): once pressed the app
 * replaces it with the revealed content, so it is never shown expanded. Because the button
 * goes away, the app should move focus to the first revealed question.
 *
 * @example
 * ```tsx
 * {pressed ? <PreviousNameFields /> : <RevealButton id="add_prev_name" label="Add a previous name" onClick={press} />}
 * ```
 */
export function RevealButton({ label, id, onClick, disabled = false }: RevealButtonProps) {
  return (
    <Button
      id={id}
      variant="outlined"
      startIcon={<AddIcon />}
      aria-expanded={false}
      disabled={disabled}
      onClick={onClick}
      sx={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}
