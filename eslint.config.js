import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// vi.waitFor gives up after 1 s unless told otherwise: too soon on a loaded machine (test/unit/eventually.ts).
const WAIT_FOR = {
  selector: "CallExpression > MemberExpression.callee[object.name='vi'][property.name='waitFor']",
  message: 'Wait with eventually() from test/unit/eventually.ts: vi.waitFor gives up after 1 s, too soon on a loaded machine.',
};
// Unit files share a module graph per worker (vitest.config.ts): a module mock there is unreliable both ways.
const MOCK = {
  selector: "CallExpression > MemberExpression.callee[object.name='vi'][property.name=/^(mock|doMock)$/]",
  message: 'A module mock needs a file of its own: name it *.isolated.test.ts(x), which vitest.config.ts runs isolated.',
};

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
    files: ['test/unit/**', 'test/sandbox/**'],
    ignores: ['test/unit/eventually.ts'],
    rules: {
      'no-restricted-syntax': ['error', WAIT_FOR, MOCK],
    },
  },
  {
    // vitest.config.ts runs these files each in a module graph of its own, where a module mock is safe.
    files: ['test/unit/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', WAIT_FOR],
    },
  },
  {
    // Scripts, benches and the sandbox CLI print by design; product code logs nothing (key hygiene).
    files: ['test/**'],
    rules: { 'no-console': 'off' },
  },
);
