/**
 * A content script's open line to the worker while its page waits for a
 * proof: a `runtime.connect` port, whose disconnect is the first news of the
 * extension being reloaded, updated or disabled (Chromium tells an orphaned
 * content script nothing else, and unlike the page's pings in
 * lib/proof/page-api.ts a disconnect is not slowed down in a hidden tab).
 * A worker that merely stopped while idle disconnects it too; the two are
 * told apart by whether this content script's extension context is still
 * alive. After an idle stop the line is opened again only when the worker
 * next speaks to this page (it is awake then anyway): reopening at once
 * would wake a worker that had nothing to do.
 */

/** The port's name; the worker accepts it and says nothing on it (lib/proof/worker.ts). */
export const EXTENSION_LINE = 'vantage:relay-line';

/** The part of a runtime.Port this needs. */
export interface LinePort {
  readonly onDisconnect: { addListener(fn: () => void): void };
  disconnect(): void;
}

export interface ExtensionLineDeps {
  /** runtime.connect; throws once the extension context is gone. */
  readonly connect: () => LinePort;
  /** Whether this content script's extension is still there. */
  readonly alive: () => boolean;
  /** The extension went away. */
  readonly onGone: () => void;
}

export interface ExtensionLine {
  /** Open the line while `on` (something is pending), close it otherwise. */
  want(on: boolean): void;
  /** The worker spoke to this page: open the line again if an idle stop closed it. */
  heard(): void;
}

export function extensionLine({ connect, alive, onGone }: ExtensionLineDeps): ExtensionLine {
  let wanted = false;
  let port: LinePort | null = null;

  const open = () => {
    if (!wanted || port) return;
    let p: LinePort;
    try {
      if (!alive()) throw new Error('Extension context invalidated.');
      p = connect();
    } catch {
      onGone();
      return;
    }
    port = p;
    p.onDisconnect.addListener(() => {
      if (port !== p) return;
      port = null;
      // Gone for good, or only a worker that stopped while idle (then nothing is lost: the page's pings go on).
      if (!alive()) onGone();
    });
  };

  return {
    want(on) {
      wanted = on;
      if (on) open();
      else if (port) {
        const p = port;
        port = null;
        p.disconnect();
      }
    },
    heard: open,
  };
}
