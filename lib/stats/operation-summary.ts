import type { DataOperationId } from '@/lib/api/catalog.ts';
import { t, type MessageKey } from '@/lib/i18n/index.ts';

/**
 * What each data operation gives, in the user's language, written to sit
 * inside a sentence (the filters' "Applies to: …" tooltip). The catalog's own
 * `summary` stays English: the sandbox shares the catalog, and it cannot
 * reach i18n (test/unit/architecture/boundaries.test.ts). A new operation
 * is a compile error here until it has its words.
 */
const SUMMARY = {
  holderChange: 'stats.operation.holderChange',
  dailyClaimedRewards: 'stats.operation.dailyClaimedRewards',
  eventTransferDistribution: 'stats.operation.eventTransferDistribution',
  prominentBalance: 'stats.operation.prominentBalance',
  tokenBalanceDistribution: 'stats.operation.tokenBalanceDistribution',
  dailyUsers: 'stats.operation.dailyUsers',
  dailyActions: 'stats.operation.dailyActions',
  distributionByDapps: 'stats.operation.distributionByDapps',
  distributionByContracts: 'stats.operation.distributionByContracts',
  distributionByActions: 'stats.operation.distributionByActions',
  useCompetitors: 'stats.operation.useCompetitors',
  usePartners: 'stats.operation.usePartners',
  retention: 'stats.operation.retention',
  userInbounce: 'stats.operation.userInbounce',
  distributionByCountries: 'stats.operation.distributionByCountries',
  trafficShare: 'stats.operation.trafficShare',
} as const satisfies Record<DataOperationId, MessageKey>;

export function operationSummary(id: DataOperationId): string {
  return t(SUMMARY[id]);
}
