/**
 * Score models offered as suggestions in Options. The service may know
 * others: any id is accepted. These are the sandbox's models (kept here by
 * hand, since the extension never imports sandbox code).
 */
export interface KnownScoreModel {
  readonly id: string;
  readonly name: string;
}

export const KNOWN_SCORE_MODELS: readonly KnownScoreModel[] = Object.freeze([
  { id: 'credit-v1', name: 'Vantage Credit v1 (credit score, 300–850)' },
  { id: 'credit-lite', name: 'Vantage Credit Lite (credit score, 300–850)' },
  { id: 'activity', name: 'On-chain Activity' },
]);
