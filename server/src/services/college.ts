/**
 * The college in each language it is offered in: its texts (names, questions, notices)
 * localized once per language, and which language an account or staff read.
 */
import {
  collegeLanguages,
  localizeTenant,
  type TenantConfig,
  translateTenant,
} from '@admit/tenant-config';
import { PSEUDO_LANGUAGE, pseudoCollegeText } from '@admit/tenant-config/node';

import { type Languages, offeredLanguages } from './texts.ts';

export interface CollegeLanguages {
  /** The languages offered, and the college's first (staff's). */
  languages: Languages;
  /** The college with its texts in `language` (its own when it has none in it). */
  in: (language: string) => TenantConfig;
  /** The language an account reads: its own when offered, else the college's first. */
  forAccount: (language: string | null | undefined) => string;
}

export function createCollegeLanguages(
  tenant: TenantConfig,
  languages: Languages,
): CollegeLanguages {
  const localized = new Map<string, TenantConfig>();
  const own = new Set(collegeLanguages(tenant));
  return {
    languages,
    in(language) {
      // A language the college's texts are not in: its own texts.
      if (!own.has(language) && language !== PSEUDO_LANGUAGE) return tenant;
      let config = localized.get(language);
      if (config === undefined) {
        config =
          language === PSEUDO_LANGUAGE
            ? translateTenant(tenant, pseudoCollegeText)
            : localizeTenant(tenant, language);
        localized.set(language, config);
      }
      return config;
    },
    forAccount: (language) =>
      language != null && languages.offered.includes(language) ? language : languages.fallback,
  };
}

/** The college as a server offers it: its languages that the catalogues have (and `pseudo`). */
export function collegeLanguagesOf(tenant: TenantConfig, pseudo = false): CollegeLanguages {
  return createCollegeLanguages(tenant, offeredLanguages(collegeLanguages(tenant), pseudo));
}
