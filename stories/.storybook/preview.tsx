import { AppThemeProvider, createAppTheme, defaultTokens } from '@admit/design-system';
import { tenants } from '@admit/tenant-config/bundled';
import { type Decorator, type Preview } from '@storybook/react-vite';

import { colleges, DEFAULT_COLLEGE, loadedCollege, STORY_COLLEGE_PARAMETER } from './college.ts';

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
 * The page stories' college: a story file's own, else the toolbar's. The app reads it
 * once, as it starts (college.ts), so another college reloads the preview with it in the
 * address's globals.
 */
const withCollege: Decorator = (Story, { globals, parameters, title }) => {
  // Only the app's pages depend on the college; a widget story never reloads the preview.
  if (!title.startsWith('Pages/')) return <Story />;
  const toolbar = typeof globals.college === 'string' ? globals.college : DEFAULT_COLLEGE;
  const chosen = parameters.college ?? toolbar;
  if (chosen !== loadedCollege() && Object.hasOwn(colleges, chosen)) {
    // A story's own college rides in a parameter of its own, leaving the toolbar's choice as it
    // is for the other stories; the toolbar's goes in the address's globals.
    const address = new URL(window.location.href);
    if (parameters.college === undefined) {
      address.searchParams.delete(STORY_COLLEGE_PARAMETER);
      const others = (address.searchParams.get('globals') ?? '')
        .split(';')
        .filter((pair) => pair !== '' && !pair.startsWith('college:'));
      address.searchParams.set('globals', [...others, `college:${chosen}`].join(';'));
    } else address.searchParams.set(STORY_COLLEGE_PARAMETER, chosen);
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
  initialGlobals: { theme: 'default' },
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
