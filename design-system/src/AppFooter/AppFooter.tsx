import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';

import { LazyModal } from '../Modal';

export interface AppFooterProps {
  /** The e-mail address applicants may write to (tenant configuration). */
  helpEmail: string;
  /** The postal address, one line per entry (tenant configuration). */
  helpAddress: readonly string[];
  /** The phone number as shown, e.g. "(406) 994-5536"; the link dials its digits. */
  helpPhone: string;
  /** The sentence that opens the Help modal. */
  helpIntro?: string;
  /** The Privacy Policy and Cookie Notice, one paragraph per entry. */
  privacyParagraphs: readonly string[];
  /** Anything else the footer should carry, e.g. a copyright line. */
  children?: ReactNode;
}

/** `tel:` with the number's digits and a leading plus, so every phone can dial it. */
function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits}`;
}

/**
 * One labelled line of the Help modal: its cells join the list's grid (`display: contents`),
 * so the labels' column is as wide as the longest label in the page's language.
 */
function ContactLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'contents' }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The bottom of every form page (SPEC §1): a Help button opening the college's contacts
 * (e-mail link, postal address, phone link) and a Privacy Policy and Cookie Notice button
 * opening that notice, each in a modal. The contents come from tenant configuration by props.
 *
 * @example
 * ```tsx
 * <AppFooter helpEmail={tenant.email} helpAddress={tenant.address} helpPhone={tenant.phone}
 *   privacyParagraphs={tenant.privacy} />
 * ```
 */
export function AppFooter({
  helpEmail,
  helpAddress,
  helpPhone,
  helpIntro,
  privacyParagraphs,
  children,
}: AppFooterProps) {
  const intl = useIntl();
  // SPEC §1: the footer's two buttons, and the titles of the modals they open.
  const helpLabel = intl.formatMessage({ id: 'ds.appFooter.help' });
  const privacyLabel = intl.formatMessage({ id: 'ds.appFooter.privacy' });
  const [openModal, setOpenModal] = useState<'help' | 'privacy' | null>(null);
  const close = () => {
    setOpenModal(null);
  };

  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'neutral.extraLight' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{
          maxWidth: 'lg',
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: 2,
          gap: { xs: 0.5, sm: 2 },
          alignItems: { xs: 'flex-start', sm: 'center' },
        }}
      >
        <Button
          aria-haspopup="dialog"
          sx={{ minWidth: 0 }}
          onClick={() => {
            setOpenModal('help');
          }}
        >
          {helpLabel}
        </Button>
        <Button
          aria-haspopup="dialog"
          sx={{ minWidth: 0 }}
          onClick={() => {
            setOpenModal('privacy');
          }}
        >
          {privacyLabel}
        </Button>
        {children && (
          <Box sx={{ ml: { sm: 'auto' }, px: 1, color: 'text.secondary' }}>{children}</Box>
        )}
      </Stack>

      <LazyModal open={openModal === 'help'} onClose={close} title={helpLabel}>
        <Typography sx={{ mb: 2 }}>
          {helpIntro ?? intl.formatMessage({ id: 'ds.appFooter.helpIntro' })}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 1,
            rowGap: 1.5,
            m: 0,
          }}
        >
          <ContactLine label={intl.formatMessage({ id: 'ds.appFooter.email' })}>
            <Link href={`mailto:${helpEmail}`}>{helpEmail}</Link>
          </ContactLine>
          <ContactLine label={intl.formatMessage({ id: 'ds.appFooter.phone' })}>
            <Link href={telHref(helpPhone)}>{helpPhone}</Link>
          </ContactLine>
          <ContactLine label={intl.formatMessage({ id: 'ds.appFooter.mail' })}>
            <Box component="address" sx={{ fontStyle: 'normal' }}>
              {helpAddress.map((line) => (
                <Box component="span" key={line} sx={{ display: 'block' }}>
                  {line}
                </Box>
              ))}
            </Box>
          </ContactLine>
        </Box>
      </LazyModal>

      <LazyModal open={openModal === 'privacy'} onClose={close} title={privacyLabel} size="s">
        {privacyParagraphs.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2, '&:last-child': { mb: 0 } }}>
            {paragraph}
          </Typography>
        ))}
      </LazyModal>
    </Box>
  );
}
