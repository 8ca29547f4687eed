import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Real-browser tests: one Chromium per file, files run one at a time (2-core CI).
export default defineConfig({
  // WXT's `@/` alias (the repository root), as in the product and the unit tests.
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
