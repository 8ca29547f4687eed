import { describe, expect, it } from 'vitest';
import { closeLegacyProofPages, isTemplateProofPage, isVersionBefore } from '@/lib/proof/legacy-pages.ts';

const TEMPLATE = 'https://prove.example.com/zk/{sessionId}?from=vantage';

describe('proof pages a release before 0.2.0 left open at an update', () => {
  it('compares manifest versions numerically', () => {
    expect(isVersionBefore('0.1.0', '0.2.0')).toBe(true);
    expect(isVersionBefore('0.1.12', '0.2.0')).toBe(true);
    expect(isVersionBefore('0.2.0', '0.2.0')).toBe(false);
    expect(isVersionBefore('0.10.0', '0.2.0')).toBe(false);
    expect(isVersionBefore('1.0', '0.2.0')).toBe(false);
  });

  it('knows a proof page by the template with a session id in it, and nothing else on the host', () => {
    expect(isTemplateProofPage('https://prove.example.com/zk/0bc22d94-38b8-4fcc-82c6-a123c1415a08?from=vantage', TEMPLATE)).toBe(true);
    expect(isTemplateProofPage('https://prove.example.com/zk/?from=vantage', TEMPLATE)).toBe(false);
    expect(isTemplateProofPage('https://prove.example.com/zk/a/b?from=vantage', TEMPLATE)).toBe(false);
    expect(isTemplateProofPage('https://prove.example.com/zk/..%2Fadmin?from=vantage', TEMPLATE)).toBe(false);
    expect(isTemplateProofPage('https://prove.example.com/dashboard', TEMPLATE)).toBe(false);
    expect(isTemplateProofPage('https://evil.example/zk/abc?from=vantage', TEMPLATE)).toBe(false);
    expect(isTemplateProofPage('https://prove.example.com/zk/abc', 'https://prove.example.com/zk/fixed')).toBe(false);
  });

  it('closes them only after an update from a release that kept no record, and only tabs whose address it sees', async () => {
    const tabs = [
      { id: 1, url: 'https://prove.example.com/zk/s-1?from=vantage' },
      { id: 2, url: 'https://prove.example.com/account' },
      { id: 3 }, // a dApp: no host access, no URL
      { id: 4, url: 'https://prove.example.com/zk/s-2?from=vantage' },
    ];
    const run = async (previous: string | undefined) => {
      const closed: number[] = [];
      const n = await closeLegacyProofPages(previous, {
        tabs: async () => tabs,
        closeTab: async (id) => void closed.push(id),
        proofPageTemplate: async () => TEMPLATE,
      });
      return { n, closed };
    };
    expect(await run('0.1.0')).toEqual({ n: 2, closed: [1, 4] });
    expect(await run('0.2.0')).toEqual({ n: 0, closed: [] });
    expect(await run(undefined)).toEqual({ n: 0, closed: [] });
  });
});
