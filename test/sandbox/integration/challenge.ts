import { isAddress, isHex, recoverMessageAddress } from 'viem';
import type { ProofSession } from './sessions.ts';

/**
 * The text the user signs with personal_sign. It names the session (so a
 * signature cannot be replayed for another one) and says what is asked.
 */
export function challengeMessage(session: ProofSession, modelName: string): string {
  const { web2Id, condition, scoreId } = session.request;
  return [
    'Vantage score proof',
    `Session: ${session.id}`,
    `App user: ${web2Id}`,
    `Score model: ${modelName} (${scoreId})`,
    `Condition: score of at least ${condition}`,
    'Signing proves you control this wallet. It sends no transaction and costs nothing.',
  ].join('\n');
}

/** True when `signature` is a personal_sign of `message` by `address` (EIP-191, recovered with viem). */
export async function isSignedBy(message: string, address: string, signature: string): Promise<boolean> {
  if (!isAddress(address, { strict: false }) || !isHex(signature) || signature.length !== 132) return false;
  try {
    const signer = await recoverMessageAddress({ message, signature });
    return signer.toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
}
