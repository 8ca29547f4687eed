import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output*/**', '.wxt/**', 'node_modules/**', 'test/sandbox/zk/artifacts/**', 'test-results/**', 'sdk/dist/**', '**/*.min.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // A locale argument makes toLocale…String build a new Intl formatter at every call (~0.4–1 ms each,
    // 20 chart dates cost a popup open 8–25 ms); lib/format keeps one formatter per locale and options.
    files: ['lib/**', 'components/**', 'entrypoints/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[arguments.length>0] > MemberExpression.callee > Identifier.property[name=/^toLocale(Date|Time)?String$/]",
        message: 'Format through lib/format (cached Intl formatters): toLocale…String(locale, …) builds a formatter at every call.',
      }],
    },
  },
  {
    // Scripts, benches and the sandbox CLI print by design; product code logs nothing (key hygiene).
    files: ['test/**'],
    rules: { 'no-console': 'off' },
  },
);
