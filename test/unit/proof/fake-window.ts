import { CHANNEL_EVENT } from '@/lib/proof/page-channel.ts';

/**
 * A window stand-in for Node: an EventTarget with postMessage semantics
 * (structured clone, asynchronous delivery, targetOrigin check, `source` and
 * `origin` on the event). Node's MessageEvent only takes MessagePorts as source.
 */
export class FakeWindow extends EventTarget {
  readonly location: { readonly origin: string };
  /** Every postMessage call, with the target origin it named. */
  readonly posted: { readonly data: unknown; readonly targetOrigin: string }[] = [];

  constructor(origin = 'https://dapp.example') {
    super();
    this.location = { origin };
  }

  postMessage(data: unknown, targetOrigin: string): void {
    this.posted.push({ data, targetOrigin });
    if (targetOrigin !== '*' && targetOrigin !== this.location.origin) return;
    const clone = structuredClone(data);
    setTimeout(() => this.dispatchEvent(messageEvent(clone, this.location.origin, this)), 0);
  }

  /** A message as if another frame (or origin) had posted it. */
  receiveForeign(data: unknown, origin: string, source: unknown): void {
    this.dispatchEvent(messageEvent(structuredClone(data), origin, source));
  }
}

export function messageEvent(data: unknown, origin: string, source: unknown): MessageEvent {
  const e = new Event('message');
  Object.defineProperties(e, { data: { value: data }, origin: { value: origin }, source: { value: source } });
  return e as MessageEvent;
}

/** One end of a fake MessageChannel: structured clone, delivery on a later task (fake timers drive it). */
export class FakePort {
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  other!: FakePort;
  closed = false;
  /** Everything posted from this end. */
  readonly sent: unknown[] = [];

  postMessage(data: unknown): void {
    if (this.closed) return;
    this.sent.push(data);
    const clone = structuredClone(data);
    const to = this.other;
    setTimeout(() => {
      if (!to.closed) to.onmessage?.({ data: clone });
    }, 0);
  }

  close(): void {
    this.closed = true;
  }
}

/** A fake channel: the relay's test seam for MessageChannel. */
export function fakeChannel(made: { page: FakePort; relay: FakePort }[] = []): () => { page: FakePort; relay: FakePort } {
  return () => {
    const page = new FakePort();
    const relay = new FakePort();
    page.other = relay;
    relay.other = page;
    made.push({ page, relay });
    return { page, relay };
  };
}

/** The relay's channel offer as a plain, cancelable event (Node's MessageEvent takes only its own ports). */
export function fakeChannelEvent(port: unknown): Event {
  const e = new Event(CHANNEL_EVENT, { cancelable: true });
  Object.defineProperty(e, 'ports', { value: [port] });
  return e;
}
