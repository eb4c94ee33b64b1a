import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Typography } from '@mui/material';
import { useIntl } from 'react-intl';

import { visuallyHidden } from '../parts/visuallyHidden';

/** Where a rule stands: not yet checked, broken, or met (SPEC §2). */
export type PasswordRequirementState = 'inactive' | 'error' | 'success';

/** One password rule and where it stands. */
export interface PasswordRequirement {
  /** Identifies the rule, e.g. `min-length`. */
  id: string;
  /** The rule as the applicant reads it, e.g. "At least 12 characters". */
  message: string;
  /** SPEC §2: inactive while the password is empty, error while its message is among the errors, success otherwise. */
  state: PasswordRequirementState;
}

export interface PasswordRequirementsProps {
  /** The rules, in the order to show them. */
  rules: readonly PasswordRequirement[];
  /** The list's id: give it to the password input's `aria-describedby`. */
  id?: string;
  /** The line above the list; "Your password must have:" by default. */
  title?: string;
}

/** How each state looks and (its catalogue id) what a screen reader hears before the rule. */
const STATE_LOOK = {
  inactive: {
    Icon: RadioButtonUncheckedIcon,
    color: 'text.secondary',
    spoken: 'ds.passwordRequirements.inactive',
  },
  error: { Icon: CancelIcon, color: 'error.main', spoken: 'ds.passwordRequirements.error' },
  success: {
    Icon: CheckCircleIcon,
    color: 'success.main',
    spoken: 'ds.passwordRequirements.success',
  },
} as const;

/**
 * The password rules under a new-password input, each with an icon whose shape and a hidden
 * word ("Met", "Not met", "Not checked yet") say where it stands, so colour is never the only
 * cue (WCAG 1.4.1).
 *
 * @example
 * ```tsx
 * <PasswordRequirements id="password-rules" rules={[{ id: 'length', message: 'At least 12 characters', state: 'success' }]} />
 * ```
 */
export function PasswordRequirements({ rules, id, title }: PasswordRequirementsProps) {
  const intl = useIntl();
  return (
    <Box id={id}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>
        {title ?? intl.formatMessage({ id: 'ds.passwordRequirements.title' })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rules.map(({ id: ruleId, message, state }) => {
          const { Icon, color, spoken } = STATE_LOOK[state];
          return (
            <Box
              component="li"
              key={ruleId}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, py: 0.25, color }}
            >
              <Icon aria-hidden fontSize="small" sx={{ mt: 0.25 }} />
              <Typography component="span" sx={{ color: 'inherit' }}>
                <Box component="span" sx={visuallyHidden}>
                  {intl.formatMessage({ id: spoken })}{' '}
                </Box>
                {message}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
