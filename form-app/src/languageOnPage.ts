/**
 * The page's language and its messages, as the server wrote them into the page (pageData.ts):
 * only the chosen language's texts are downloaded. The production build resolves
 * `virtual:admit-language` to this module (cataloguePlugin.ts).
 */
import { type MessageFormatElement } from 'react-intl';

import { readPageData } from './pageData.ts';

interface LanguageOnPage {
  language: string;
  languages: readonly string[];
  messages: Record<string, MessageFormatElement[]>;
}

const onPage = readPageData() as LanguageOnPage;

export const { language, languages, messages } = onPage;
