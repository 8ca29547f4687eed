/**
 * Where a dApp server remembers the nullifiers it accepted (publicSignals[6]: the same for one wallet every
 * time it proves to the app, whatever user id it claims). A database table `nullifier → userId` in real life.
 */
export interface NullifierStore {
  /**
   * Records `nullifier → userId` when the nullifier is new, and returns null; when it is already
   * recorded, changes nothing and returns the user id it is recorded with. Must be atomic (an insert that
   * does nothing on conflict, then a read), or two requests could both claim one wallet.
   */
  claim(nullifier: string, userId: string): Promise<string | null> | string | null;
}

/** A NullifierStore in this process's memory: for tests and single-process demos (it forgets on restart). */
export class MemoryNullifierStore implements NullifierStore {
  readonly #owners = new Map<string, string>();

  claim(nullifier: string, userId: string): string | null {
    const owner = this.#owners.get(nullifier);
    if (owner !== undefined) return owner;
    this.#owners.set(nullifier, userId);
    return null;
  }

  /** How many nullifiers it holds. */
  get size(): number {
    return this.#owners.size;
  }
}
