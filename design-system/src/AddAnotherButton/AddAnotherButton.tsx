import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography } from '@mui/material';
import { useId } from 'react';
import { useIntl } from 'react-intl';

export interface AddAnotherButtonProps {
  /** What the button adds, e.g. "Add Another College". */
  label: string;
  /** How many groups are shown now. */
  count: number;
  /** The most groups there may be: the question's own limit (the app's, never the widget's). */
  max: number;
  /** Called when pressed (never at the maximum). */
  onClick: () => void;
  /** Greys out the button (e.g. while the new count is being saved). */
  disabled?: boolean;
  /** The button's id, e.g. the add-another `button_id` (SPEC §3). */
  id?: string;
}

/**
 * Adds one more group of questions (another college, another parent). At the maximum the
 * button is disabled and says why: "You can add up to N."
 *
 * @example
 * ```tsx
 * <AddAnotherButton label="Add Another College" count={colleges} max={3} onClick={addCollege} />
 * ```
 */
export function AddAnotherButton({
  label,
  count,
  max,
  onClick,
  disabled = false,
  id,
}: AddAnotherButtonProps) {
  const intl = useIntl();
  const limitId = useId();
  const atMax = count >= max;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
      <Button
        id={id}
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={disabled || atMax}
        aria-describedby={atMax ? limitId : undefined}
        onClick={onClick}
      >
        {label}
      </Button>
      {atMax && (
        <Typography id={limitId} sx={{ color: 'text.secondary' }}>
          {intl.formatMessage({ id: 'ds.addAnother.limit' }, { max })}
        </Typography>
      )}
    </Box>
  );
}
