// One ESLint config for the whole repo: typescript-eslint strict, type-checked.
import { builtinModules } from 'node:module';

import js from '@eslint/js';
import formatjs from 'eslint-plugin-formatjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Every package is imported through its index (package.json exports), never its src/. */
const SOURCE_IMPORT = {
  group: ['@admit/*/src', '@admit/*/src/*'],
  message: 'Import a package through its index (package.json exports), never its src/.',
};
const FINAL_FORM = ['react-final-form', 'final-form', 'final-form-*'];
const UI_LIBRARIES = ['react', 'react-*', 'react/*', '@mui/*', '@emotion/*'];
/** tenant-config's browser-side code runs in the browser: Node's built-ins are refused there. */
const TENANT_CONFIG_NO_NODE = nodeBuiltins.map((name) => ({
  name,
  message:
    'tenant-config is data: no Node built-ins outside src/node/ (the rest is bundled into the browser).',
}));
const TENANT_CONFIG_ONLY = {
  group: ['react', 'react-*', '@mui/*', '@admit/design-system', '@admit/form-app', '@admit/server'],
  message: 'tenant-config may import form-model only.',
};
/** The Node loader of colleges reads folders from disk: never in the browser. */
const NODE_LOADER = {
  group: ['@admit/tenant-config/node'],
  message:
    "The browser never imports tenant-config's Node loader; the bundled colleges as data are @admit/tenant-config/bundled.",
};
const DESIGN_SYSTEM_FIXTURES = [
  'design-system/src/**/*.stories.tsx',
  'design-system/src/**/*.test.{ts,tsx}',
];

/** What no file of form-app imports. */
const FORM_APP_PATTERNS = [
  {
    group: ['@mui/*', '@emotion/*'],
    message: 'form-app builds from @admit/design-system widgets and primitives.',
  },
  SOURCE_IMPORT,
  { group: ['@admit/server'], message: 'The browser app never imports the server.' },
  NODE_LOADER,
];
/**
 * form-app's layers, lowest first (form-app/README.md, "Layers"): a folder of src/ (or a file
 * at its top) imports only from its own layer and those below. Every folder is a layer of its
 * own, so no two folders can import each other either. The tests and testing/ (their harness)
 * stand above them all.
 */
const FORM_APP_LAYERS = [
  [
    'tenant.ts',
    'tenantModules.ts',
    'collegeOnPage.ts',
    'pageData.ts',
    'languageOnPage.ts',
    'languageInPrerender.ts',
    'messageAreas.ts',
    'pageIntl.ts',
    'modelMessages.ts',
    'icon.ts',
    'loadOnce.ts',
  ],
  ['api'],
  ['session'],
  ['engine'],
  ['renderer'],
  ['application'],
  ['layout'],
  ['pages'],
  ['routes'],
  ['prerender'],
  ['App.tsx', 'main.tsx', 'index.ts'],
];
/** Behind an index: the rest of the app imports these folders through their index.ts only. */
const FORM_APP_INDEXED = ['engine', 'renderer', 'prerender'];
/** A relative import of `name` (a folder or a file) at the top of form-app/src, from any depth. */
const topOfSrc = (name) =>
  name.includes('.')
    ? `^(\\./|(\\.\\./)+)${name.replaceAll('.', '\\.').replace(/\\\.tsx?$/, '')}\\.tsx?$`
    : `^(\\./|(\\.\\./)+)${name}/`;
/** The imports a file of layer `index` may not make: any layer above it, and past an index. */
function formAppAbove(index) {
  const above = FORM_APP_LAYERS.slice(index + 1).flat();
  const own = FORM_APP_LAYERS[index];
  return [
    ...above.map((name) => ({
      regex: topOfSrc(name),
      message: `form-app's layers: ${own.join(', ')} may not import ${name}, a layer above it (form-app/README.md, "Layers").`,
    })),
    { group: ['**/testing/*'], message: 'testing/ is for the tests only.' },
    ...FORM_APP_INDEXED.filter((name) => !own.includes(name)).map((name) => ({
      regex: `^(\\./|(\\.\\./)+)${name}/(?!index\\.ts$)`,
      message: `Import ${name}/ through its index.ts (form-app/README.md, "Layers").`,
    })),
  ];
}

/**
 * The props a person reads or hears, besides an element's children: FormatJS's own
 * (`aria-label`, `aria-description`…, `placeholder` and `title` of HTML elements, `alt` of
 * `img`) and the design-system's text props (`label`, `hint`, `legend`, `closeLabel`…) on any
 * element. A literal in one of them is English that no catalogue holds.
 */
const TEXT_PROP_NAMES = [
  'label',
  'title',
  'hint',
  'helperText',
  'placeholder',
  'alt',
  'legend',
  'description',
  'heading',
  'subheading',
  'caption',
  'message',
  'text',
  'question',
  'tooltip',
];
const TEXT_PROP_SUFFIXES = ['Label', 'Title', 'Message', 'Text'];
const TEXT_PROP = new RegExp(
  `^(${TEXT_PROP_NAMES.join('|')}|[a-z]\\w*(${TEXT_PROP_SUFFIXES.join('|')}))$`,
);
const TEXT_PROPS = [
  ['*', `{${[...TEXT_PROP_NAMES, ...TEXT_PROP_SUFFIXES.map((suffix) => `*${suffix}`)].join(',')}}`],
];
const literalText = formatjs.rules['no-literal-string-in-jsx'];
const LETTER = /\p{L}/u;
/** A catalogue id (`ds.banner.submitted.title`): handed as data, it names a text, it is none. */
const MESSAGE_ID = /^(ds|app|model|server)\.[A-Za-z][\w-]*(\.[\w-]+)+$/;
/** What a literal node says once evaluated (`'\u2009*'` says " *", which has no letter). */
function said(node, sourceCode) {
  if (node.type === 'Literal' || node.type === 'JSXText') return String(node.value);
  if (node.type === 'TemplateLiteral')
    return node.quasis.map((quasi) => quasi.value.cooked).join('');
  return sourceCode.getText(node);
}
/**
 * FormatJS's `no-literal-string-in-jsx` (its options are this rule's), with two differences:
 * - a literal without a letter (`{' '}`, "·", " *"), or a catalogue id, is not a text to
 *   translate: not reported;
 * - a text prop given in an object (`{ label: 'Remove' }`, `{ title: 'Saved' }`, the props a
 *   widget is handed as data) is reported as in JSX.
 */
const noLiteralText = {
  meta: { ...literalText.meta, docs: { ...literalText.meta.docs, url: undefined } },
  create(context) {
    const { sourceCode } = context;
    const report = (descriptor) => {
      const node =
        descriptor.node.type === 'JSXAttribute' ? descriptor.node.value : descriptor.node;
      const text = said(node, sourceCode);
      if (LETTER.test(text) && !MESSAGE_ID.test(text)) context.report(descriptor);
    };
    return {
      ...literalText.create(Object.create(context, { report: { value: report } })),
      Property(node) {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.value;
        const isText =
          (node.value.type === 'Literal' && typeof node.value.value === 'string') ||
          node.value.type === 'TemplateLiteral';
        if (!node.computed && typeof key === 'string' && TEXT_PROP.test(key) && isText)
          report({ node: node.value, messageId: 'noLiteralStringInJsx' });
      },
    };
  },
};
/**
 * What a person reads comes from a catalogue (each package's src/locales/<language>/): components
 * of design-system and form-app hold no literal text in JSX, neither as children nor in a text
 * prop. Their tests and stories are fixtures and may.
 */
const NO_LITERAL_TEXT = {
  files: [
    'design-system/src/**/*.{ts,tsx}',
    'form-app/src/**/*.{ts,tsx}',
    'office-app/src/**/*.{ts,tsx}',
  ],
  ignores: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'form-app/src/testing/**'],
  plugins: { admit: { rules: { 'no-literal-text': noLiteralText } } },
  rules: {
    'admit/no-literal-text': ['error', { props: { include: TEXT_PROPS } }],
  },
};

/**
 * One layer of the house (ARCHITECTURE.md): the imports its files may not make (`paths`:
 * modules, `patterns`: globs) and, for React code, the rules of hooks.
 */
function layer(files, { paths, patterns, ignores, react = false }) {
  return {
    files,
    ...(ignores === undefined ? {} : { ignores }),
    ...(react ? { plugins: { 'react-hooks': reactHooks } } : {}),
    rules: {
      ...(react ? reactHooks.configs.recommended.rules : {}),
      'no-restricted-imports': ['error', { ...(paths === undefined ? {} : { paths }), patterns }],
    },
  };
}

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
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'stories/*.mjs', 'bench/*/*.mjs'],
          // The plain scripts (scripts/, bench/start/bare.mjs, stories/chromatic.mjs, this file)
          // have no tsconfig of their own; typescript-eslint's default of 8 counts them all, and
          // they are eleven.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
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
          patterns: [SOURCE_IMPORT],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
  },
  layer(['form-model/src/**/*.ts'], {
    // form-model is pure: it runs in the browser and on the server alike.
    paths: nodeBuiltins.map((name) => ({
      name,
      message: 'form-model is pure: no Node built-ins (it also runs in the browser).',
    })),
    patterns: [
      { group: UI_LIBRARIES, message: 'form-model is pure: no React or UI libraries.' },
      {
        group: ['@admit/*'],
        message: 'form-model sits at the bottom of the house: it imports no other package.',
      },
    ],
  }),
  // tenant-config's entries but `node` run in the browser too: no Node built-ins, and not the
  // Node loader (src/node/, `@admit/tenant-config/node`), which reads folders from disk.
  layer(['tenant-config/src/**/*.ts'], {
    ignores: ['tenant-config/src/node/**', 'tenant-config/src/**/*.test.ts'],
    paths: TENANT_CONFIG_NO_NODE,
    patterns: [
      TENANT_CONFIG_ONLY,
      {
        group: ['./node/*', '../node/*', '@admit/tenant-config/node'],
        message: "tenant-config's browser-side code never imports the Node loader (src/node/).",
      },
      SOURCE_IMPORT,
    ],
  }),
  // Its tests run in Node and may use the Node loader; node:fs only in src/node/'s own.
  layer(['tenant-config/src/**/*.test.ts'], {
    ignores: ['tenant-config/src/node/**'],
    paths: TENANT_CONFIG_NO_NODE,
    patterns: [TENANT_CONFIG_ONLY, SOURCE_IMPORT],
  }),
  // The Node loader: Node's built-ins, form-model, nothing of the app's.
  layer(['tenant-config/src/node/**/*.ts'], {
    patterns: [TENANT_CONFIG_ONLY, SOURCE_IMPORT],
  }),
  // Widgets know nothing of admissions (STYLE: logic apart from looks).
  layer(['design-system/src/**/*.{ts,tsx}'], {
    ignores: DESIGN_SYSTEM_FIXTURES,
    react: true,
    patterns: [
      {
        group: [...FINAL_FORM, '@admit/*'],
        message:
          'design-system widgets are controlled components: no Final Form, form-model or tenant-config.',
      },
    ],
  }),
  // Stories and tests are fixtures: they may feed widgets form-model's rules (e.g. validateFile),
  // never Final Form or a tenant.
  layer(DESIGN_SYSTEM_FIXTURES, {
    react: true,
    patterns: [
      {
        group: [...FINAL_FORM, '@admit/tenant-config', ...SOURCE_IMPORT.group],
        message: 'Stories feed widgets plain props; only form-model rules may be used as fixtures.',
      },
    ],
  }),
  // Storybook (stories/): the widgets' stories live in design-system; here are its config and
  // the app's pages, rendered through form-app's index against a mocked API (MSW). A page
  // story drives the real app: no Final Form of its own, no server, no package's src/.
  layer(['stories/**/*.{ts,tsx}'], {
    react: true,
    patterns: [
      {
        group: [...FINAL_FORM, '@admit/server'],
        message:
          "Stories render design-system widgets, or form-app's pages against a mocked API: no Final Form, never the server.",
      },
      {
        ...SOURCE_IMPORT,
        message: "Import a package through its index (form-app's pages: `@admit/form-app`).",
      },
      NODE_LOADER,
    ],
  }),
  // The app builds only from design-system widgets: no MUI, no Emotion directly.
  layer(['form-app/src/**/*.{ts,tsx}'], { react: true, patterns: FORM_APP_PATTERNS }),
  // The office's app builds from design-system widgets too, and never imports the applicant's.
  layer(['office-app/src/**/*.{ts,tsx}'], {
    react: true,
    patterns: [
      ...FORM_APP_PATTERNS,
      {
        group: ['@admit/form-app'],
        message: "The office's bundle holds none of the applicant's app.",
      },
    ],
  }),
  // form-app's layers (form-app/README.md, "Layers"): no file imports a layer above its own.
  ...FORM_APP_LAYERS.map((folders, index) =>
    layer(
      folders.map((folder) =>
        folder.includes('.') ? `form-app/src/${folder}` : `form-app/src/${folder}/**/*.{ts,tsx}`,
      ),
      {
        ignores: ['form-app/src/**/*.test.{ts,tsx}'],
        react: true,
        patterns: [...FORM_APP_PATTERNS, ...formAppAbove(index)],
      },
    ),
  ),
  NO_LITERAL_TEXT,
);
