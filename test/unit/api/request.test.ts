import { describe, expect, it } from 'vitest';
import { buildRequest, isUnderBase, normalizeBase } from '@/lib/api/request.ts';
import type { OperationId, ParamsOf } from '@/lib/api/catalog.ts';

const bases = { dataBaseUrl: 'https://api.example.com/dev/', integrationBaseUrl: 'https://int.example.com/v1' };
const D = 'https://api.example.com/dev/v3/data/nebula';

// One row per operation: params in, exact URL and method out.
const cases: { [K in OperationId]: [ParamsOf<K>, string, 'GET' | 'POST'] } = {
  holderChange: [{ project_id: 'nebula', startTime: 1700000000, endTime: '1702592000', chainId: '1', tokenId: 'NEB' },
    `${D}/holders/holder-change?startTime=1700000000&endTime=1702592000&chainId=1&tokenId=NEB`, 'GET'],
  dailyClaimedRewards: [{ project_id: 'nebula', startTime: 1700000000, endTime: 1702592000 },
    `${D}/holders/daily-claimed-rewards?startTime=1700000000&endTime=1702592000`, 'GET'],
  eventTransferDistribution: [{ project_id: 'nebula', chainId: '' }, `${D}/holders/event-transfer-distribution`, 'GET'],
  prominentBalance: [{ project_id: 'nebula', type: 'wallet' }, `${D}/holders/prominent-balance?type=wallet`, 'GET'],
  tokenBalanceDistribution: [{ project_id: 'nebula', fwBalance: 5, fwDays: '60', whaleBalance: '250000' },
    `${D}/holders/token-balance-distribution?fwBalance=5&fwDays=60&whaleBalance=250000`, 'GET'],
  dailyUsers: [{ project_id: 'nebula', dapp: 'lending', contract: '0x' + 'ab'.repeat(20) },
    `${D}/dapp-users/daily-users?dapp=lending&contract=0x${'ab'.repeat(20)}`, 'GET'],
  dailyActions: [{ project_id: 'nebula', limit: 3 }, `${D}/dapp-users/daily-actions?limit=3`, 'GET'],
  distributionByDapps: [{ project_id: 'nebula', chainId: '56' }, `${D}/dapp-users/distribution-by-dapps?chainId=56`, 'GET'],
  distributionByContracts: [{ project_id: 'nebula', dapp: 'swap' }, `${D}/dapp-users/distribution-by-contracts?dapp=swap`, 'GET'],
  distributionByActions: [{ project_id: 'nebula' }, `${D}/dapp-users/distribution-by-actions`, 'GET'],
  useCompetitors: [{ project_id: 'nebula', startTime: 0 }, `${D}/dapp-users/use-competitors?startTime=0`, 'GET'],
  usePartners: [{ project_id: 'nebula', endTime: 1702592000 }, `${D}/dapp-users/use-partners?endTime=1702592000`, 'GET'],
  retention: [{ project_id: 'nebula', timeRange: 7, unitTimeRange: 'day', timeGap: 'week', eventName: 'nebula,tidal' },
    `${D}/cdp-users/retention?timeRange=7&unitTimeRange=day&timeGap=week&eventName=nebula%2Ctidal`, 'GET'],
  userInbounce: [{ project_id: 'nebula', startTime: '1700000000' }, `${D}/cdp-users/user-inbounce?startTime=1700000000`, 'GET'],
  distributionByCountries: [{ project_id: 'nebula', dapp: 'swap' }, `${D}/cdp-users/distribution-by-countries?dapp=swap`, 'GET'],
  trafficShare: [{ project_id: 'nebula', limit: 5 }, `${D}/socials/traffic-share?limit=5`, 'GET'],
  createUrl: [{ web2Id: 'user 1', condition: 650, scoreId: 'credit-v1' },
    'https://int.example.com/v1/platform-services/createUrl?web2Id=user+1&condition=650&scoreId=credit-v1', 'GET'],
  getProofData: [{ sessionId: 'a1b2' }, 'https://int.example.com/v1/platform/services/getProofData?sessionId=a1b2', 'GET'],
  verifyProof: [{ proof: { proof: {}, publicSignals: ['700'] } }, 'https://int.example.com/v1/bank/user/verify', 'POST'],
  calculateCustomScore: [{ entity_address: '0x' + 'Cd'.repeat(20), scoreId: 'credit-v1' },
    `https://int.example.com/v1/platform-services/calculateCustomScore/0x${'Cd'.repeat(20)}?scoreId=credit-v1`, 'GET'],
};

describe('buildRequest', () => {
  for (const [id, [params, url, method]] of Object.entries(cases)) {
    it(`builds ${id}`, () => {
      const req = buildRequest(id as OperationId, params as never, bases);
      expect(req.url).toBe(url);
      expect(req.method).toBe(method);
    });
  }

  it('sends body parameters of verify as JSON', () => {
    const req = buildRequest('verifyProof', { proof: { publicSignals: ['700'] } }, bases);
    expect(JSON.parse(req.body!)).toEqual({ proof: { publicSignals: ['700'] } });
  });

  it('encodes path parameters', () => {
    const req = buildRequest('holderChange', { project_id: 'a b/c?d' }, bases);
    expect(req.url).toBe('https://api.example.com/dev/v3/data/a%20b%2Fc%3Fd/holders/holder-change');
  });

  it('tolerates bases with and without a stage prefix or trailing slash', () => {
    for (const dataBaseUrl of ['https://x.io', 'https://x.io/', 'https://x.io/stag', 'https://x.io/stag//']) {
      const { url } = buildRequest('distributionByDapps', { project_id: 'p' }, { ...bases, dataBaseUrl });
      expect(url).toBe(`${dataBaseUrl.replace(/\/+$/, '')}/v3/data/p/dapp-users/distribution-by-dapps`);
    }
  });

  it.each([
    ['createUrl', { condition: 1, scoreId: 's' }, 'web2Id', /Missing required parameter "web2Id"/],
    ['createUrl', { web2Id: 'u', condition: Infinity, scoreId: 's' }, 'condition', /finite/],
    ['createUrl', { web2Id: 'u', condition: 'abc', scoreId: 's' }, 'condition', /number/],
    ['dailyClaimedRewards', { project_id: 'p', startTime: 2 ** 31 }, 'startTime', /32-bit/],
    ['dailyClaimedRewards', { project_id: 'p', endTime: 1.5 }, 'endTime', /whole number/],
    ['trafficShare', { project_id: 'p', limit: -1 }, 'limit', /negative/],
    ['prominentBalance', { project_id: 'p', type: 'whale' }, 'type', /one of contract, wallet, foundation/],
    ['retention', { project_id: 'p', unitTimeRange: 'year' }, 'unitTimeRange', /one of day, week, month/],
    ['holderChange', { project_id: 'p', startTime: 'yesterday' }, 'startTime', /whole number of seconds/],
    ['tokenBalanceDistribution', { project_id: 'p', whaleBalance: '1M' }, 'whaleBalance', /non-negative number/],
    ['calculateCustomScore', { entity_address: '0x123', scoreId: 's' }, 'entity_address', /40 hex/],
    ['verifyProof', { proof: 'text' }, 'proof', /object/],
    ['holderChange', { project_id: 'p', colour: 'red' }, 'colour', /no parameter "colour"/],
  ] as const)('rejects bad input to %s naming %s', (id, params, param, message) => {
    expect(() => buildRequest(id as OperationId, params as never, bases)).toThrowError(message);
    try {
      buildRequest(id as OperationId, params as never, bases);
    } catch (e) {
      expect((e as { param: string }).param).toBe(param);
    }
  });

  it('refuses to put the key on plain http off this computer, and allows it on loopback', () => {
    expect(() => buildRequest('usePartners', { project_id: 'p' }, { ...bases, dataBaseUrl: 'http://api.example.com/dev' })).toThrow(
      'Refusing to send the API key over plain http to api.example.com: use https.',
    );
    expect(() => buildRequest('verifyProof', { proof: {} }, { ...bases, integrationBaseUrl: 'http://10.0.0.5:8787/v1' })).toThrow(/plain http/);
    expect(buildRequest('usePartners', { project_id: 'p' }, { ...bases, dataBaseUrl: 'http://127.0.0.1:8787/dev' }).url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/dev\//);
  });

  it('refuses bases that are not http(s) URLs', () => {
    expect(() => buildRequest('usePartners', { project_id: 'p' }, { ...bases, dataBaseUrl: 'ftp://x' })).toThrow(/http/);
    expect(() => buildRequest('usePartners', { project_id: 'p' }, { ...bases, dataBaseUrl: 'not a url' })).toThrow(/valid URL/);
  });
});

describe('isUnderBase', () => {
  it('accepts URLs below the base path only', () => {
    expect(isUnderBase('https://x.io/dev/v3/data', 'https://x.io/dev/')).toBe(true);
    expect(isUnderBase('https://x.io/devil/v3', 'https://x.io/dev')).toBe(false);
    expect(isUnderBase('https://evil.io/dev/v3', 'https://x.io/dev')).toBe(false);
    expect(isUnderBase('http://x.io/dev/v3', 'https://x.io/dev')).toBe(false);
  });
  it('normalizes bases', () => {
    expect(normalizeBase(' https://x.io/v1/ ')).toBe('https://x.io/v1');
  });
});
