/**
 * What a dApp checks besides "the proof verifies": that it answers *its*
 * request (condition, model, user) and was attested by the service's key
 * (test/sandbox/integration/README.md, "Verifying offline"). Browser-safe:
 * WebCrypto only, so the example page and Node tests share it.
 */

export interface AskedProof {
  readonly scoreId: string;
  readonly condition: number;
  readonly web2Id: string;
}

export interface AttestationKey {
  readonly Ax: string;
  readonly Ay: string;
}

export interface RequestChecks {
  /** Seven canonical decimal signals. */
  readonly wellFormed: boolean;
  readonly condition: boolean;
  readonly scoreId: boolean;
  readonly web2Id: boolean;
  /** Attested by the service's own key, not anyone else's. */
  readonly attested: boolean;
}

/** hashToField: the first 31 bytes of SHA-256(UTF-8 text), big-endian, in decimal. */
export async function hashToField(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const hex = Array.from(digest.subarray(0, 31), (b) => b.toString(16).padStart(2, '0')).join('');
  return BigInt(`0x${hex}`).toString();
}

export async function checkAnswersRequest(signals: readonly string[], asked: AskedProof, key: AttestationKey): Promise<RequestChecks> {
  const wellFormed = signals.length === 7 && signals.every((s) => typeof s === 'string' && /^(0|[1-9]\d*)$/.test(s));
  const [scoreIdHash, web2IdHash] = await Promise.all([hashToField(asked.scoreId), hashToField(asked.web2Id)]);
  return {
    wellFormed,
    condition: signals[1] === String(asked.condition),
    scoreId: signals[2] === scoreIdHash,
    web2Id: signals[3] === web2IdHash,
    attested: signals[4] === key.Ax && signals[5] === key.Ay,
  };
}
