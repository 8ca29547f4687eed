/**
 * Countries and traffic share need a web-analytics integration set up for the
 * project (catalog: requiresWebAnalytics). A project without one gets a
 * refusal from the service; the UI says so plainly instead of showing an error.
 */
import { getOperation, type DataOperationId } from '@/lib/api/catalog.ts';
import type { ApiErrorInfo } from '@/lib/api/errors.ts';

const REFUSAL_KINDS = new Set(['client-error', 'not-found', 'refused']);
const ABOUT_ANALYTICS = /analytic|integration|tracking|not (set ?up|enabled|configured)/i;

export function missingWebAnalytics(op: DataOperationId, error: ApiErrorInfo): boolean {
  const spec = getOperation(op) as { requiresWebAnalytics?: boolean };
  // Only the service's own words tell: an unreadable answer says nothing about analytics.
  return spec.requiresWebAnalytics === true && REFUSAL_KINDS.has(error.kind) && ABOUT_ANALYTICS.test(error.detail ?? '');
}
