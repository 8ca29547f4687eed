import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { WorkerDeps, WorkerFeature } from '@/lib/background/feature.ts';
import { WORKER_FEATURES } from '@/entrypoints/background/features.ts';
import { composeWorker, startWorker } from '@/lib/background/start.ts';
import { CHANNEL } from '@/lib/messaging/protocol.ts';
import type { Route } from '@/lib/messaging/router.ts';

/** Making a feature touches none of its deps: only the route tables are looked at here. */
const deps = { name: 'Vantage', version: '1.2.3', build: 'c0c0c0c0c0c0c0c0' } as unknown as WorkerDeps;

/** Every `lib/<feature>/worker.ts`, and the features it exports. */
const workerFiles = import.meta.glob<Record<string, unknown>>('/lib/*/worker.ts', { eager: true });
const isFeature = (v: unknown): v is WorkerFeature =>
  typeof v === 'object' && v !== null && typeof (v as WorkerFeature).name === 'string' && typeof (v as WorkerFeature).init === 'function';

describe('the worker’s feature list', () => {
  it('holds the feature of every lib/<feature>/worker.ts, named for its folder, once', () => {
    const exported = Object.entries(workerFiles).flatMap(([path, mod]) =>
      Object.values(mod).filter(isFeature).map((feature) => ({ folder: path.split('/').at(-2), feature })));
    expect(exported.length).toBeGreaterThan(0);
    for (const { folder, feature } of exported) {
      expect(feature.name, folder).toBe(folder);
      expect(WORKER_FEATURES, folder).toContain(feature);
    }
    expect(Object.keys(workerFiles)).toHaveLength(WORKER_FEATURES.length);
    expect(new Set(WORKER_FEATURES.map((f) => f.name)).size).toBe(WORKER_FEATURES.length);
  });

  it('routes every message name to one feature only', () => {
    const perFeature = WORKER_FEATURES.map((f) => Object.keys(f.init(deps).routes ?? {}));
    const all = perFeature.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(composeWorker(WORKER_FEATURES, deps).routes).sort()).toEqual([...all].sort());
  });

  it('refuses two features claiming one message', () => {
    const ping: Route<'ping'> = { allow: ['extension-page'], handle: async () => ({ name: 'x', version: '0' }) };
    const twin = (name: string): WorkerFeature => ({ name, init: () => ({ routes: { ping } }) });
    expect(() => composeWorker([twin('a'), twin('b')], deps)).toThrow(/"ping" is routed twice \(feature b\)/);
  });

  it('keeps proofs last, so a flow resumes once every listener is registered', () => {
    expect(WORKER_FEATURES.at(-1)?.name).toBe('proof');
  });
});

describe('startWorker', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers every feature’s messages and registers their listeners in list order, synchronously', async () => {
    const order: string[] = [];
    const feature = (name: string): WorkerFeature => ({ name, init: () => ({ listen: () => void order.push(name) }) });
    const messaging = WORKER_FEATURES.find((f) => f.name === 'messaging')!;
    startWorker([messaging, feature('one'), feature('two')], deps);
    expect(order).toEqual(['one', 'two']);
    const page = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html'), origin: new URL(fakeBrowser.runtime.getURL('/')).origin };
    const [reply] = await fakeBrowser.runtime.onMessage.trigger({ channel: CHANNEL, type: 'ping', payload: {} }, page);
    expect(reply).toEqual({ ok: true, value: { name: 'Vantage', version: '1.2.3' }, build: 'c0c0c0c0c0c0c0c0' });
  });
});
