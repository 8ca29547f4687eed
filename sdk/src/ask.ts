import type { ProofRequestParams } from '@/lib/proof/contract.ts';

/**
 * What a dApp's server asks for, as it hands it to its page (`@vantage/sdk/server`'s ProofAsks.create):
 * the request's parameters and the id under which the server remembers them. The page passes it to
 * `requestScoreProof` as it is (the extension ignores `askId`) and sends `askId` back with the result,
 * so the server checks the proof against what IT asked, never against what the page says.
 */
export interface ProofAsk extends ProofRequestParams {
  readonly askId: string;
  readonly bindOrigin: boolean;
}
