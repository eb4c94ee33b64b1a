/**
 * The review's "check your answers": a region named "Your answers" holding, per step, its
 * heading (h2) with a link to the step, then per section a heading (h3), per add-another group
 * its heading (h4), and a summary list of the answered questions, each with a Change link that
 * goes to the step and focuses the field (GOV.UK's summary list).
 */
import { Box, Stack, SummaryList, Typography } from '@admit/design-system';
import { type ReactNode, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';

import { type AnsweredStep } from './checkAnswers.ts';

export interface CheckAnswersProps {
  steps: readonly AnsweredStep[];
  /** The route of the step titled `title` ("/about"), if it has one. */
  routeOf: (title: string) => string | undefined;
  /** A link to the step titled `title`, named `text` (nothing when it has no route). */
  stepLink: (title: string, text: string) => ReactNode;
  /** Goes to `route` and focuses the field of `key` there. */
  change: (route: string, key: string) => void;
}

export function CheckAnswers({ steps, routeOf, stepLink, change }: CheckAnswersProps) {
  const intl = useIntl();
  return (
    // A region a screen reader can jump to; each Change link is heard with its question after
    // it ("Change First Name").
    <Box component="section" aria-label={intl.formatMessage({ id: 'app.review.answers' })}>
      {steps.map((step) => {
        const route = routeOf(step.title);
        const action = (key: string, label: string) =>
          route === undefined
            ? undefined
            : {
                href: `${route}#${key}`,
                text: intl.formatMessage({ id: 'app.review.change' }),
                hiddenText: label,
                onClick: (event: MouseEvent<HTMLAnchorElement>) => {
                  event.preventDefault();
                  change(route, key);
                },
              };
        return (
          <Box key={step.title} sx={{ mb: 4 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={{ xs: 0.5, sm: 2 }}
              sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between', mb: 1 }}
            >
              <Typography variant="h4" component="h2">
                {step.title}
              </Typography>
              {stepLink(
                step.title,
                intl.formatMessage({ id: 'app.review.goToStep' }, { step: step.title }),
              )}
            </Stack>
            {step.sections.length === 0 ? (
              <Typography>{intl.formatMessage({ id: 'app.review.nothingYet' })}</Typography>
            ) : (
              step.sections.map((section, sectionIndex) => (
                <Box key={`${String(sectionIndex)}:${section.title}`}>
                  <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                    {section.title}
                  </Typography>
                  {section.parts.map((part, partIndex) => (
                    <Box key={String(partIndex)}>
                      {part.heading === undefined ? null : (
                        <Typography component="h4" sx={{ fontWeight: 700, mt: 1 }}>
                          {part.heading}
                        </Typography>
                      )}
                      <SummaryList
                        rows={part.rows.map((row) => ({
                          key: row.label,
                          value: row.value,
                          action: action(row.key, row.label),
                        }))}
                      />
                    </Box>
                  ))}
                </Box>
              ))
            )}
          </Box>
        );
      })}
    </Box>
  );
}
