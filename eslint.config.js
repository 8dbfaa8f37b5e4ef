// ESLint (flat config): rules that find faults, not style; formatting is left alone.
// `npm run lint`, run by .ci/run before the tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import declared from './scripts/eslint/declared.js';

export default tseslint.config(
  { ignores: ['src/generated/**', 'dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Off until the database is typed (Kysely<any> and row records are being replaced by generated types).
      '@typescript-eslint/no-explicit-any': 'off',
      // A leading underscore marks a name kept on purpose: an unused screen prop, a field left out of a rest copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/client/**/*.tsx', 'src/client/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Warned, not failed: what it finds today are `x ?? []` dependencies re-made each render, in screens being reworked.
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // In the server an unhandled rejection ends the process or loses an error: promises are awaited or handed on.
    files: ['src/server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Roles, statuses and form messages are the declarations': hand-written code names them (scripts/eslint/declared.js).
    files: ['src/server/modules/**/*.{ts,tsx}', 'src/client/pages/**/*.{ts,tsx}'],
    plugins: { declared },
    rules: {
      'declared/no-literal-codes': 'error',
      'declared/no-literal-rule-message': 'error',
    },
  },
);
