/**
 * The review's warning about answers the PDF cannot print all of, above the application:
 * part of the page (a section with a heading, read in order, not a live region or a toast),
 * one sentence per answer with a link to the step that asks it, and what the applicant can
 * do. It never blocks submitting (form-app README, "Characters the PDF cannot print").
 */
import { type UnprintableAnswer } from '@admit/form-model';
import { Alert, Box, Typography } from '@admit/design-system';
import { type ReactNode, useId } from 'react';

import { unprintableMessages, unprintableSentence } from './unprintable.ts';

export interface UnprintableWarningProps {
  answers: readonly UnprintableAnswer[];
  /** A link to the step titled `step`, named `text` (nothing when the step has no route). */
  link: (step: string, text: string) => ReactNode;
}

export function UnprintableWarning({ answers, link }: UnprintableWarningProps) {
  const headingId = useId();
  if (answers.length === 0) return null;
  return (
    <Alert severity="warning" role="region" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {unprintableMessages.heading}
      </Typography>
      <Box component="ul" sx={{ m: 0, mb: 1, pl: 2.5 }}>
        {answers.map((answer, index) => (
          <Typography component="li" key={String(index)} sx={{ mb: 0.5 }}>
            {unprintableSentence(answer)}{' '}
            {link(answer.step, unprintableMessages.change(answer.label))}
          </Typography>
        ))}
      </Box>
      <Typography>{unprintableMessages.whatToDo}</Typography>
    </Alert>
  );
}
