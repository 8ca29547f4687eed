/**
 * Imports run one way (docs/architecture.md, "The map"): entrypoints wire
 * components and lib; components use lib; lib uses neither. Within the
 * extension no module reaches itself again through its imports, and no lib/
 * folder imports one that imports it back. A feature's worker side
 * (lib/<feature>/worker.ts) counts apart from its folder: it sits above the
 * worker contract (lib/background) that its folder's logic sits below, and
 * only the composition root (the background entrypoint, entrypoints/background/)
 * lists the features.
 * Type-only imports count too: they tie modules together just the same.
 */
import { describe, expect, it } from 'vitest';
import { importsOf, inside, resolveFile, sourceFiles } from './imports.ts';

type Graph = ReadonlyMap<string, readonly string[]>;

/** The groups of nodes that reach each other (Tarjan's strongly connected components of two or more, or a self-import). */
function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The background entrypoint: the worker's composition root (index.ts, and features.ts with the list). */
const COMPOSITION_ROOT = 'entrypoints/background';
const WORKER_SIDE = /^lib\/[^/]+\/worker\.ts$/;
/** The unit a lib/ file belongs to for the folder rule: its feature folder, or that folder's worker side. */
const unitOf = (file: string) => (WORKER_SIDE.test(file) ? file : file.split('/').slice(0, 2).join('/'));
const featureOf = (file: string) => file.split('/').slice(0, 2).join('/');

/** The folder graph: an edge for every import from one unit to another of a different feature folder. */
function folderGraph(files: Graph): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [from, tos] of files) {
    if (!inside(from, 'lib')) continue;
    const edges = out.get(unitOf(from)) ?? out.set(unitOf(from), new Set()).get(unitOf(from))!;
    for (const to of tos) if (inside(to, 'lib') && featureOf(to) !== featureOf(from)) edges.add(unitOf(to));
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}

/**
 * Folder imports that close a cycle, older than this test: debts to pay off (the test says when one is gone,
 * so its line goes too). Without them the folders form no cycle, so any new import that closes one fails.
 */
const KNOWN_BACK_IMPORTS: Readonly<Record<string, string>> = {
  'lib/api → lib/settings': 'the client factory reads the settings and the key, while settings check addresses with lib/api\'s URL rules and test a connection with its client',
  'lib/settings → lib/cache': 'the key vault also keeps the cache\'s scope secret (lib/cache/scope.ts)',
  'lib/settings → lib/proof': 'the site lists name origins by lib/proof/origins.ts\'s rules, while proofs read the site lists',
};

const PRODUCT = ['lib', 'components', 'entrypoints'];
const files = PRODUCT.flatMap(sourceFiles).filter((f) => !f.endsWith('.d.ts'));
const graph: Graph = new Map(files.map((f) => [f, importsOf(f).flatMap((s) => resolveFile(f, s) ?? [])]));

describe('imports run one way', () => {
  it('reads the whole extension', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(graph.get(`${COMPOSITION_ROOT}/features.ts`)).toContain('lib/proof/worker.ts');
  });

  it('no module imports itself back, directly or through others', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('lib/ imports no component or entrypoint, components import no entrypoint', () => {
    const upward = [...graph].flatMap(([from, tos]) => tos.filter((to) =>
      (inside(from, 'lib') && (inside(to, 'components') || inside(to, 'entrypoints'))) ||
      (inside(from, 'components') && inside(to, 'entrypoints'))).map((to) => `${from} → ${to}`));
    expect(upward).toEqual([]);
  });

  it('the worker contract (lib/background) knows no feature: only the composition root imports the features’ worker sides', () => {
    const importers = [...graph].flatMap(([from, tos]) => tos.filter((to) => WORKER_SIDE.test(to) && (inside(from, 'lib/background') || !inside(from, 'lib'))).map((to) => `${from} → ${to}`));
    expect(importers.filter((e) => !inside(e.split(' → ')[0]!, COMPOSITION_ROOT))).toEqual([]);
    expect(importers.length).toBeGreaterThan(5);
  });

  it('no lib/ folder imports one that imports it back, beyond the known ones', () => {
    const folders = folderGraph(graph);
    const edges = new Set([...folders].flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`)));
    for (const known of Object.keys(KNOWN_BACK_IMPORTS)) expect(edges.has(known), `${known} is gone: drop it from KNOWN_BACK_IMPORTS`).toBe(true);
    const without = new Map([...folders].map(([from, tos]) => [from, tos.filter((to) => !(`${from} → ${to}` in KNOWN_BACK_IMPORTS))]));
    expect(cyclesOf(without)).toEqual([]);
  });
});

describe('the checks catch what they are meant to', () => {
  it('cycles of two and three modules, and a module importing itself; not a diamond', () => {
    const g: Graph = new Map([
      ['a', ['b']], ['b', ['a']],
      ['c', ['d']], ['d', ['e']], ['e', ['c']],
      ['f', ['f']],
      ['top', ['left', 'right']], ['left', ['bottom']], ['right', ['bottom']], ['bottom', []],
    ]);
    expect(cyclesOf(g)).toEqual([['a', 'b'], ['c', 'd', 'e'], ['f']]);
  });

  it('a contract folder listing its features is a folder cycle; the composition root listing them is not', () => {
    const before: Graph = new Map([
      ['lib/background/features.ts', ['lib/stats/worker.ts', 'lib/background/feature.ts']],
      ['lib/background/feature.ts', ['lib/cache/swr.ts']],
      ['lib/stats/worker.ts', ['lib/background/feature.ts', 'lib/stats/query.ts']],
      ['lib/stats/query.ts', []],
      ['entrypoints/background.ts', ['lib/background/features.ts']],
    ]);
    expect(cyclesOf(folderGraph(before))).toEqual([['lib/background', 'lib/stats/worker.ts']]);
    const after: Graph = new Map([
      ['lib/background/start.ts', ['lib/background/feature.ts']],
      ['lib/background/feature.ts', ['lib/cache/swr.ts']],
      ['lib/stats/worker.ts', ['lib/background/feature.ts', 'lib/stats/query.ts']],
      ['lib/stats/query.ts', ['lib/stats/worker.ts']],
      ['entrypoints/background/features.ts', ['lib/stats/worker.ts']],
      ['entrypoints/background/index.ts', ['lib/background/start.ts', 'entrypoints/background/features.ts']],
    ]);
    expect(cyclesOf(folderGraph(after))).toEqual([]);
  });
});
