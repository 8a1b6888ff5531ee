import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const web = 'packages/web/src';
const features = readdirSync(`${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers. `app` wires the features into routes and layouts; a feature may use
 * `components`, `api`, `i18n`, `routes` and another feature through that feature's `index.ts`;
 * `components`, `api`, `i18n` and `routes` know no feature and not the app.
 */
const webBoundaries = [
  {
    target: [`${web}/components`, `${web}/api`, `${web}/i18n`, `${web}/routes`],
    from: [`${web}/features`, `${web}/app`],
    message: 'The shared layers (components, api, i18n, routes) know neither features nor the app.',
  },
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'A feature does not import the app; route paths and titles are in routes/.',
  },
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`, ...features.map((other) => `./${other}/index.ts`)],
    message: `Another feature is imported through its index.ts only.`,
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'react', '@pharmalytics/server'] },
      ],
    },
  },
);
