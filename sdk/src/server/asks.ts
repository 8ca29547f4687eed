import { randomUUID } from 'node:crypto';
import type { ProofAsk } from '../ask.ts';

/** What a server asks for: the page API's request parameters (docs/page-api.md), decided by the server. */
export interface AskParams {
  readonly scoreId: string;
  readonly condition: number;
  /** Your user's id (from your own login, never from the page). */
  readonly web2Id: string;
  /** Ask for a proof bound to your origin (recommended). */
  readonly bindOrigin?: boolean;
}

export interface ProofAsksOptions {
  /** How long an ask is kept for its answer (default 15 minutes, the service's session life). */
  readonly ttlMs?: number;
  /** At most this many asks are kept; past it the oldest go first (default 10,000). */
  readonly maxAsks?: number;
  /** The clock (default Date.now). */
  readonly now?: () => number;
}

/**
 * What this server asked its pages for, by an unguessable id: `create` when a page is about to ask (hand
 * the ask to the page), `take` when the page sends the proof back (the ask is then used up: a second
 * answer to it finds nothing), `peek` to read it without using it (the no-extension path's session).
 * Kept in this process's memory: a server of several processes keeps asks in its own session store
 * instead (an ask is plain JSON).
 */
export class ProofAsks {
  readonly #asks = new Map<string, { readonly ask: ProofAsk; readonly expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor({ ttlMs = 15 * 60_000, maxAsks = 10_000, now = Date.now }: ProofAsksOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#max = maxAsks;
    this.#now = now;
  }

  /** Records an ask and returns it as the page passes it to `requestScoreProof`: `{ askId, scoreId, condition, web2Id, bindOrigin }`. */
  create({ scoreId, condition, web2Id, bindOrigin = false }: AskParams): ProofAsk {
    if (typeof scoreId !== 'string' || !scoreId || typeof web2Id !== 'string' || !web2Id || !Number.isSafeInteger(condition) || typeof bindOrigin !== 'boolean') {
      throw new TypeError('ProofAsks.create: scoreId and web2Id must be non-empty strings, condition a whole number, bindOrigin a boolean.');
    }
    this.#prune();
    while (this.#asks.size >= this.#max) this.#asks.delete(this.#asks.keys().next().value!);
    const ask: ProofAsk = Object.freeze({ askId: randomUUID(), scoreId, condition, web2Id, bindOrigin });
    this.#asks.set(ask.askId, { ask, expiresAt: this.#now() + this.#ttlMs });
    return ask;
  }

  /** The ask recorded under `askId` while it lives, or null (unknown, expired, used, not a string). */
  peek(askId: unknown): ProofAsk | null {
    if (typeof askId !== 'string') return null;
    const kept = this.#asks.get(askId);
    if (!kept) return null;
    if (kept.expiresAt <= this.#now()) {
      this.#asks.delete(askId);
      return null;
    }
    return kept.ask;
  }

  /** As `peek`, and the ask is used up. */
  take(askId: unknown): ProofAsk | null {
    const ask = this.peek(askId);
    if (ask) this.#asks.delete(ask.askId);
    return ask;
  }

  /** How many asks are kept. */
  get size(): number {
    return this.#asks.size;
  }

  #prune(): void {
    const now = this.#now();
    for (const [id, kept] of this.#asks) if (kept.expiresAt <= now) this.#asks.delete(id);
  }
}
