/**
 * The private line between `window.vantage` (the page's world) and the relay
 * (the content script's world): a MessagePort the relay hands over in a
 * synchronous DOM event. Window messages can be posted by any script in the
 * page; a port's messages only by whoever holds its other end. In Chromium
 * both scripts run at `document_start`, before any page script, so the
 * hand-over happens before a page script could listen for it and no page
 * script ever holds the relay's end. In Firefox the relay injects the page
 * script later (lib/platform/page-world.ts): docs/security.md says what a page
 * script that ran first can still do there. Imports nothing: the page-world
 * script includes it.
 */

/** Dispatched by the relay on `window`: a MessageEvent whose `ports[0]` is the page's end of a fresh channel. */
export const CHANNEL_EVENT = 'vantage:channel';
/** Dispatched by the page script on `window` to be offered a channel (again). */
export const CONNECT_EVENT = 'vantage:connect';

/** The part of a MessagePort both ends use (tests fake it). */
export interface PortLike {
  postMessage(message: unknown): void;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  close(): void;
}

export interface ChannelPair {
  /** Handed to the page script. */
  readonly page: PortLike;
  /** Kept by the relay. */
  readonly relay: PortLike;
}

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>;

export const realChannel = (): ChannelPair => {
  const { port1, port2 } = new MessageChannel();
  return { page: port1 as PortLike, relay: port2 as PortLike };
};

/** The event carrying the page's end; cancelable, so the relay learns whether the page script took it. */
export const realChannelEvent = (port: PortLike): Event =>
  new MessageEvent(CHANNEL_EVENT, { ports: [port as unknown as MessagePort], cancelable: true });

export interface OfferDeps {
  readonly win: Target;
  /** Called with the relay's end of every channel the page script took. */
  readonly accept: (port: PortLike) => void;
  readonly channel?: () => ChannelPair;
  readonly channelEvent?: (port: PortLike) => Event;
}

/**
 * Relay side: offers a channel now (the page script may already be listening)
 * and whenever the page script asks. Every offer is a fresh channel: a page
 * script that asks gets a line of its own, never the relay's end of another's.
 * Returns a function that stops offering.
 */
export function offerChannels({ win, accept, channel = realChannel, channelEvent = realChannelEvent }: OfferDeps): () => void {
  const offer = () => {
    const pair = channel();
    // dispatchEvent runs the listeners synchronously: false means one took the port (preventDefault).
    if (!win.dispatchEvent(channelEvent(pair.page))) accept(pair.relay);
    else {
      pair.page.close();
      pair.relay.close();
    }
  };
  win.addEventListener(CONNECT_EVENT, offer);
  offer();
  return () => win.removeEventListener(CONNECT_EVENT, offer);
}

/**
 * Page side: listens for channel offers (first in line, capture phase) and
 * passes each port to `take`, which says whether it keeps it; a kept offer
 * stops there, so no listener after it sees the port. Returns `ask`, which
 * asks for an offer; a relay that is there answers before `ask` returns.
 */
export function listenForChannel(win: Target, take: (port: PortLike) => boolean): () => void {
  win.addEventListener(
    CHANNEL_EVENT,
    (event) => {
      const port = (event as MessageEvent).ports?.[0] as PortLike | undefined;
      if (!port || !take(port)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    { capture: true },
  );
  return () => void win.dispatchEvent(new Event(CONNECT_EVENT));
}
