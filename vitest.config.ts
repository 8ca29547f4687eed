import { defineConfig } from 'vitest/config';
import { longestFirstSequencer } from './test/setup/longest-first.ts';
import { WxtVitest } from 'wxt/testing';

// Unit tests only: browser e2e specs live in test/e2e and run under their own config.
export default defineConfig({
  plugins: [WxtVitest()],
  // The build id the extension's builds define (wxt.config.ts, lib/build/id.ts): one fixed id for the unit tests.
  define: { __VANTAGE_BUILD__: JSON.stringify('unit-test-build') },
  test: {
    // Beside the usual output, each file's time for the slowest-files list npm test ends with.
    reporters: ['default', ['./test/setup/slowest-files-reporter.ts', { suite: 'unit' }]],
    // The longest files start first, so that the run does not end waiting on one started last.
    sequence: { sequencer: longestFirstSequencer('unit') },
    // Both cores (vitest's default leaves one idle), and a worker's files share one module graph: importing it
    // afresh for each of ~150 files cost more CPU than their tests. Test files reset the state they set
    // (fakeBrowser, the UI language: setup-i18n.ts).
    maxWorkers: 2,
    isolate: false,
    // fakeBrowser has no i18n: serve the English messages as an English browser would.
    setupFiles: ['test/unit/setup-i18n.ts'],
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/sandbox/**/*.test.ts'],
    // Nested node_modules too: the sandbox workspace (test/sandbox) gets one when its packages cannot be hoisted.
    exclude: ['test/e2e/**', '**/node_modules/**'],
  },
});
