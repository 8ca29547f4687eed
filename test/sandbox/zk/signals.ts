/**
 * The public-signal layout of the score circuit (score.circom). The service only
 * promises the score at position 0 (docs/service.md); the rest is this sandbox's circuit.
 */
export const PUBLIC_SIGNALS = [
  'score',
  'condition',
  'scoreIdHash',
  'web2IdHash',
  'attesterAx',
  'attesterAy',
  'nullifier',
] as const;

export type PublicSignalName = (typeof PUBLIC_SIGNALS)[number];
export type PublicSignalValues = Readonly<Record<PublicSignalName, bigint>>;

/** Names the decimal public signals of a score proof (which must be complete and canonical). */
export function readPublicSignals(publicSignals: readonly string[]): PublicSignalValues {
  if (publicSignals.length !== PUBLIC_SIGNALS.length) {
    throw new Error(`A score proof has ${PUBLIC_SIGNALS.length} public signals, not ${publicSignals.length}.`);
  }
  const entries = PUBLIC_SIGNALS.map((name, i) => [name, BigInt(publicSignals[i] as string)] as const);
  return Object.fromEntries(entries) as PublicSignalValues;
}

/** Orders named values as the circuit's public signals, as decimal strings. */
export function toPublicSignals(values: PublicSignalValues): string[] {
  return PUBLIC_SIGNALS.map((name) => values[name].toString());
}
