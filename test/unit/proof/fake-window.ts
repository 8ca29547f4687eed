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
