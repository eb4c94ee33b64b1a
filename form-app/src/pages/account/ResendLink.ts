import { type useToast } from '@admit/design-system';
import { type IntlShape } from 'react-intl';

import { api } from '../../api/endpoints.ts';
import { modelMessages } from '../../modelMessages.ts';
import { loadAccountCheck } from './validation.ts';

/** SPEC §2/§8: "Resend confirmation code", with its own error toast title. */
export async function resendCode(
  username: string,
  showToast: ReturnType<typeof useToast>['showToast'],
  intl: IntlShape,
): Promise<void> {
  const title = intl.formatMessage({ id: 'app.account.resendError' });
  try {
    const validateAccountForm = await loadAccountCheck();
    if (Object.keys(validateAccountForm('resend', { username })).length > 0) {
      showToast({
        severity: 'error',
        title,
        message: modelMessages.resendEmailInvalid,
      });
      return;
    }
    const { message } = await api.resendConfirm({ username });
    showToast({ severity: 'success', message });
  } catch (error) {
    showToast({
      severity: 'error',
      title,
      message: error instanceof Error ? error.message : String(error),
    });
  }
}
