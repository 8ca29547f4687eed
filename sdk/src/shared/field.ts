/** BN254's scalar field: every public signal lies below it (the order of G1). */
export const SNARK_FIELD = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
/** BN254's base field: proof point coordinates lie below it. */
export const BASE_FIELD = 21888242871839275222246405745257275088696311157297823662689037894645226208583n;

/**
 * How the service commits a text (a scoreId, a web2Id) in a proof: the first 31 bytes of the SHA-256 of
 * its UTF-8 bytes, read big-endian, as a decimal string (below the BN254 scalar field without bias).
 * The digest is the caller's: node:crypto on the server, WebCrypto in the mock's page.
 */
export function fieldOfSha256(digest: Uint8Array): string {
  let hex = '';
  for (const byte of digest.subarray(0, 31)) hex += byte.toString(16).padStart(2, '0');
  return BigInt(`0x${hex}`).toString();
}
