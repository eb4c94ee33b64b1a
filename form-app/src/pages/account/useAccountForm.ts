/**
 * Shared behaviour of the account cards (SPEC §2, §5, §8): values, SPEC §5 validation of only
 * the relevant fields on submit, server field errors, and failures as "<card name> Error" toasts.
 */
import { type AccountForm } from '@admit/form-model';
import { useToast } from '@admit/design-system';
import {
  type MouseEvent,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';

import { ServerError } from '../../api/errors.ts';
import { navigationState, type NavigationState } from '../../application/paths.ts';
import { tenant } from '../../tenant.ts';
import { CardHandoverContext } from './cardHandover.ts';
import { loadAccountCheck } from './validation.ts';

export type CardName =
  'Login Card' | 'Sign Up Card' | 'Confirm Card' | 'Forgot Password Card' | 'Reset Password Card';

/** SPEC §8's "<card name> Error" toast title of each card, in the catalogue. */
const CARD_ERROR_TITLE: Readonly<Record<CardName, string>> = {
  'Login Card': 'app.account.error.login',
  'Sign Up Card': 'app.account.error.signUp',
  'Confirm Card': 'app.account.error.confirm',
  'Forgot Password Card': 'app.account.error.forgot',
  'Reset Password Card': 'app.account.error.reset',
};

export function useAccountForm<V extends Record<string, string>>(
  form: AccountForm,
  cardName: CardName,
  initial: V,
  /** The card's header, also the document's title. */
  title: string,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const carried: NavigationState = navigationState(location.state);
  // The card may have been typed into before it was the app's (CardHandover). Drawn afresh
  // over it, the card starts from what was typed; taken over as it was, it starts as drawn and
  // takes the typing over at once.
  const handover = use(CardHandoverContext);
  const keys = Object.keys(initial);
  const [values, setValues] = useState<V>(() => ({ ...initial, ...handover.remembered(keys) }));
  // …and submitted before it: sent once these values are drawn.
  const [heldSubmit, setHeldSubmit] = useState(false);
  // In the commit that makes the inputs React's, before any key or click can reach them.
  useLayoutEffect(() => {
    const typed = handover.typed(keys);
    const held = handover.submitted();
    /* eslint-disable react-hooks/set-state-in-effect -- typed and submitted outside React: taken over once */
    if (Object.keys(typed).length > 0) setValues((previous) => ({ ...previous, ...typed }));
    if (held) setHeldSubmit(true);
    /* eslint-enable react-hooks/set-state-in-effect */
    // Once, when the card is first React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const sent = useRef(false);
  useEffect(() => {
    // After the commit that drew the values taken over (the same render): the submit sends them.
    if (!heldSubmit || sent.current) return;
    sent.current = true;
    document.querySelector<HTMLFormElement>('#root form')?.requestSubmit();
  }, [heldSubmit]);
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});
  const [busy, setBusy] = useState(false);
  const { showToast } = useToast();
  useEffect(() => {
    document.title = `${title} · ${tenant.titles.application}`;
  }, [title]);

  /** Goes to another page, carrying the visitor's answers (SPEC §6) and `state`. */
  const goTo = useCallback(
    (to: string, state: NavigationState = {}) => {
      void navigate(to, { state: { ...state, answers: carried.answers } });
    },
    [carried.answers, navigate],
  );

  /** The card's footer: "question? label" linking to `to`. */
  const footer = (question: string, label: string, to: string) => ({
    footerQuestion: question,
    footerLinkLabel: label,
    footerHref: to,
    onFooterLinkClick: (event: MouseEvent) => {
      event.preventDefault();
      goTo(to);
    },
  });

  const field = useCallback(
    (name: keyof V & string) => ({
      id: name,
      value: values[name] ?? '',
      error: errors[name],
      onChange: (value: string) => {
        setValues((previous) => ({ ...previous, [name]: value }));
        // The check a submit needs: fetched while the person types (validation.ts).
        loadAccountCheck().catch(() => undefined);
      },
    }),
    [errors, values],
  );

  /** Validates (SPEC §5: only the relevant fields), then runs `send`; failures become a card toast. */
  const submit = useCallback(
    async (send: (values: V) => Promise<void>) => {
      const failed = (error: unknown) => {
        showToast({
          severity: 'error',
          title: intl.formatMessage({ id: CARD_ERROR_TITLE[cardName] }),
          message: error instanceof Error ? error.message : String(error),
        });
      };
      let found: Record<string, readonly string[]>;
      try {
        found = (await loadAccountCheck())(form, values);
      } catch (error) {
        failed(error); // the check's chunk did not arrive
        return;
      }
      setErrors(found);
      if (Object.keys(found).length > 0) {
        // Focus the first field in error so keyboard and screen-reader users land on it.
        document.getElementById(Object.keys(found)[0] ?? '')?.focus();
        return;
      }
      setBusy(true);
      try {
        await send(values);
      } catch (error) {
        if (error instanceof ServerError && Object.keys(error.errors).length > 0)
          setErrors(error.errors);
        failed(error);
      } finally {
        setBusy(false);
      }
    },
    [cardName, form, intl, showToast, values],
  );

  return { values, setValues, errors, field, submit, busy, carried, showToast, goTo, footer };
}
