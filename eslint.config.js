// Lint rules. The import boundaries here are the architecture: shared/ is pure rules used by both
// sides, so it may import neither client/ nor server/; the browser bundle must never pull in server code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const forbid = (message, ...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message })) }],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
      // Scratch folders (git-ignored or dot-folders) are not part of the product.
      'tmp/**',
      '.*/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Plain-JavaScript tools (start, dev, e2e server) run in Node before anything is compiled.
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['shared/**/*.ts'],
    rules: forbid('shared/ holds pure rules: it must not import client or server code.', [
      '**/client/**',
      '**/server/**',
    ]),
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      ...forbid('The browser bundle must never import server code.', ['**/server/**']),
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: forbid('Server code must not import the React client.', ['**/client/**']),
  },
);
