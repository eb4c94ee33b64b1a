/**
 * The applicant's Social Security number at rest: sealed (services/dataKeys.ts) in the answers
 * jsonb, opened only where it is read, and shown masked (`XXX-XX-1234`) wherever a person sees
 * it but a staff member asked for it in full. The answer keys it applies to are the college's
 * questions of the sensitive kind (form-model's `sensitiveKeys`, add-another items included),
 * never a fixed key name.
 *
 * The seal is applied to the patch before it joins a batched save (ARCHITECTURE "One
 * keystroke, one save"): the batch's one statement stays `answers || patch`, a sealed value is
 * an answer like any other to it, and no PostgreSQL function ever sees the key or the number.
 */
import {
  type Answers,
  isMaskedSsn,
  maskedSsn,
  type PageConfig,
  sensitiveKeys,
} from '@admit/form-model';

import { type DataKeys, isSealed, open, seal, sealedKeyId } from './dataKeys.ts';

export interface SsnVault {
  /** The answer keys that hold an SSN. */
  keys: ReadonlySet<string>;
  /**
   * A patch as it is stored: each SSN sealed; a masked one (`XXX-XX-1234`, what the browser was
   * shown) left out, since it stands for the number already stored; `""` kept (a cleared SSN).
   */
  sealPatch: (patch: Answers) => Answers;
  /** The answers with each SSN opened: for validation, the PDF, a staff export with SSNs. */
  open: (answers: Answers) => Answers;
  /** The answers with each SSN as `XXX-XX-1234`: what the applicant and the service view see. */
  mask: (answers: Answers) => Answers;
  /**
   * The answers with every SSN sealed with the current key (a plain one, or one sealed with an
   * older key), or undefined when they already are: migration 012 and `admin rekey`.
   */
  reseal: (answers: Answers) => Answers | undefined;
}

export function createSsnVault(pages: readonly PageConfig[], dataKeys: DataKeys): SsnVault {
  const keys = sensitiveKeys(pages);

  function mapSsns(answers: Answers, change: (key: string, value: string) => string): Answers {
    let changed: Answers | undefined;
    for (const key of keys) {
      const value = answers[key];
      if (typeof value !== 'string' || value === '') continue;
      changed ??= { ...answers };
      changed[key] = change(key, value);
    }
    return changed ?? answers;
  }

  return {
    keys,
    sealPatch(patch) {
      return Object.fromEntries(
        Object.entries(patch).flatMap(([key, value]) => {
          if (!keys.has(key) || typeof value !== 'string' || value === '') return [[key, value]];
          return isMaskedSsn(value) ? [] : [[key, seal(dataKeys, key, value)]];
        }),
      );
    },
    open: (answers) => mapSsns(answers, (key, value) => open(dataKeys, key, value)),
    mask: (answers) => mapSsns(answers, (key, value) => maskedSsn(open(dataKeys, key, value))),
    reseal(answers) {
      const stale = [...keys].filter((key) => {
        const value = answers[key];
        return (
          typeof value === 'string' &&
          value !== '' &&
          !(isSealed(value) && sealedKeyId(value) === dataKeys.current.id)
        );
      });
      if (stale.length === 0) return undefined;
      const resealed: Answers = { ...answers };
      for (const key of stale)
        resealed[key] = seal(dataKeys, key, open(dataKeys, key, String(answers[key])));
      return resealed;
    },
  };
}
