/**
 * On the last step, just above Submit (where an applicant looks before
 * submitting), "Review your application" opens /review. It goes there the SPEC §2 way (saved
 * first; a visitor with answers goes to sign-up, as every step link does).
 */
import { Box, Button, Typography } from '@admit/design-system';
import { useIntl } from 'react-intl';

import { useApplication } from '../../renderer/index.ts';
import { REVIEW_ROUTE } from '../../application/paths.ts';

export function ReviewOffer() {
  const { goTo, busy } = useApplication();
  const intl = useIntl();
  return (
    <Box
      component="section"
      aria-labelledby="review-offer-heading"
      sx={{
        mb: 3,
        p: { xs: 2, sm: 3 },
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
      }}
    >
      <Typography id="review-offer-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {intl.formatMessage({ id: 'app.review.offer.heading' })}
      </Typography>
      <Typography sx={{ mb: 2 }}>{intl.formatMessage({ id: 'app.review.offer.text' })}</Typography>
      <Button
        variant="outlined"
        size="large"
        href={REVIEW_ROUTE}
        aria-disabled={busy !== undefined}
        onClick={(event) => {
          event.preventDefault();
          if (busy === undefined) void goTo(REVIEW_ROUTE);
        }}
      >
        {intl.formatMessage({ id: 'app.review.offer.button' })}
      </Button>
    </Box>
  );
}
