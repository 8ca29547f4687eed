import { beforeEach } from 'vitest';
import type { BrowserDriver } from './types.ts';

/**
 * When a test fails, prints what the extension logged (errors, warnings,
 * uncaught exceptions) in that browser, so a red run says why. Call once per
 * describe, with a getter because the driver is launched in beforeAll.
 */
export function printExtensionErrorsOnFailure(driver: () => BrowserDriver | undefined): void {
  beforeEach(({ onTestFailed }) => {
    const seenBefore = driver()?.extensionErrors().length ?? 0;
    onTestFailed(() => {
      const d = driver();
      if (!d) return;
      const lines = d.extensionErrors().slice(seenBefore);
      console.error(
        lines.length
          ? `Extension errors in ${d.name} during this test:\n  ${lines.join('\n  ')}`
          : `The extension logged no errors in ${d.name} during this test.`,
      );
    });
  });
}
