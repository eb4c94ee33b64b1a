/** Issue 15: before a tab switch deletes answers, the dialog names what will be deleted. */
import { Box, Button, LazyModal, Typography } from '@admit/design-system';
import { useState } from 'react';

import { type TabSwitchConfirmation } from '../application/rules.ts';

export function TabSwitchDialog({
  question,
}: {
  question: (TabSwitchConfirmation & { answer: (proceed: boolean) => void }) | undefined;
}) {
  // The last question stays on screen while the dialog closes.
  const [shown, setShown] = useState(question);
  if (question !== undefined && question !== shown) setShown(question);
  const stay = () => {
    question?.answer(false);
  };
  return (
    <LazyModal
      open={question !== undefined}
      onClose={stay}
      title={shown?.title ?? ''}
      role="alertdialog"
      actions={
        <>
          <Button variant="outlined" onClick={stay} autoFocus>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              question?.answer(true);
            }}
          >
            Delete and switch
          </Button>
        </>
      }
    >
      <Typography>Switching tabs will delete:</Typography>
      <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
        {shown?.lines.map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </LazyModal>
  );
}
