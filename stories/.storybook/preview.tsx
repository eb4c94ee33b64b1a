import { AppThemeProvider, createAppTheme, defaultTokens } from '@admit/design-system';
import { tenants } from '@admit/tenant-config/bundled';
import { type Decorator, type Preview } from '@storybook/react-vite';

import { colleges, DEFAULT_COLLEGE, loadedCollege } from './college.ts';

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

/**
 * The page stories' college (issue 25): the app reads it once, as it starts (college.ts), so a
 * change in the toolbar reloads the preview with the college in its address.
 */
const withCollege: Decorator = (Story, { globals }) => {
  const chosen = typeof globals.college === 'string' ? globals.college : DEFAULT_COLLEGE;
  if (chosen !== loadedCollege && Object.hasOwn(colleges, chosen)) {
    const address = new URL(window.location.href);
    const others = (address.searchParams.get('globals') ?? '')
      .split(';')
      .filter((pair) => pair !== '' && !pair.startsWith('college:'));
    address.searchParams.set('globals', [...others, `college:${chosen}`].join(';'));
    window.location.replace(address);
    return <p>Loading {colleges[chosen]?.names.college}…</p>;
  }
  return <Story />;
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
  initialGlobals: { theme: 'default', college: loadedCollege },
  decorators: [
    withCollege,
    (Story, { globals }) => (
      <AppThemeProvider theme={themes[isThemeName(globals.theme) ? globals.theme : 'default']}>
        <Story />
      </AppThemeProvider>
    ),
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
