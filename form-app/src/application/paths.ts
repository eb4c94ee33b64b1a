/** SPEC §2 routes. */
import { tenant } from '../tenant.ts';

export const FORM_ROUTES = tenant.steps.map((step) => `/${step.route}`);
export const ACCOUNT_ROUTES = ['/signup', '/confirm', '/login', '/forgot', '/reset'] as const;
export const COMPLETION_ROUTE = '/completion';
/** The review before submitting, inside the form layout (not a step). */
export const REVIEW_ROUTE = '/review';

/** Navigation state carried between pages (SPEC §2): answers and messages. */
export interface NavigationState {
  /** The visitor's in-progress answers, carried to sign-up and back. */
  answers?: Record<string, string | boolean>;
  /** A success message to show (login, confirm, reset, submit). */
  successMessage?: string;
  /** An error message to show (session invalid, automatic logout). */
  errorMessage?: string;
  /** A step page focuses this field on arrival instead of its heading (summary links). */
  focusField?: string;
  /** A Submit that found errors: the validation summary takes focus (GOV.UK's error summary). */
  focusSummary?: boolean;
  /** /confirm pre-fills it. */
  username?: string;
}

export function navigationState(value: unknown): NavigationState {
  return typeof value === 'object' && value !== null ? value : {};
}
