import { randomUUID } from 'node:crypto';
import { atCapacity } from './http.ts';

/** A session lives this long after createUrl, whatever its phase; then it is gone (404). */
export const SESSION_TTL_MS = 15 * 60_000;
/** Live sessions kept at most: createUrl can be called by anyone holding the (public) dev key. */
export const DEFAULT_MAX_SESSIONS = 1000;

/** What the app asked for when it created the session. */
export interface SessionRequest {
  readonly web2Id: string;
  readonly condition: number;
  readonly scoreId: string;
  /** Scopes the nullifier to the calling app (a hash of its API key). */
  readonly appScope: string;
}

/**
 * Where a session stands. Only `finished` is visible to the app as FINISHED;
 * everything else reads as PROCESSING (the service's two states, docs/service.md).
 */
export type SessionPhase =
  | { readonly kind: 'awaiting-wallet' }
  | { readonly kind: 'proving'; readonly score: number }
  | { readonly kind: 'below-condition'; readonly score: number }
  | { readonly kind: 'finished'; readonly score: number; readonly proof: string }
  | { readonly kind: 'failed'; readonly score: number; readonly error: string };

export interface ProofSession {
  readonly id: string;
  readonly request: SessionRequest;
  readonly createdAt: number;
  readonly expiresAt: number;
  phase: SessionPhase;
}

/**
 * In-memory proof sessions with a fixed lifetime, at most `maxSessions` live
 * at once (expired ones are pruned first). `clock` is milliseconds.
 */
export class SessionStore {
  private readonly sessions = new Map<string, ProofSession>();

  constructor(
    private readonly clock: () => number = Date.now,
    readonly ttlMs: number = SESSION_TTL_MS,
    readonly maxSessions: number = DEFAULT_MAX_SESSIONS,
  ) {}

  /** A new session; throws a 503 (Retry-After: until the oldest expires) when the store is full. */
  create(request: SessionRequest): ProofSession {
    this.sweep();
    if (this.sessions.size >= this.maxSessions) {
      let nextExpiry = Infinity;
      for (const s of this.sessions.values()) nextExpiry = Math.min(nextExpiry, s.expiresAt);
      throw atCapacity(
        `The sandbox already holds ${this.maxSessions} live proof sessions, its limit; try again once one expires.`,
        nextExpiry - this.clock(),
      );
    }
    const createdAt = this.clock();
    const session: ProofSession = {
      id: randomUUID(), request, createdAt, expiresAt: createdAt + this.ttlMs, phase: { kind: 'awaiting-wallet' },
    };
    this.sessions.set(session.id, session);
    return session;
  }

  /** The live session, or undefined when unknown or expired. */
  get(id: string): ProofSession | undefined {
    const session = this.sessions.get(id);
    if (session && this.clock() >= session.expiresAt) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  /** True while the session is the one stored (not expired or replaced): late proofs check this. */
  isLive(session: ProofSession): boolean {
    return this.get(session.id) === session;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [id, s] of this.sessions) if (now >= s.expiresAt) this.sessions.delete(id);
  }
}
