/**
 * The account cards' check (SPEC §5, form-model's `validateAccountForm`) and yup under it, in a
 * chunk of their own (a page downloads what it needs to be usable, and a card needs
 * its check only once something is typed or sent: /login's first visit was 201 KB with it, 13 KB
 * of it yup). The first keystroke in a card starts the fetch; a submit waits for it.
 */
import { useEffect, useState } from 'react';

import type * as Check from './accountCheck.ts';

export type ValidateAccountForm = typeof Check.validateAccountForm;

let loaded: ValidateAccountForm | undefined;
let request: Promise<ValidateAccountForm> | undefined;

/** The check, fetched once (a failed fetch is tried again on the next call). */
export function loadAccountCheck(): Promise<ValidateAccountForm> {
  request ??= import('./accountCheck.ts').then(
    (module) => {
      loaded = module.validateAccountForm;
      return loaded;
    },
    (error: unknown) => {
      request = undefined;
      throw error;
    },
  );
  return request;
}

/** The check once it is here (fetched when `needed`), else undefined. */
export function useAccountCheck(needed: boolean): ValidateAccountForm | undefined {
  const [check, setCheck] = useState(() => loaded);
  useEffect(() => {
    if (check !== undefined || !needed) return;
    let current = true;
    loadAccountCheck()
      .then((found) => {
        if (current) setCheck(() => found);
      })
      // The submit that needs it says so (useAccountForm): until then, nothing is checked.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [check, needed]);
  return check;
}
