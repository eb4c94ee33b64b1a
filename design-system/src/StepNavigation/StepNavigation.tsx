import { Box } from '@mui/material';
import { type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/** One step of the form (SPEC §2): Personal Info, Academic History, Submit. */
export interface NavigationStep {
  /** The step's id, handed to `onNavigate` (e.g. the page key `about`). */
  id: string;
  /** What the link says. */
  label: string;
  /** The step's route, e.g. `/about`. */
  href: string;
}

/** What `renderLink` must put on the anchor it renders. */
export interface StepLinkProps {
  /** The step's route. */
  href: string;
  /** `page` on the current step's link. */
  'aria-current': 'page' | undefined;
  /** Calls `onNavigate`; keep it on the anchor. */
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The link's content (step number and label). */
  children: ReactNode;
}

export interface StepNavigationProps {
  /** The steps, in order. */
  steps: readonly NavigationStep[];
  /** The current step's id: highlighted and marked `aria-current="page"`. */
  current: string;
  /** The navigation landmark's name. */
  label?: string;
  /** Called when a step's link is clicked; call `event.preventDefault()` to route in the app. */
  onNavigate?: (id: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** Renders each link with the app's router; spread the props onto its anchor. */
  renderLink?: (props: StepLinkProps, step: NavigationStep) => ReactNode;
}

/**
 * The horizontal step navigation at the top of the form (SPEC §2): one link per step, the
 * current step highlighted and marked `aria-current="page"`. The app routes, either in
 * `onNavigate` (prevent the default and navigate) or by rendering its router's links through
 * `renderLink`. On a narrow screen the steps wrap rather than overflow.
 *
 * @example
 * ```tsx
 * <StepNavigation
 *   steps={[{ id: 'about', label: 'Personal Info', href: '/about' }, …]}
 *   current="about"
 *   onNavigate={(id, event) => { event.preventDefault(); void saveThenGo(id); }}
 * />
 * ```
 */
export function StepNavigation({
  steps,
  current,
  label,
  onNavigate,
  renderLink = (props) => <a {...props} />,
}: StepNavigationProps) {
  const intl = useIntl();
  return (
    <Box
      component="nav"
      aria-label={label ?? intl.formatMessage({ id: 'ds.stepNavigation.label' })}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Box
        component="ol"
        sx={(theme) => ({
          display: 'flex',
          flexWrap: 'wrap',
          columnGap: 3,
          listStyle: 'none',
          m: 0,
          p: 0,
          // On a phone the steps share the width equally, number above label, so all fit.
          [theme.breakpoints.down('sm')]: {
            display: 'grid',
            gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))`,
            columnGap: 0.5,
          },
        })}
      >
        {steps.map((step, index) => {
          const isCurrent = step.id === current;
          return (
            <Box
              component="li"
              key={step.id}
              sx={(theme) => ({
                display: 'flex',
                '& a': {
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  minHeight: '3rem',
                  px: 0.5,
                  fontWeight: 600,
                  textDecoration: 'none',
                  color: isCurrent ? 'secondary.main' : 'primary.main',
                  // The current step stands on the accent colour (a decoration, not text).
                  borderBottom: `4px solid ${isCurrent ? theme.palette.accent.main : 'transparent'}`,
                  '&:hover': { textDecoration: 'underline', color: 'primary.dark' },
                  '&:focus-visible': {
                    outline: `3px solid ${theme.palette.primary.main}`,
                    outlineOffset: 2,
                  },
                  [theme.breakpoints.down('sm')]: {
                    flex: 1,
                    flexDirection: 'column',
                    // The numbers on one line whatever the labels' lengths: a one-line label
                    // ("Submit") no longer sits lower than its two-line neighbours.
                    justifyContent: 'flex-start',
                    gap: 0.5,
                    py: 0.75,
                    fontSize: '0.875rem',
                    lineHeight: 1.25,
                    textAlign: 'center',
                    overflowWrap: 'break-word',
                  },
                },
              })}
            >
              {renderLink(
                {
                  href: step.href,
                  'aria-current': isCurrent ? 'page' : undefined,
                  onClick: (event) => {
                    onNavigate?.(step.id, event);
                  },
                  children: (
                    <>
                      <Box
                        component="span"
                        aria-hidden
                        sx={{
                          display: 'inline-flex',
                          alignItems: 'center',
                          justifyContent: 'center',
                          width: '1.75rem',
                          height: '1.75rem',
                          borderRadius: '50%',
                          flexShrink: 0,
                          fontSize: '0.875rem',
                          bgcolor: isCurrent ? 'secondary.main' : 'transparent',
                          color: isCurrent ? 'secondary.contrastText' : 'primary.main',
                          border: 2,
                          borderColor: isCurrent ? 'secondary.main' : 'primary.main',
                        }}
                      >
                        {index + 1}
                      </Box>
                      {step.label}
                    </>
                  ),
                },
                step,
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
