import { Box, Button, CircularProgress, Divider, Link, Paper, Typography } from '@mui/material';
import { type SubmitEvent, type MouseEvent, type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';

import { visuallyHidden } from '../parts/visuallyHidden';

/** A link or link-looking action on a card, e.g. "Forgot password" or "Resend confirmation code". */
export interface AccountCardLink {
  /** The text, e.g. "Resend confirmation code". */
  label: string;
  /** Where it goes; without one it is a button that only calls `onClick`. */
  href?: string;
  /** Called when it is followed or pressed; with `href`, `event.preventDefault()` routes in-app. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
}

export interface AccountCardProps {
  /** The card's heading, e.g. "Log In" or "Confirm Your Account" (SPEC §2). */
  header: string;
  /** The form fields. */
  children: ReactNode;
  /** Called when the form is submitted (button or Enter); the page's default is prevented. */
  onSubmit: () => void;
  /** Shows a spinner on Submit and ignores further submits while the call is under way. */
  busy?: boolean;
  /** Greys out Submit (e.g. while the page cannot be used). */
  disabled?: boolean;
  /** Fields side by side above the mobile breakpoint (2) or always stacked (1). */
  columns?: 1 | 2;
  /** The submit button's text: "Submit" (SPEC §2). */
  submitLabel?: string;
  /** The footer's question, e.g. "Don't have an account?". */
  footerQuestion: string;
  /** The footer link's text, e.g. "Sign Up". */
  footerLinkLabel: string;
  /** Where the footer link goes, e.g. "/signup". */
  footerHref: string;
  /** Called when the footer link is followed; `event.preventDefault()` routes in-app. */
  onFooterLinkClick?: (event: MouseEvent<HTMLElement>) => void;
  /** Extra links under the fields, e.g. "Resend confirmation code", "Forgot password". */
  links?: readonly AccountCardLink[];
}

/** One extra link: an anchor when it has an href, a link-looking button when it does not. */
function CardLink({ label, href, onClick }: AccountCardLink) {
  return href === undefined ? (
    <Link component="button" type="button" onClick={onClick} sx={{ fontSize: '1rem' }}>
      {label}
    </Link>
  ) : (
    <Link href={href} onClick={onClick}>
      {label}
    </Link>
  );
}

/**
 * The frame of every account page (SPEC §2: log in, sign up, confirm, forgot, reset): a
 * heading, the fields (one or two columns), optional extra links, a Submit button and a
 * footer question with a link to another account page. The form is named by its heading.
 *
 * @example
 * ```tsx
 * <AccountCard header="Log In" columns={2} onSubmit={logIn} busy={pending}
 *   footerQuestion="Don't have an account?" footerLinkLabel="Sign Up" footerHref="/signup">
 *   <TextInput id="username" label="Email" type="email" value={username} onChange={setUsername} />
 *   <TextInput id="password" label="Password" type="password" value={password} onChange={setPassword} />
 * </AccountCard>
 * ```
 */
export function AccountCard({
  header,
  children,
  onSubmit,
  busy = false,
  disabled = false,
  columns = 1,
  submitLabel,
  footerQuestion,
  footerLinkLabel,
  footerHref,
  onFooterLinkClick,
  links = [],
}: AccountCardProps) {
  const intl = useIntl();
  const headingId = useId();
  const handleSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!busy && !disabled) onSubmit();
  };

  return (
    <Paper
      variant="outlined"
      sx={{
        width: '100%',
        maxWidth: columns === 2 ? '52rem' : '30rem',
        mx: 'auto',
        p: { xs: 2, sm: 4 },
        borderTop: 4,
        borderTopColor: 'primary.main',
      }}
    >
      <Box component="form" noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
        <Typography id={headingId} component="h1" variant="h2" sx={{ mb: 3 }}>
          {header}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            // SPEC §2: two columns above the mobile breakpoint, one below.
            gridTemplateColumns: { xs: '1fr', sm: columns === 2 ? '1fr 1fr' : '1fr' },
            alignItems: 'start',
          }}
        >
          {children}
        </Box>
        {links.length > 0 && (
          <Box
            component="ul"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              columnGap: 3,
              alignItems: 'baseline',
              listStyle: 'none',
              p: 0,
              mt: 2,
              mb: 0,
            }}
          >
            {links.map((link) => (
              <li key={link.label}>
                <CardLink {...link} />
              </li>
            ))}
          </Box>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={disabled}
          // Busy keeps the button focusable (disabling it would drop focus on the page).
          aria-disabled={busy || undefined}
          startIcon={busy ? <CircularProgress size="1em" color="inherit" aria-hidden /> : undefined}
          sx={{ mt: 3, minWidth: '10rem' }}
        >
          {/* SPEC §2: every account card's submit button says "Submit" unless told otherwise. */}
          {submitLabel ?? intl.formatMessage({ id: 'ds.accountCard.submit' })}
        </Button>
        <Box role="status" sx={visuallyHidden}>
          {busy ? intl.formatMessage({ id: 'ds.accountCard.submitting' }) : ''}
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Typography component="p">
        {footerQuestion}{' '}
        <Link href={footerHref} onClick={onFooterLinkClick} sx={{ fontWeight: 600 }}>
          {footerLinkLabel}
        </Link>
      </Typography>
    </Paper>
  );
}
