import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import type { AttestationPublicKey } from '../zk/attestation.ts';
import { zkPaths } from '../zk/paths.ts';
import { PUBLIC_SIGNALS } from '../zk/signals.ts';
import { sendBytes, sendJson } from './http.ts';

/** Public, key-less URLs a dApp needs to verify proofs offline. */
export const ZK_PATHS = {
  verificationKey: '/zk/verification_key.json',
  attestationKey: '/zk/attestation_key.json',
} as const;

export async function sendVerificationKey(res: ServerResponse): Promise<void> {
  sendBytes(res, 200, await readFile(zkPaths.verificationKey), {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'public, max-age=300',
  });
}

/** The service's attestation key and where a proof carries it, so a dApp can compare. */
export function sendAttestationKey(res: ServerResponse, key: AttestationPublicKey): void {
  sendJson(res, 200, {
    scheme: 'EdDSA-Poseidon on Baby Jubjub (circomlib)',
    Ax: key[0].toString(),
    Ay: key[1].toString(),
    publicSignals: Object.fromEntries(PUBLIC_SIGNALS.map((name, i) => [name, i])),
  });
}
