/**
 * @vantage/sdk, the browser entry: find the Vantage extension and ask its user for a
 * zero-knowledge proof of their score. No dependencies; the types are the page API's own
 * (lib/proof/contract.ts, docs/page-api.md).
 */
export { detectVantage, DEFAULT_DETECT_TIMEOUT_MS, type DetectOptions } from './detect.ts';
export { requestScoreProof, NOT_INSTALLED_MESSAGE, type ScoreProofOptions } from './request.ts';
export { VantageError, isVantageError } from './errors.ts';
export {
  ProofErrorCode,
  PAGE_METHODS,
  PAGE_CANCELLED_MESSAGE,
  type CancelRequestParams,
  type ProgressPhase,
  type ProofProgress,
  type ProofRequestParams,
  type ProviderInfo,
  type RequestArguments,
  type RequestOptions,
  type ScoreProofResult,
  type VantageProvider,
} from '@/lib/proof/contract.ts';
