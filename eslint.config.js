// ESLint: correctness rules only; formatting belongs to Prettier (npm run format).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      'src/shared/generated/',
      'storybook-static/',
      'tests/e2e/gaussian-fixture/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Dialogs and inline editors focus their first field on purpose (spec: type right away); the
      // focus moves inside a user-opened surface, never on page load.
      'jsx-a11y/no-autofocus': 'off',
      // Videos are editor-supplied content without caption files; the schema has no place for tracks.
      'jsx-a11y/media-has-caption': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
