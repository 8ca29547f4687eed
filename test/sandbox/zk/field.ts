import { createHash } from 'node:crypto';

/** The BN254 scalar field: every circuit signal is an element below this. */
export const SNARK_FIELD = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/**
 * Maps a string (a scoreId, a web2Id) to a field element: the first 31 bytes
 * of its UTF-8 SHA-256, big-endian. 31 bytes keep it below the field without
 * a modular bias; a dApp recomputes it with any SHA-256.
 */
export function hashToField(text: string): bigint {
  const digest = createHash('sha256').update(text, 'utf8').digest('hex');
  return BigInt(`0x${digest.slice(0, 62)}`);
}

/** A wallet address as a field element (160 bits, always below the field). */
export function addressToField(address: string): bigint {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an address: ${address}`);
  return BigInt(address.toLowerCase());
}

/** True for a decimal string without sign, leading zeros or spaces that names a field element. */
export function isCanonicalFieldString(value: unknown): value is string {
  return typeof value === 'string' && /^(0|[1-9]\d{0,76})$/.test(value) && BigInt(value) < SNARK_FIELD;
}
