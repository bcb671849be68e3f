import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.run/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Website: TanStack Router's loaders signal a missing page by throwing notFound().
    files: ['frontend/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'NotFoundError' }] },
      ],
    },
  },
  {
    // The tools service's two processes share only jobs/ (and the plain modules both use): the
    // worker never reaches into the API side, nor the API into the worker.
    files: [
      'services/tools/src/worker/**/*.ts',
      'services/tools/src/**/*.handler.ts',
      'services/tools/src/**/*.processor.ts',
      'services/tools/src/models/**/*.ts',
      'services/tools/src/website/**/*.ts',
      'services/tools/src/worker-main.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/queue/*', '**/progress/*', '**/api/*', '**/admin/*', '**/rate-limit/*', '**/health/*', '**/*.controller.js', '**/http-app.js'],
              message: 'The worker side imports from jobs/ and its own modules, never from the API side.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'services/tools/src/api/**/*.ts',
      'services/tools/src/queue/**/*.ts',
      'services/tools/src/progress/**/*.ts',
      'services/tools/src/admin/**/*.ts',
      'services/tools/src/rate-limit/**/*.ts',
      'services/tools/src/health/**/*.ts',
      'services/tools/src/**/*.controller.ts',
      'services/tools/src/tracking/tracking.service.ts',
      'services/tools/src/http-app.ts',
      'services/tools/src/main.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/*', '**/*.handler.js', '**/worker-main.js'],
              message: 'The API side imports from jobs/ and its own modules, never from the worker side.',
            },
          ],
        },
      ],
    },
  },
  {
    // A tool's definition is read by both processes: it names neither side's modules.
    files: ['services/tools/src/**/*.tool.ts', 'services/tools/src/tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/worker/*', '**/*.handler.js', '**/worker-main.js', '**/models/*', '**/queue/*', '**/progress/*', '**/api/*', '**/admin/*', '**/rate-limit/*', '**/health/*', '**/*.controller.js', '**/http-app.js'],
              message: 'A tool definition is shared by the API and the worker: it imports neither side (the handler is registered in worker/tool-job-handlers.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**/*.ts', '**/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);
