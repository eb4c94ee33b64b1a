/** Before a tab switch deletes answers, the dialog names what will be deleted. */
import { Box, ConfirmDeletion, Typography } from '@admit/design-system';
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
    <ConfirmDeletion
      open={question !== undefined}
      title={shown?.title ?? ''}
      confirmLabel="Delete and switch"
      onCancel={stay}
      onConfirm={() => {
        question?.answer(true);
      }}
    >
      <Typography>Switching tabs will delete:</Typography>
      <Box component="ul" sx={{ mt: 1, mb: 0, pl: 3 }}>
        {shown?.lines.map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </ConfirmDeletion>
  );
}
