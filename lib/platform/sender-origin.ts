/**
 * The origin of a runtime message's sender, as the browser reports it. Pure:
 * lib/messaging/sender.ts classifies senders with it.
 */

/** The parts of runtime.MessageSender that locate the sender. */
export interface SenderLocation {
  readonly origin?: string;
  readonly url?: string;
  readonly tab?: { readonly url?: string };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

// compat(firefox<126, chrome<80): these browsers send no sender.origin, so the frame's URL stands in, then
// the tab's. Firefox 126 and Chrome 80 always send it: drop the fallbacks (and their test in
// test/unit/messaging/router.test.ts) once the manifests require them. Firefox's already does
// (strict_min_version 140, lib/platform/firefox-manifest.ts); the Chromium manifest names no minimum yet.

/** The sending frame's origin. */
export function senderOrigin(sender: SenderLocation): string | undefined {
  return sender.origin ?? originOf(sender.url);
}

/** The sending frame's origin, else its tab's. */
export function senderPageOrigin(sender: SenderLocation): string | undefined {
  return senderOrigin(sender) ?? originOf(sender.tab?.url);
}
