import { afterAll, beforeAll } from 'vitest';
import { printExtensionErrorsOnFailure } from '@/test/e2e/driver/report.ts';
import type { BrowserDriver, LaunchSpec } from '@/test/e2e/driver/types.ts';

/**
 * A user-level scenario written once against the browser-driver interface
 * and run by each browser's suite (one scenario list, two drivers).
 */
export interface Scenario<W> {
  readonly name: string;
  run(world: W): Promise<void>;
}

/** What a scenario runs in: a launched browser, plus whatever services the scenarios need. */
export interface World<D extends BrowserDriver = BrowserDriver> {
  readonly driver: D;
  close(): Promise<void>;
}

/** Launches a browser of a kind; `launchFirefox` is one. */
export type Launch<D extends BrowserDriver> = (spec: LaunchSpec) => Promise<D>;

/**
 * Starts a world before the describe's tests and closes it after; a failing
 * test prints the extension's errors. Returns the world's getter.
 */
export function useWorld<W extends World>(start: () => Promise<W>): () => W {
  let world: W | undefined;
  beforeAll(async () => {
    world = await start();
  });
  afterAll(async () => {
    await world?.close();
  });
  printExtensionErrorsOnFailure(() => world?.driver);
  return () => {
    if (!world) throw new Error('The world did not start (see beforeAll)');
    return world;
  };
}
