/**
 * The page's language and its messages, as the server wrote them into the page (pageData.ts):
 * only the chosen language's texts are downloaded, and of them only what the page needs
 * first: the areas it leaves out (`missingAreas`, src/messageAreas.ts) come with the pages
 * that show them (`loadMessageArea`). The production build resolves `virtual:admit-language`
 * to this module (cataloguePlugin.ts).
 */
import { type MessageFormatElement } from 'react-intl';
import { messageFile } from 'virtual:admit-message-areas';

import { type MessageArea } from './messageAreas.ts';
import { readPageData } from './pageData.ts';

interface LanguageOnPage {
  language: string;
  languages: readonly string[];
  messages: Record<string, MessageFormatElement[]>;
  /** The message areas this page's data block leaves out. */
  missingAreas?: readonly MessageArea[];
}

const onPage = readPageData() as LanguageOnPage;

export const { language, languages, messages } = onPage;

const loading = new Map<MessageArea, Promise<void>>();

/**
 * Adds the messages of `area` to `messages` (the very object the page's IntlProvider and
 * pageIntl read from), fetching them if the page did not bring them; at once if it did. A
 * failed fetch is tried again on the next call.
 */
export function loadMessageArea(area: MessageArea): Promise<void> {
  if (!(onPage.missingAreas ?? []).includes(area)) return Promise.resolve();
  let loaded = loading.get(area);
  if (loaded === undefined) {
    loaded = fetch(import.meta.env.BASE_URL + messageFile(area, language)).then(
      async (response) => {
        if (!response.ok)
          throw new Error(
            `The "${area}" messages in "${language}" did not load (${String(response.status)}).`,
          );
        Object.assign(messages, (await response.json()) as Record<string, MessageFormatElement[]>);
      },
    );
    loading.set(area, loaded);
    void loaded.catch(() => loading.delete(area));
  }
  return loaded;
}
