/**
 * Choosing the page's language (docs/architecture.md, the i18n design): the answers are kept
 * first, then the choice is remembered (the account's language when logged in, so that mails go
 * out in it; the `admit-lang` cookie for this browser) and the same page is loaded again in it,
 * so that the whole page, the date picker's locale and the college's texts come in one language.
 */
import { request } from '../api/client.ts';
import { ServerError } from '../api/errors.ts';

/** The cookie the server reads the chosen language from (before the account's and the browser's). */
export const LANGUAGE_COOKIE = 'admit-lang';
/** The query parameter that picks a page's language in any link (`?lang=es`). */
export const LANGUAGE_PARAMETER = 'lang';
/** The cookie is kept a year: the choice outlives the session, for the next visit too. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/**
 * A language's own name in that language, as a person who reads it looks for it ("Español",
 * "English"): `Intl.DisplayNames` writes Spanish's in lower case, a label starts with a capital.
 */
export function languageName(code: string): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/**
 * Whether `code` is a pseudo-locale (`en-XA`: a private-use region, X*): a developer's check
 * that every text comes from a catalogue, chosen by `?lang=en-XA`, never offered to applicants.
 */
export function isPseudoLocale(code: string): boolean {
  return /^X[A-Z]$/.test(new Intl.Locale(code).region ?? '');
}

/** The address `href` with its `lang` parameter set to `code` (replaced or added). */
export function addressInLanguage(href: string, code: string): string {
  const url = new URL(href);
  url.searchParams.set(LANGUAGE_PARAMETER, code);
  return url.href;
}

/**
 * Where the page is loaded again: the browser's own navigation (a replace, so that Back does
 * not return to the page in the language just left). The component test watches it here.
 */
export const pageLoader = {
  load(address: string): void {
    window.location.replace(address);
  },
};

/** Where the fields typed into a form outside the answers wait for the page in its new language. */
const CARRIED_FIELDS_KEY = 'admit-typed-fields';

/**
 * Keeps what was typed into the page's forms (an account card's e-mail address, a name, a
 * code) for the page in its new language: the answers are kept by `keepAnswers`, these are
 * not answers. Never a password: it is typed again rather than written to storage.
 */
function carryTypedFields(): void {
  const typed: Record<string, string> = {};
  for (const input of document.querySelectorAll<HTMLInputElement>('form input[id]')) {
    if (['password', 'hidden', 'checkbox', 'radio', 'file'].includes(input.type)) continue;
    if (input.value !== '') typed[input.id] = input.value;
  }
  if (Object.keys(typed).length === 0) return;
  try {
    sessionStorage.setItem(CARRIED_FIELDS_KEY, JSON.stringify(typed));
  } catch {
    // Storage refused (full, or disabled): the page comes back with those fields empty.
  }
}

/**
 * What `switchLanguage` kept of the forms' fields, by input id, given once: the account
 * cards start from it (prerender/earlySubmit.ts, `CardHandover.remembered`).
 */
export function takeCarriedFields(): Record<string, string> {
  if (typeof sessionStorage === 'undefined') return {};
  const raw = sessionStorage.getItem(CARRIED_FIELDS_KEY);
  if (raw === null) return {};
  sessionStorage.removeItem(CARRIED_FIELDS_KEY);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Switches the page to `code`: `keepAnswers` first (a logged-in applicant's answers saved, a
 * visitor's kept in this tab); a failure there throws and nothing else happens, so the person
 * stays on the page with what they typed. Then the account's language (a server without the
 * route, 404, leaves it to the cookie), the cookie, what was typed into the page's forms
 * (`carryTypedFields`), and the page again in `code`.
 */
export async function switchLanguage(
  code: string,
  { keepAnswers, loggedIn }: { keepAnswers: (() => Promise<void>) | undefined; loggedIn: boolean },
): Promise<void> {
  await keepAnswers?.();
  if (loggedIn)
    await request('PUT', '/api/language', { language: code }).catch((error: unknown) => {
      if (!(error instanceof ServerError && error.status === 404)) throw error;
    });
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  carryTypedFields();
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${String(LANGUAGE_COOKIE_SECONDS)}; samesite=lax${secure}`;
  pageLoader.load(addressInLanguage(window.location.href, code));
}
