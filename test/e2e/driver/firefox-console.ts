import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Bidi } from './firefox-bidi.ts';

/**
 * The extension's errors and warnings, for failure reports. Two sources,
 * because Firefox's BiDi ignores extension contexts:
 * - uncaught errors and script warnings whose source is the extension: a
 *   console listener in the parent process, sent over a BiDi channel (exact);
 * - console.error/console.warn calls: Firefox prints every content process's
 *   console to stdout (pref devtools.console.stdout.content) without saying
 *   which page spoke, so only lines naming Vantage or the extension's origin
 *   are kept (the product prefixes its own messages "Vantage:").
 */

export const CONSOLE_PREFS = { 'devtools.console.stdout.content': true } as const;

const LISTENER = `(send, origin) => {
  Services.console.registerListener({
    observe(msg) {
      if (!(msg instanceof Ci.nsIScriptError) || !String(msg.sourceName).startsWith(origin)) return;
      const kind = msg.flags & Ci.nsIScriptError.warningFlag ? 'warning' : 'error';
      send(kind + ' ' + msg.sourceName + ':' + msg.lineNumber + ' ' + msg.errorMessage);
    },
  });
}`;

export interface ErrorLog {
  readonly lines: readonly string[];
}

export async function collectExtensionErrors(bidi: Bidi, origin: string, output: readonly (Readable | null)[]): Promise<ErrorLog> {
  const lines: string[] = [];
  const channel = 'vantage-e2e-extension-errors';
  bidi.onMessage(channel, (line) => lines.push(line));
  await bidi.inChromeWithChannel(LISTENER, channel, [origin]);
  const ours = new RegExp(`^console\\.(error|warn): .*(Vantage|${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`);
  for (const stream of output) {
    if (!stream) continue;
    createInterface({ input: stream }).on('line', (line) => {
      if (ours.test(line)) lines.push(line);
    });
  }
  return { lines };
}
