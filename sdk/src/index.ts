/**
 * @vantage/sdk, the browser entry: find the Vantage extension and ask its user for a
 * zero-knowledge proof of their score. No dependencies; the types are the page API's own
 * (lib/proof/contract.ts, docs/page-api.md). Its declarations also type `window.vantage` and the
 * `vantage:` events (`Window`, `WindowEventMap`: dist/global.d.ts, written by sdk/build.ts).
 */
export { detectVantage, DEFAULT_DETECT_TIMEOUT_MS, type DetectOptions } from './detect.ts';
export { requestScoreProof, type ScoreProofOptions } from './request.ts';
export { VantageError, isVantageError, NOT_INSTALLED_MESSAGE, type UnavailableReason } from './errors.ts';
export type { ProofAsk } from './ask.ts';
export { newTab, TAB_BLOCKED_MESSAGE, type ProofPageShow, type ProofPageView, type WithoutExtension } from './without-extension.ts';
export {
  ANNOUNCE_EVENT,
  REQUEST_EVENT,
  PROOF_EVENT,
  PROGRESS_EVENT,
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
