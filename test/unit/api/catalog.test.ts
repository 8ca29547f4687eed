import { describe, expect, it } from 'vitest';
import { catalog, dataOperations, getOperation, integrationOperations, isOperationId, type OperationId } from '@/lib/api/catalog.ts';

describe('endpoint catalog', () => {
  it('holds the 16 data endpoints and the 4 integration operations, each once', () => {
    expect(dataOperations).toHaveLength(16);
    expect(integrationOperations).toHaveLength(4);
    expect(new Set(catalog.map((o) => o.id)).size).toBe(20);
    expect(new Set(catalog.map((o) => `${o.method} ${o.path}`)).size).toBe(20);
  });

  it('knows no inherited names as operations (ids arrive in messages)', () => {
    for (const id of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(isOperationId(id)).toBe(false);
      expect(() => getOperation(id as OperationId)).toThrow(`Unknown operation "${id}"`);
    }
  });

  it('writes the integration paths exactly as the service spells them (docs/service.md)', () => {
    expect(getOperation('createUrl')).toMatchObject({ method: 'GET', path: '/platform-services/createUrl' });
    expect(getOperation('getProofData')).toMatchObject({ method: 'GET', path: '/platform/services/getProofData' });
    expect(getOperation('verifyProof')).toMatchObject({ method: 'POST', path: '/bank/user/verify' });
    expect(getOperation('calculateCustomScore')).toMatchObject({
      method: 'GET',
      path: '/platform-services/calculateCustomScore/{entity_address}',
    });
  });

  it('gives every data endpoint a project_id path parameter and only GET', () => {
    for (const op of dataOperations) {
      expect(op.method).toBe('GET');
      expect(op.path.startsWith('/v3/data/{project_id}/')).toBe(true);
      expect(op.params.find((p) => p.name === 'project_id')).toMatchObject({ in: 'path', required: true });
      expect(op.params.filter((p) => p.in !== 'path').every((p) => p.in === 'query')).toBe(true);
    }
  });

  it('records the documented defaults and allowed values', () => {
    const param = (id: Parameters<typeof getOperation>[0], name: string) =>
      getOperation(id).params.find((p) => p.name === name);
    expect(param('prominentBalance', 'type')).toMatchObject({ default: 'foundation', values: ['contract', 'wallet', 'foundation'] });
    expect(param('dailyActions', 'limit')).toMatchObject({ type: 'string', default: 10 });
    expect(param('trafficShare', 'limit')).toMatchObject({ type: 'int32', default: 10 });
    expect(param('tokenBalanceDistribution', 'fwBalance')).toMatchObject({ default: 10 });
    expect(param('tokenBalanceDistribution', 'fwDays')).toMatchObject({ default: 30 });
    expect(param('tokenBalanceDistribution', 'whaleBalance')).toMatchObject({ default: 1_000_000 });
    expect(param('dailyClaimedRewards', 'startTime')).toMatchObject({ type: 'int32' });
    expect(param('holderChange', 'startTime')).toMatchObject({ type: 'string', format: 'timestamp' });
    expect(param('createUrl', 'condition')).toMatchObject({ type: 'number', required: true });
    expect(param('verifyProof', 'proof')).toMatchObject({ type: 'object', in: 'body', required: true });
  });

  it('marks the endpoints that need a web-analytics integration', () => {
    const needing = catalog.filter((o) => 'requiresWebAnalytics' in o && o.requiresWebAnalytics).map((o) => o.id);
    expect(needing.sort()).toEqual(['distributionByCountries', 'trafficShare']);
  });
});
