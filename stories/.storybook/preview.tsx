import { AppThemeProvider, createAppTheme, defaultTokens } from '@admit/design-system';
import { tenants } from '@admit/tenant-config/bundled';
import { type Preview } from '@storybook/react-vite';

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

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
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
