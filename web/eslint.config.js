import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const deepRelative = {
  group: ['../../*'],
  message: 'Import through the @/ alias instead of deep relative paths.',
};

/** Restricts imports so that code flows shared -> features -> app only. */
function importBoundaries() {
  const features = readdirSync(new URL('./src/features', import.meta.url), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  // src/testing may reach the app layer: it renders the real route tree in tests.
  const sharedFolders = ['api', 'components', 'config', 'hooks', 'lib', 'stores', 'types', 'utils'];

  return [
    {
      files: sharedFolders.map((folder) => `src/${folder}/**/*.{ts,tsx}`),
      ignores: ['**/*.test.{ts,tsx}'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              deepRelative,
              {
                group: ['@/features/*', '@/app/*', '@/app'],
                message: 'Shared code must not depend on features or the app layer.',
              },
            ],
          },
        ],
      },
    },
    ...features.map((feature) => ({
      files: [`src/features/${feature}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              deepRelative,
              {
                group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
                message: 'Features must not import from other features; compose them in src/app.',
              },
              { group: ['@/app/*', '@/app'], message: 'Features must not depend on the app layer.' },
            ],
          },
        ],
      },
    })),
  ];
}

/**
 * Texts people read go through i18next (src/lib/i18n.ts): text written in JSX,
 * and strings given to the props that show or announce text, are flagged.
 * Strings the props' types fix (variant="secondary") are not.
 */
const translatedTexts = {
  files: ['src/**/*.tsx'],
  ignores: [
    '**/*.test.tsx',
    'src/testing/**',
  ],
  plugins: { i18next },
  rules: {
    'i18next/no-literal-string': [
      'error',
      {
        mode: 'jsx-only',
        'should-validate-template': true,
        'jsx-attributes': {
          include: [
            'label',
            'title',
            'subtitle',
            'description',
            'hint',
            'placeholder',
            'alt',
            'aria-label',
            'aria-description',
            'submitLabel',
            'loadingLabel',
            'empty',
            'removeLabel',
            'confirmation',
            'fallback',
            'noun',
          ],
        },
        // Symbols and figures that read the same in every language (×, ·, —, %, ✓).
        words: { exclude: [/^[\p{P}\p{S}\p{N}\s]+$/u] },
        // Class names built inside JSX are not texts (the rest is the plugin's list).
        callees: {
          exclude: ['cn', 'i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'getElementById'],
        },
      },
    ],
  },
};

export default tseslint.config(
  // Generated from the gateway's document (scripts/gen-api-types.sh).
  { ignores: ['dist', 'node_modules', 'e2e/artifacts', 'src/types/schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-imports': ['error', { patterns: [deepRelative] }],
    },
  },
  ...importBoundaries(),
  translatedTexts,
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: globals.node,
    },
  },
  {
    files: ['e2e/**/*.mjs'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
  },
);
