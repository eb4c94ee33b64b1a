/**
 * The office's messages by language: the design system's widgets' and the office's own, from
 * their catalogues (`src/locales/<language>/*.json`; the build checks them with tenant-config/
 * node's `loadCatalogues`). Every language is in the bundle and react-intl parses the one in
 * use: the office is one page for a few staff, not worth form-app's build-time parsing.
 */
type Catalogue = Record<string, string>;

const files = {
  ...import.meta.glob<Catalogue>('../../design-system/src/locales/*/*.json', {
    eager: true,
    import: 'default',
  }),
  ...import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' }),
};

const byLanguage: Record<string, Catalogue> = {};
for (const [path, messages] of Object.entries(files)) {
  const language = /\/locales\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1];
  if (language !== undefined) byLanguage[language] = { ...byLanguage[language], ...messages };
}

/** The languages the office has messages in. */
export const OFFICE_LANGUAGES: readonly string[] = Object.keys(byLanguage).sort();

/** The messages of `language`, English when the office has none in it. */
export function messagesFor(language: string): Catalogue {
  return byLanguage[language] ?? byLanguage[language.split('-')[0] ?? ''] ?? byLanguage.en ?? {};
}
