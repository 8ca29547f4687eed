/**
 * Traffic share as a sankey: four layers of nodes (where users come from,
 * the sites they visit, the wallets they connect, the DApps they use) and
 * links between nodes of consecutive layers.
 */
import { isRecord, toList, toNumber, toText } from './coerce.ts';

/** The layer names of the service's own client, in order. */
export const FLOW_LAYERS = ['User Source', 'Apps Websites', 'Connect Wallets', 'DApps'] as const;

export interface FlowNode {
  /** `${layer}:${title}`: a title may appear in more than one layer. */
  readonly id: string;
  readonly layer: number;
  readonly title: string;
  readonly users: number | null;
  /** As sent: the node's share of its layer, 0..1. */
  readonly ratio: number | null;
}

export interface FlowLayer {
  readonly name: (typeof FLOW_LAYERS)[number];
  /** In the order sent; a title sent twice keeps its first node. */
  readonly nodes: readonly FlowNode[];
}

export interface FlowLink {
  /** Node ids: the source is in layer `layer`, the target in `layer + 1`. */
  readonly source: string;
  readonly target: string;
  readonly layer: number;
  /** Positive. */
  readonly users: number;
}

export interface TrafficShareView {
  /** Always the four layers, empty where the service sent none; further layers are dropped. */
  readonly layers: readonly FlowLayer[];
  readonly links: readonly FlowLink[];
}

const nodeId = (layer: number, title: string) => `${layer}:${title}`;

/**
 * `{ layers: [[{ title, users, ratio }], …], flows: [[{ startAction, endAction, users }], …] }`,
 * where `flows[i]` joins layer i to layer i + 1. A flow whose ends are not
 * nodes of consecutive layers, or that carries no positive user count, is
 * dropped. A flow sent outside the nested lists joins the first pair of
 * consecutive layers that holds both its ends.
 */
export function normalizeTrafficShare(body: unknown): TrafficShareView {
  const b = isRecord(body) ? body : {};
  const sentLayers = toList(b.layers);
  const layers: FlowLayer[] = FLOW_LAYERS.map((name, layer) => {
    const nodes = new Map<string, FlowNode>();
    for (const rec of toList(sentLayers[layer])) {
      const title = isRecord(rec) ? toText(rec.title) : null;
      if (!isRecord(rec) || title === null || nodes.has(title)) continue;
      nodes.set(title, { id: nodeId(layer, title), layer, title, users: toNumber(rec.users), ratio: toNumber(rec.ratio) });
    }
    return { name, nodes: [...nodes.values()] };
  });
  const has = (layer: number, title: string) => layers[layer]?.nodes.some((n) => n.title === title) ?? false;

  const links = new Map<string, FlowLink>();
  const addLink = (rec: unknown, hint: number | null) => {
    if (!isRecord(rec)) return;
    const start = toText(rec.startAction);
    const end = toText(rec.endAction);
    const users = toNumber(rec.users);
    if (start === null || end === null || users === null || users <= 0) return;
    const candidates = hint === null ? [0, 1, 2] : [hint];
    const layer = candidates.find((i) => has(i, start) && has(i + 1, end));
    if (layer === undefined) return;
    const link = { source: nodeId(layer, start), target: nodeId(layer + 1, end), layer, users };
    const key = `${link.source}>${link.target}`;
    if (!links.has(key)) links.set(key, link);
  };
  toList(b.flows).forEach((group, i) => {
    if (Array.isArray(group)) group.forEach((rec) => addLink(rec, i));
    else addLink(group, null);
  });
  return { layers, links: [...links.values()] };
}

export function isEmptyFlow(view: TrafficShareView): boolean {
  return view.links.length === 0 && view.layers.every((l) => l.nodes.length === 0);
}
