import type { Bidi } from './firefox-bidi.ts';

/**
 * The Firefox build's background is an event page (`persistent: false`),
 * which Firefox stops after `extensions.background.idle.timeout` without
 * events. These reach it from the parent process: its state, and the very
 * call the idle timer makes (Extension.terminateBackground), forced the way
 * Chromium's ServiceWorker.stopAllWorkers is (ignoring pending listener
 * promises). Afterwards only an event (a message, an alarm, a tab or window
 * closing: the listeners Firefox primes) starts it again, with a fresh scope.
 */

export type BackgroundState = 'stopped' | 'starting' | 'running' | 'suspending';

const STATE = `(id) => String(WebExtensionPolicy.getByID(id).extension.backgroundState)`;

const TERMINATE = `async (id) => {
  const extension = WebExtensionPolicy.getByID(id).extension;
  if (extension.persistentBackground) return 'persistent';
  if (extension.backgroundState !== 'stopped') {
    await extension.terminateBackground({ ignoreDevToolsAttached: true, disableResetIdleForTest: true });
  }
  return String(extension.backgroundState);
}`;

export interface BackgroundControl {
  state(): Promise<BackgroundState>;
  stop(): Promise<void>;
}

export function firefoxBackground(bidi: Bidi, addonId: string): BackgroundControl {
  return {
    state: async () => (await bidi.inChrome(STATE, addonId)) as BackgroundState,
    async stop() {
      const after = await bidi.inChrome(TERMINATE, addonId);
      if (after === 'persistent') {
        throw new Error('This Firefox build has a persistent background page, which Firefox never stops: build it with persistent: false.');
      }
      if (after !== 'stopped') throw new Error(`The background did not stop (state: ${String(after)}).`);
    },
  };
}
