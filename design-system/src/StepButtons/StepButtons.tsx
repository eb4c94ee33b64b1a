import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SaveIcon from '@mui/icons-material/Save';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress } from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';

/** The step buttons' actions (SPEC §2). */
export type StepAction = 'previous' | 'save' | 'continue' | 'submit';

/** SPEC §2: what each step button says ("Previous", "Save", "Save and Continue", "Submit"). */
const STEP_BUTTON_LABEL_IDS: Readonly<Record<StepAction, string>> = {
  previous: 'ds.stepButtons.previous',
  save: 'ds.stepButtons.save',
  continue: 'ds.stepButtons.continue',
  submit: 'ds.stepButtons.submit',
};

export interface StepButtonsProps {
  /** Goes back a step; no Previous button without it (the first step). */
  onPrevious?: () => void;
  /** Saves the page's answers; no Save button without it. */
  onSave?: () => void;
  /** Saves and goes to the next step; no Save and Continue button without it (the last step). */
  onContinue?: () => void;
  /** Submits the application; no Submit button without it (only the last step has one). */
  onSubmit?: () => void;
  /** The action under way: its button shows a spinner and every button waits until it ends. */
  busy?: StepAction;
  /** Greys out every button. */
  disabled?: boolean;
}

/**
 * The buttons under each form step (SPEC §2): Previous on the left; Save, Save and Continue
 * and Submit on the right. Each shows only when its handler is given. While an action runs
 * (`busy`), its button shows a spinner and all buttons are disabled, so nothing is sent
 * twice. On a phone Previous and Save share a row and the main action spans the width.
 *
 * @example
 * ```tsx
 * <StepButtons onPrevious={goBack} onSave={save} onContinue={saveAndContinue} busy={saving} />
 * ```
 */
export function StepButtons({
  onPrevious,
  onSave,
  onContinue,
  onSubmit,
  busy,
  disabled = false,
}: StepButtonsProps) {
  const intl = useIntl();
  const idBase = useId();

  function stepButton(
    action: StepAction,
    onClick: (() => void) | undefined,
    variant: 'outlined' | 'contained',
    icon: ReactNode,
  ) {
    if (!onClick) return null;
    const main = action === 'continue' || action === 'submit';
    const buttonId = `${idBase}-${action}`;
    // The spinner takes the icon's place, next to the text, named after its button.
    const shownIcon =
      busy === action ? (
        <CircularProgress
          size="1.25rem"
          thickness={5}
          color="inherit"
          aria-labelledby={buttonId}
          sx={{ display: 'block' }}
        />
      ) : (
        icon
      );
    return (
      <Button
        id={buttonId}
        variant={variant}
        size="large"
        startIcon={action === 'previous' ? shownIcon : undefined}
        endIcon={action === 'previous' ? undefined : shownIcon}
        disabled={disabled || busy !== undefined}
        onClick={onClick}
        sx={(theme) => ({
          // Previous keeps to the left; the rest gather on the right.
          mr: action === 'previous' ? 'auto' : 0,
          // On a phone Previous and Save share a row; the main action takes a row of its own.
          [theme.breakpoints.down('sm')]: { mr: 0, flex: main ? '1 1 100%' : '1 1 0' },
        })}
      >
        {intl.formatMessage({ id: STEP_BUTTON_LABEL_IDS[action] })}
      </Button>
    );
  }

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'flex-end',
        alignItems: 'center',
        gap: { xs: 1.5, sm: 2 },
      }}
    >
      {stepButton('previous', onPrevious, 'outlined', <ArrowBackIcon />)}
      {stepButton('save', onSave, 'outlined', <SaveIcon />)}
      {stepButton('continue', onContinue, 'contained', <ArrowForwardIcon />)}
      {stepButton('submit', onSubmit, 'contained', <SendIcon />)}
    </Box>
  );
}
