import { Box, type Theme, Typography } from '@mui/material';
import { type ReactNode, useId } from 'react';

export interface FormSectionProps {
  /** The section's heading, also its accessible name. */
  title: string;
  /** A sentence under the heading that says what the section asks for. */
  description?: ReactNode;
  /** h2 for a page's sections (shown as cards), h3 for a group inside one; 2 by default. */
  level?: 2 | 3;
  /** The section's id, a link target (`/about#parents`); its heading gets `${id}-title`. */
  id?: string;
  /** The questions, notices and buttons of the section, spaced evenly. */
  children: ReactNode;
}

/**
 * A level-2 section is a white card with a light border; a level-3 group inside it is set off
 * by a rule above it instead (a card inside a card crowds a phone). Both have tighter padding
 * below the mobile breakpoint.
 */
function sectionLook(level: 2 | 3) {
  return (theme: Theme) =>
    level === 2
      ? {
          backgroundColor: theme.app.colors.white,
          border: `1px solid ${theme.app.colors.neutral.light}`,
          borderRadius: `${theme.shape.borderRadius}px`,
          padding: theme.spacing(3, 4),
          [theme.breakpoints.down('sm')]: { padding: theme.spacing(2.5, 2) },
          '@media print': { border: 'none', padding: 0 },
        }
      : {
          borderTop: `1px solid ${theme.app.colors.neutral.light}`,
          paddingTop: theme.spacing(3),
          [theme.breakpoints.down('sm')]: { paddingTop: theme.spacing(2.5) },
        };
}

/**
 * A titled group of form content (SPEC §2 pages are made of sections): a `section` named by its
 * heading (`aria-labelledby`) and described by its description, so a screen reader announces
 * "Parent or Guardian, region" on entering it and can jump between sections. Children are laid
 * out in one column with even gaps, readable on a 375 px phone.
 *
 * @example
 * ```tsx
 * <FormSection id="name" title="Your Name" description="As it appears on your transcript.">
 *   <TextInput id="first_name" label="First Name" value={first} onChange={setFirst} />
 * </FormSection>
 * ```
 */
export function FormSection({ title, description, level = 2, id, children }: FormSectionProps) {
  const generatedId = useId();
  const headingId = id === undefined ? `${generatedId}-title` : `${id}-title`;
  const descriptionId = `${headingId}-description`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      sx={sectionLook(level)}
    >
      <Typography
        id={headingId}
        component={`h${level}`}
        variant={level === 2 ? 'h3' : 'h5'}
        sx={{ mb: description === undefined ? 2.5 : 1 }}
      >
        {title}
      </Typography>
      {description !== undefined && (
        <Typography id={descriptionId} sx={{ color: 'text.secondary', mb: 2.5 }}>
          {description}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
