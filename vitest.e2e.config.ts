import { defineConfig } from 'vitest/config';

// Real-browser tests: one Chromium per file, files run one at a time (2-core CI).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
