import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['.output*/**', '.wxt/**', 'node_modules/**', 'test/sandbox/zk/artifacts/**', 'test-results/**', '**/*.min.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Scripts, benches and the sandbox CLI print by design; product code logs nothing (key hygiene).
    files: ['test/**'],
    rules: { 'no-console': 'off' },
  },
);
