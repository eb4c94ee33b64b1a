/**
 * The messages only some pages show, by area: a page's data block leaves out the areas its
 * first render does not need (prerenderEntry.ts), and the pages that show one fetch it with
 * their code (`loadMessageArea` of `virtual:admit-language`, routes/router.tsx). So a first
 * visit to a step downloads none of the account pages', the review's or the completion page's
 * texts. Pure: the build (cataloguePlugin.ts), the prerender and the browser share it.
 */

/** Each area by the id prefixes of its messages. */
export const MESSAGE_AREAS = {
  /** The account pages (sign-up, confirmation, login, forgot, reset) and their cards. */
  account: ['app.account.', 'ds.passwordRequirements.', 'ds.accountCard.'],
  /** The review (check your answers, the draft PDF), the printed application, the service view. */
  review: ['app.review.', 'ds.print.', 'app.serviceView.'],
  /** The completion page. */
  completion: ['app.completion.'],
  /** The date picker (its chunk is fetched when a date field is first used). */
  date: ['ds.datePicker.'],
  /** The upload (its chunk is fetched when a file field is first shown). */
  file: ['ds.fileInput.'],
  /** The idle prompt: logged-in applicants only (layout/IdleWarning.tsx). */
  idle: ['app.idle.'],
  /** The lookup's suggestions (its chunk is fetched when a lookup field is first used). */
  lookup: ['ds.lookupInput.'],
  /**
   * form-model's validation messages and the validation summary: shown only while validating
   * (SPEC §4), by the date, lookup and upload fields, the review and the account pages, so
   * they come with the yup schema (engine/useValidation.ts) and with those fields' and pages'
   * code. SPEC §8's errors (`model.error.`) and the group headings stay on every page.
   */
  validation: ['model.validation.', 'ds.validationSummary.'],
} as const satisfies Record<string, readonly string[]>;

export type MessageArea = keyof typeof MESSAGE_AREAS;

/** Every area's name. */
export const AREA_NAMES = Object.keys(MESSAGE_AREAS) as readonly MessageArea[];

/** The area a message id belongs to; undefined for the messages every page carries. */
export function areaOf(id: string): MessageArea | undefined {
  return AREA_NAMES.find((area) => MESSAGE_AREAS[area].some((prefix) => id.startsWith(prefix)));
}

/** `messages` with only the ids of `area` (undefined: only those of no area). */
export function messagesOfArea<T>(
  messages: Readonly<Record<string, T>>,
  area: MessageArea | undefined,
): Record<string, T> {
  return Object.fromEntries(Object.entries(messages).filter(([id]) => areaOf(id) === area));
}

/** `messages` without the ids of `areas`. */
export function messagesWithout<T>(
  messages: Readonly<Record<string, T>>,
  areas: readonly MessageArea[],
): Record<string, T> {
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) => {
      const area = areaOf(id);
      return area === undefined || !areas.includes(area);
    }),
  );
}
