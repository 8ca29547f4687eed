import { defineConfig } from 'vitest/config';
import { longestFirstSequencer } from './test/setup/longest-first.ts';
import { WxtVitest } from 'wxt/testing';

// Unit tests only: browser e2e specs live in test/e2e and run under their own config.
const INCLUDE = ['test/unit/**/*.test.{ts,tsx}', 'test/sandbox/**/*.test.ts'];
// Nested node_modules too: the sandbox workspace (test/sandbox) gets one when its packages cannot be hoisted.
const EXCLUDE = ['test/e2e/**', '**/node_modules/**'];
const ISOLATED = 'test/unit/**/*.isolated.test.{ts,tsx}';

export default defineConfig({
  plugins: [WxtVitest()],
  // The build id the extension's builds define (wxt.config.ts, lib/build/id.ts): one fixed id for the unit tests.
  define: { __VANTAGE_BUILD__: JSON.stringify('unit-test-build') },
  test: {
    // Beside the usual output, each file's time for the slowest-files list npm test ends with.
    reporters: ['default', ['./test/setup/slowest-files-reporter.ts', { suite: 'unit' }]],
    // The longest files start first, so that the run does not end waiting on one started last.
    sequence: { sequencer: longestFirstSequencer('unit') },
    // Both cores (vitest's default leaves one idle).
    maxWorkers: 2,
    // Ceilings, not timing goals: on a loaded 2-core machine a right test can need several times its quiet time
    // (a module transformed on first import, a starved worker). A wait ends as soon as its check passes, so a quick
    // machine is not slowed; what a test waits for says so with `eventually` (test/unit/eventually.ts) or expect.poll.
    testTimeout: 15_000,
    expect: { poll: { timeout: 10_000 } },
    // fakeBrowser has no i18n: serve the English messages as an English browser would.
    setupFiles: ['test/unit/setup-i18n.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: INCLUDE,
          exclude: [...EXCLUDE, ISOLATED],
          // A worker's files share one module graph: importing it afresh for each of ~150 files cost more CPU than
          // their tests. Test files reset the state they set (fakeBrowser, the UI language: setup-i18n.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          // A file that mocks a module (vi.mock) needs a module graph of its own: in a shared one, a module another
          // file loaded first keeps the real import (the mock never applies), and the mocked one stays for the files
          // after it. Such files are named *.isolated.test.ts(x); eslint.config.js keeps vi.mock out of the others.
          include: [ISOLATED],
          exclude: EXCLUDE,
          isolate: true,
        },
      },
    ],
  },
});
