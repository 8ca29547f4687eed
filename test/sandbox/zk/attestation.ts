import { createHash, createHmac } from 'node:crypto';
import { loadEddsa } from './babyjub.ts';
import { SNARK_FIELD } from './field.ts';

/** The sandbox's default secret: a fixed dev value, so the published key is stable. */
export const DEV_ATTESTATION_SECRET = 'vantage-sandbox-dev-attestation-secret';

/** The service's EdDSA (Baby Jubjub, Poseidon) public key, as the circuit's (Ax, Ay). */
export type AttestationPublicKey = readonly [bigint, bigint];

export interface AttestationSignature {
  readonly R8x: bigint;
  readonly R8y: bigint;
  readonly S: bigint;
}

/** The service's signing identity: everything that needs its secret. */
export interface Attester {
  readonly publicKey: AttestationPublicKey;
  sign(message: bigint): AttestationSignature;
  /**
   * The secret salt of a wallet within one app: it blinds the signed wallet
   * commitment and keys the nullifier, so it must be stable per (app, wallet)
   * and impossible to recompute without the service's secret.
   */
  saltFor(appScope: string, wallet: bigint): bigint;
}

export async function createAttester(secret: string = DEV_ATTESTATION_SECRET): Promise<Attester> {
  const eddsa = await loadEddsa();
  const { F } = eddsa;
  const privateKey = createHash('sha256').update(`vantage-attestation-key:${secret}`).digest();
  const [ax, ay] = eddsa.prv2pub(privateKey);
  const publicKey = [F.toObject(ax), F.toObject(ay)] as const;
  return {
    publicKey,
    sign(message) {
      if (message < 0n || message >= SNARK_FIELD) throw new Error('The attested message must be a field element.');
      const { R8, S } = eddsa.signPoseidon(privateKey, F.e(message));
      return { R8x: F.toObject(R8[0]), R8y: F.toObject(R8[1]), S };
    },
    saltFor(appScope, wallet) {
      const mac = createHmac('sha256', `vantage-salt:${secret}`).update(`${appScope}\n${wallet.toString(16)}`).digest('hex');
      return BigInt(`0x${mac.slice(0, 62)}`);
    },
  };
}
