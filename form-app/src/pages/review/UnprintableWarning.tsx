/**
 * The review's warning about answers the PDF cannot print all of, above the application:
 * part of the page (a section with a heading, read in order, not a live region or a toast),
 * one sentence per answer with a link to the step that asks it, and what the applicant can
 * do. It never blocks submitting (form-app README, "Characters the PDF cannot print").
 */
import { type UnprintableAnswer } from '@admit/form-model';
import { Alert, Box, Typography } from '@admit/design-system';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';

import { unprintableSentence } from './unprintable.ts';

export interface UnprintableWarningProps {
  answers: readonly UnprintableAnswer[];
  /** A link to the step titled `step`, named `text` (nothing when the step has no route). */
  link: (step: string, text: string) => ReactNode;
}

export function UnprintableWarning({ answers, link }: UnprintableWarningProps) {
  const headingId = useId();
  const intl = useIntl();
  if (answers.length === 0) return null;
  return (
    <Alert severity="warning" role="region" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'app.review.unprintable.heading' })}
      </Typography>
      <Box component="ul" sx={{ m: 0, mb: 1, pl: 2.5 }}>
        {answers.map((answer, index) => (
          <Typography component="li" key={String(index)} sx={{ mb: 0.5 }}>
            {unprintableSentence(answer, intl)}{' '}
            {link(
              answer.step,
              intl.formatMessage({ id: 'app.review.unprintable.change' }, { label: answer.label }),
            )}
          </Typography>
        ))}
      </Box>
      <Typography>{intl.formatMessage({ id: 'app.review.unprintable.whatToDo' })}</Typography>
    </Alert>
  );
}
