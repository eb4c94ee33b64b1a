import { Box, Container } from '@admit/design-system';
import { Outlet } from 'react-router-dom';

import { AppChrome } from './AppChrome.tsx';

/** SPEC §2: account pages sit under their own layout: the college's header and footer, one card. */
export function AccountLayout() {
  return (
    <AppChrome>
      <Container maxWidth="md" sx={{ py: { xs: 2, sm: 5 } }}>
        <Box sx={{ maxWidth: 880, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Container>
    </AppChrome>
  );
}
