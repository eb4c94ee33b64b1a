import { LazyModal } from '@admit/design-system';
import { useIntl } from 'react-intl';

/**
 * SPEC §8: a logout by hand that the server refused shows in a dialog ("Unexpected Error" with
 * the server's message); the session lives on. Log Out and "No, log me out" share it.
 */
export function LogoutErrorDialog({ error, onClose }: { error: unknown; onClose: () => void }) {
  const intl = useIntl();
  return (
    <LazyModal
      open={error !== undefined}
      onClose={onClose}
      title={intl.formatMessage({ id: 'app.logoutError.title' })}
    >
      {error instanceof Error && error.message !== ''
        ? error.message
        : intl.formatMessage({ id: 'app.error.generic' })}
    </LazyModal>
  );
}
