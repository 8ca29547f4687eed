import { describe, expect, it } from 'vitest';
import { FLOW_LAYERS } from '@/lib/normalize/normalize.ts';
import { operationViews } from '@/lib/stats/operation-views.ts';
import { ref } from './fixtures.ts';

const node = (layer: number, title: string, users: number | null, ratio: number | null) => ({
  id: `${layer}:${title}`,
  layer,
  title,
  users,
  ratio,
});

describe('trafficShare', () => {
  it('names the four layers as the service’s client does', () => {
    expect(FLOW_LAYERS).toEqual(['User Source', 'Apps Websites', 'Connect Wallets', 'DApps']);
  });

  it('reads the real shape', () => {
    expect(operationViews.trafficShare.normalize(ref.trafficShare)).toEqual({
      layers: [
        { name: 'User Source', nodes: [node(0, 'twitter.com', 800, 0.41)] },
        { name: 'Apps Websites', nodes: [node(1, 'app.example.org', 1200, 1)] },
        { name: 'Connect Wallets', nodes: [] },
        { name: 'DApps', nodes: [] },
      ],
      links: [{ source: '0:twitter.com', target: '1:app.example.org', layer: 0, users: 800 }],
    });
  });

  it('damaged: strings, duplicate and untitled nodes, a fifth layer, flows to unknown nodes, zero or NaN-ish users', () => {
    const body = {
      layers: [
        [
          { title: 'twitter.com', users: '800', ratio: '0.41' },
          { title: 'google.com', users: 300 },
          { title: 'twitter.com', users: 1 },
          { users: 5 },
          null,
        ],
        [{ title: 'app.example.org', users: 1200, ratio: 1, extra: true }],
        [{ title: 'MetaMask', users: 900, ratio: 0.75 }],
        [{ title: 'Lending', users: 700, ratio: 0.6 }],
        [{ title: 'beyond', users: 1 }],
      ],
      flows: [
        [
          { startAction: 'twitter.com', endAction: 'app.example.org', users: '800' },
          { startAction: 'google.com', endAction: 'app.example.org', users: 0 },
          { startAction: 'unknown.com', endAction: 'app.example.org', users: 5 },
          { startAction: 'twitter.com', endAction: 'app.example.org', users: 1 },
          { startAction: 'app.example.org', endAction: 'MetaMask', users: 5 },
        ],
        [{ startAction: 'app.example.org', endAction: 'MetaMask', users: 600 }],
        [
          { startAction: 'MetaMask', endAction: 'Lending', users: 'many' },
          { startAction: 'MetaMask', endAction: 'Lending', users: 500 },
        ],
        [{ startAction: 'Lending', endAction: 'beyond', users: 1 }],
      ],
      total: 2000,
    };
    expect(operationViews.trafficShare.normalize(body)).toEqual({
      layers: [
        { name: 'User Source', nodes: [node(0, 'twitter.com', 800, 0.41), node(0, 'google.com', 300, null)] },
        { name: 'Apps Websites', nodes: [node(1, 'app.example.org', 1200, 1)] },
        { name: 'Connect Wallets', nodes: [node(2, 'MetaMask', 900, 0.75)] },
        { name: 'DApps', nodes: [node(3, 'Lending', 700, 0.6)] },
      ],
      links: [
        { source: '0:twitter.com', target: '1:app.example.org', layer: 0, users: 800 },
        { source: '1:app.example.org', target: '2:MetaMask', layer: 1, users: 600 },
        { source: '2:MetaMask', target: '3:Lending', layer: 2, users: 500 },
      ],
    });
  });

  it('damaged: flows not grouped by layer, missing layers, backwards flows', () => {
    const body = {
      layers: [[{ title: 'a', users: 1 }], [{ title: 'b' }], 'junk'],
      flows: [
        { startAction: 'a', endAction: 'b', users: 4 },
        { startAction: 'b', endAction: 'a', users: 4 },
        { startAction: 'a', endAction: 'b', users: 9 },
      ],
    };
    expect(operationViews.trafficShare.normalize(body)).toEqual({
      layers: [
        { name: 'User Source', nodes: [node(0, 'a', 1, null)] },
        { name: 'Apps Websites', nodes: [node(1, 'b', null, null)] },
        { name: 'Connect Wallets', nodes: [] },
        { name: 'DApps', nodes: [] },
      ],
      links: [{ source: '0:a', target: '1:b', layer: 0, users: 4 }],
    });
  });

  it('damaged: empty and wrongly typed bodies', () => {
    const empty = { layers: FLOW_LAYERS.map((name) => ({ name, nodes: [] })), links: [] };
    for (const body of [{ layers: [], flows: [] }, { layers: {}, flows: 'x' }, { layers: [[], []] }, {}, null, 'No data']) {
      expect(operationViews.trafficShare.normalize(body)).toEqual(empty);
    }
    // Flows with no nodes to join are dropped.
    expect(operationViews.trafficShare.normalize({ flows: [[{ startAction: 'a', endAction: 'b', users: 1 }]] })).toEqual(empty);
  });
});
