import { AppThemeProvider, createAppTheme, defaultTokens } from '@admit/design-system';
import { tenants } from '@admit/tenant-config/bundled';
import { type Decorator, type Preview } from '@storybook/react-vite';
import { IntlProvider } from 'react-intl';
import { catalogues } from 'virtual:admit-catalogues';

import { colleges, DEFAULT_COLLEGE, loadedCollege, STORY_COLLEGE_PARAMETER } from './college.ts';
import { loadedLanguage } from './languageChoice.ts';

/**
 * One theme per college, created once from tenant-config: `default` is Gallatin, `example`
 * the second college, so every Themed story proves a real tenant's tokens take.
 */
const themes = {
  default: createAppTheme(tenants.gallatin?.theme ?? defaultTokens),
  example: createAppTheme(tenants.example?.theme ?? defaultTokens),
};

type ThemeName = keyof typeof themes;

function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && value in themes;
}

declare module 'storybook/internal/types' {
  interface Parameters {
    /** Page stories of one college only (`Riverbend.stories.tsx`): its id. */
    college?: string;
  }
}

/**
 * The page stories' college and language: a story file's own college, else the toolbar's, and
 * the toolbar's language. The app reads both once, as it starts (college.ts, language.ts), so
 * another college or language reloads the preview with it in the address's globals.
 */
const withCollege: Decorator = (Story, { globals, parameters, title }) => {
  // Only the app's pages depend on the college; a widget story never reloads the preview.
  if (!title.startsWith('Pages/')) return <Story />;
  const toolbar = typeof globals.college === 'string' ? globals.college : DEFAULT_COLLEGE;
  const chosen = parameters.college ?? toolbar;
  const collegeChanged = chosen !== loadedCollege() && Object.hasOwn(colleges, chosen);
  const language = languageOf(globals.language);
  if (!collegeChanged && language === loadedLanguage()) return <Story />;
  const address = new URL(window.location.href);
  let globalsPairs = (address.searchParams.get('globals') ?? '')
    .split(';')
    .filter((pair) => pair !== '' && !pair.startsWith('language:'));
  globalsPairs.push(`language:${language}`);
  if (collegeChanged) {
    // A story's own college rides in a parameter of its own, leaving the toolbar's choice as it
    // is for the other stories; the toolbar's goes in the address's globals.
    if (parameters.college === undefined) {
      address.searchParams.delete(STORY_COLLEGE_PARAMETER);
      globalsPairs = [
        ...globalsPairs.filter((pair) => !pair.startsWith('college:')),
        `college:${chosen}`,
      ];
    } else address.searchParams.set(STORY_COLLEGE_PARAMETER, chosen);
  }
  address.searchParams.set('globals', globalsPairs.join(';'));
  window.location.replace(address);
  return <p>Loading {colleges[chosen]?.names.college}…</p>;
};

/** The languages the toolbar offers: each catalogue's, the pseudo-locale (`en-XA`) last. */
const LANGUAGE_TITLES: Readonly<Record<string, string>> = {
  en: 'English',
  es: 'Español',
  'en-XA': 'Pseudo-locale (en-XA)',
};

function languageOf(value: unknown): string {
  return typeof value === 'string' && Object.hasOwn(catalogues, value) ? value : 'en';
}

/**
 * A missing message is a bug the catalogue check should have caught: in a story (and so in
 * its test) it fails loudly, as it does in the app's development build.
 */
function reportIntlError(error: Error): void {
  throw error;
}

/**
 * Every story in the toolbar's language (or a story's own `globals.language`): the widgets read
 * their texts from the catalogues through react-intl, and the theme gives MUI's own texts in
 * it (AppThemeProvider reads the locale), so a reviewer sees each widget in Spanish and in the
 * pseudo-locale, where a text cut short or not from a catalogue shows at once.
 */
const withLanguage: Decorator = (Story, { globals }) => {
  const language = languageOf(globals.language);
  // The story's text is in this language: screen readers and axe read it as such.
  document.documentElement.lang = language;
  return (
    <IntlProvider
      key={language}
      locale={language}
      defaultLocale="en"
      messages={catalogues[language]}
      onError={reportIntlError}
    >
      <Story />
    </IntlProvider>
  );
};

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    college: {
      description: "The college the app's pages (Pages/) show",
      toolbar: {
        title: 'College',
        icon: 'home',
        items: Object.values(colleges).map((college) => ({
          value: college.id,
          title: college.names.college,
        })),
        dynamicTitle: true,
      },
    },
    language: {
      description: 'The language every widget speaks (catalogues of design-system/src/locales)',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: Object.keys(catalogues).map((value) => ({
          value,
          title: LANGUAGE_TITLES[value] ?? value,
        })),
        dynamicTitle: true,
      },
    },
    theme: {
      description: 'The tenant theme every story renders in',
      toolbar: {
        title: 'Theme',
        icon: 'paintbrush',
        items: [
          { value: 'default', title: 'Default (Gallatin College)' },
          { value: 'example', title: 'Example college' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'default', language: 'en' },
  decorators: [
    withCollege,
    (Story, { globals }) => (
      <AppThemeProvider theme={themes[isThemeName(globals.theme) ? globals.theme : 'default']}>
        <Story />
      </AppThemeProvider>
    ),
    // Last, so outermost: the theme decorator's AppThemeProvider reads the language.
    withLanguage,
  ],
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'requiredFirst' },
    // Any axe violation fails the story's test (Vitest) and shows red in the a11y panel.
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile: {
          name: 'Mobile (375)',
          styles: { width: '375px', height: '812px' },
          type: 'mobile',
        },
        tablet: {
          name: 'Tablet (800)',
          styles: { width: '800px', height: '1024px' },
          type: 'tablet',
        },
        desktop: {
          name: 'Desktop (1280)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
  },
};

export default preview;
