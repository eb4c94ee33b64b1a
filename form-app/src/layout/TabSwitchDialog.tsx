/** Before a tab switch deletes answers, the dialog names what will be deleted. */
import { Box, ConfirmDeletion, Typography } from '@admit/design-system';
import { useState } from 'react';
import { useIntl } from 'react-intl';

import { type TabSwitchConfirmation } from '../application/rules.ts';

export function TabSwitchDialog({
  question,
}: {
  question: (TabSwitchConfirmation & { answer: (proceed: boolean) => void }) | undefined;
}) {
  const intl = useIntl();
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
      confirmLabel={intl.formatMessage({ id: 'app.tabSwitch.confirm' })}
      onCancel={stay}
      onConfirm={() => {
        question?.answer(true);
      }}
    >
      <Typography>{intl.formatMessage({ id: 'app.tabSwitch.intro' })}</Typography>
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
