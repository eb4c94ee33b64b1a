// One ESLint config for the whole repo: typescript-eslint strict, type-checked.
import { builtinModules } from 'node:module';

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/storybook-static/**',
      'data/**',
      '**/*.tsbuildinfo',
      '**/__screenshots__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'stories/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', prefer: 'type-imports' },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify's plugin and handler contracts are async functions; many need no await.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@admit/*/src', '@admit/*/src/*'],
              message: 'Import a package through its index (package.json exports), never its src/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // form-model is pure: it runs in the browser and on the server alike.
    files: ['form-model/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'form-model is pure: no Node built-ins (it also runs in the browser).',
            })),
          ],
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@mui/*', '@emotion/*'],
              message: 'form-model is pure: no React or UI libraries.',
            },
            {
              group: ['@admit/*'],
              message: 'form-model sits at the bottom of the house: it imports no other package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['tenant-config/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'tenant-config is data: no Node built-ins (it is bundled into the browser).',
          })),
          patterns: [
            {
              group: [
                'react',
                'react-*',
                '@mui/*',
                '@admit/design-system',
                '@admit/form-app',
                '@admit/server',
              ],
              message: 'tenant-config may import form-model only.',
            },
            {
              group: ['@admit/*/src', '@admit/*/src/*'],
              message: 'Import a package through its index.',
            },
          ],
        },
      ],
    },
  },
  {
    // Widgets know nothing of admissions (STYLE: logic apart from looks).
    files: ['design-system/src/**/*.{ts,tsx}'],
    ignores: ['design-system/src/**/*.stories.tsx', 'design-system/src/**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-final-form', 'final-form', 'final-form-*', '@admit/*'],
              message:
                'design-system widgets are controlled components: no Final Form, form-model or tenant-config.',
            },
          ],
        },
      ],
    },
  },
  {
    // Stories and tests are fixtures: they may feed widgets form-model's rules (e.g. validateFile),
    // never Final Form or a tenant.
    files: ['design-system/src/**/*.stories.tsx', 'design-system/src/**/*.test.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react-final-form',
                'final-form',
                'final-form-*',
                '@admit/tenant-config',
                '@admit/*/src',
                '@admit/*/src/*',
              ],
              message:
                'Stories feed widgets plain props; only form-model rules may be used as fixtures.',
            },
          ],
        },
      ],
    },
  },
  {
    // Storybook (stories/): the widgets' stories live in design-system; here are its config and
    // the app's pages, rendered through form-app's index against a mocked API (MSW). A page
    // story drives the real app: no Final Form of its own, no server, no package's src/.
    files: ['stories/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-final-form', 'final-form', 'final-form-*', '@admit/server'],
              message:
                "Stories render design-system widgets, or form-app's pages against a mocked API: no Final Form, never the server.",
            },
            {
              group: ['@admit/*/src', '@admit/*/src/*'],
              message: "Import a package through its index (form-app's pages: `@admit/form-app`).",
            },
          ],
        },
      ],
    },
  },
  {
    // The app builds only from design-system widgets: no MUI, no Emotion directly.
    files: ['form-app/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mui/*', '@emotion/*'],
              message: 'form-app builds from @admit/design-system widgets and primitives.',
            },
            {
              group: ['@admit/*/src', '@admit/*/src/*'],
              message: 'Import a package through its index.',
            },
            { group: ['@admit/server'], message: 'The browser app never imports the server.' },
          ],
        },
      ],
    },
  },
);
