/** User-analytics endpoints (docs/service.md) and traffic share: calls plus web-analytics visits. */
import { COUNTRIES, DAY, SOURCES, WALLET_APPS } from '../dataset/index.ts';
import type { DataIndex } from './indexes.ts';
import type { ComputeTable, Query, Unit } from './query.ts';

// ---- calendar helpers over absolute day numbers (Unix seconds / 86400, UTC) ----

/** First day of the period (day / ISO week starting Monday / calendar month) containing `day`. */
export function periodStart(unit: Unit, day: number): number {
  if (unit === 'day') return day;
  if (unit === 'week') return day - ((day + 3) % 7);
  const d = new Date(day * DAY * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000 / DAY;
}

/** `day` moved by n units (months by calendar, JavaScript Date.UTC arithmetic). */
export function shift(unit: Unit, day: number, n: number): number {
  if (unit === 'day') return day + n;
  if (unit === 'week') return day + 7 * n;
  const d = new Date(day * DAY * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate()) / 1000 / DAY;
}

const isoDate = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);

/** Accepts calls to contract accounts of the project that match the query's DApp / contract filters. */
function callAccept(ix: DataIndex, q: Query): { key: string; accept: (acc: number) => boolean } {
  const dappIdx = q.dapp ? (ix.dappIndex.get(q.dapp.id) ?? -1) : -1;
  const conAcc = q.contract ? ix.ds.accountIndex(q.contract.address)! : -1;
  return {
    key: `${q.dapp?.id ?? ''}|${q.contract?.address ?? ''}`,
    accept: (acc) => (dappIdx < 0 || ix.dappOfAccount[acc] === dappIdx) && (conAcc < 0 || acc === conAcc),
  };
}

export function retention(ix: DataIndex, q: Query) {
  const gap = q.timeGap!;
  const unit = q.unitTimeRange!;
  const range = q.timeRange!;
  const endDay = q.today;
  const first = ix.ds.firstDay;
  const A = ix.ds.accounts.count;
  const { from, to } = ix.ds.events;

  // cohorts: the `range` timeGap periods ending with the one containing endTime
  const lastStart = periodStart(gap, endDay);
  const cohorts = Array.from({ length: range }, (_, k) => {
    const start = shift(gap, lastStart, k - (range - 1));
    const end = shift(gap, start, 1); // exclusive
    // return periods: n-th unitTimeRange period after the cohort ends, while it has started by endTime
    const periods: [number, number][] = [];
    for (let n = 1; n <= range; n++) {
      const ps = shift(unit, end, n - 1);
      if (ps > endDay) break;
      periods.push([ps, shift(unit, end, n)]);
    }
    return { start, end, periods, total: 0, returned: new Int32Array(periods.length) };
  });

  const { key, accept } = callAccept(ix, q);
  const firstDay = ix.firstCallDay(q.projectIndex, key, accept);
  const cohortOf = new Int32Array(A).fill(-1);
  const c0 = cohorts[0]!.start;
  for (let a = 0; a < A; a++) {
    const f = firstDay[a]!;
    if (f < 0) continue;
    const day = f + first;
    if (day < c0 || day > endDay) continue;
    let k = range - 1;
    while (k > 0 && day < cohorts[k]!.start) k--;
    cohortOf[a] = k;
    cohorts[k]!.total++;
  }

  // returns: calls to the eventName projects (or the project's own, filtered) after each cohort
  const sources = q.eventProjects ?? [q.projectIndex];
  const own = !q.eventProjects;
  const marks = ix.groupMarks;
  const s = marks.fresh(A * (range + 1));
  const lo = Math.max(0, cohorts[0]!.end - first);
  const hi = Math.min(ix.days - 1, endDay - first);
  for (const pi of sources) {
    const list = ix.calls(pi);
    for (let rel = lo; rel <= hi; rel++) {
      const day = rel + first;
      for (let j = list.dayStart[rel]!; j < list.dayStart[rel + 1]!; j++) {
        const i = list.idx[j]!;
        const w = from[i]!;
        const k = cohortOf[w]!;
        if (k < 0) continue;
        if (own && !accept(to[i]!)) continue;
        const c = cohorts[k]!;
        for (let n = 0; n < c.periods.length; n++) {
          const [ps, pe] = c.periods[n]!;
          if (day >= ps && day < pe) {
            if (marks.add(w * (range + 1) + n, s)) c.returned[n]!++;
            break;
          }
        }
      }
    }
  }

  const out: Record<string, { total: number; retention: Record<string, number> }> = {};
  for (const c of cohorts) {
    const r: Record<string, number> = {};
    c.periods.forEach((_, n) => (r[String(n + 1)] = c.returned[n]!));
    out[isoDate(c.start)] = { total: c.total, retention: r };
  }
  return out;
}

/** The DApp filter of web-analytics endpoints: the dapp given, or the DApp of the contract given. */
function visitDapp(ix: DataIndex, q: Query): number {
  const id = q.dapp?.id ?? q.contract?.dapp;
  return id ? (ix.dappIndex.get(id) ?? -1) : -1;
}

function eachVisit(ix: DataIndex, q: Query, visit: (i: number) => void): void {
  const w = q.window!;
  const list = ix.visits(q.projectIndex);
  const dapp = visitDapp(ix, q);
  const vd = ix.ds.visits.dapp;
  const lo = Math.max(0, w.first - ix.ds.firstDay);
  const hi = Math.min(ix.days - 1, w.last - ix.ds.firstDay);
  for (let rel = lo; rel <= hi; rel++) {
    for (let j = list.dayStart[rel]!; j < list.dayStart[rel + 1]!; j++) {
      const i = list.idx[j]!;
      if (dapp >= 0 && vd[i] !== dapp) continue;
      visit(i);
    }
  }
}

export function userInbounce(ix: DataIndex, q: Query) {
  const w = q.window!;
  const first = ix.ds.firstDay;
  const startRel = w.first - first;
  const A = ix.ds.accounts.count;
  const { key, accept } = callAccept(ix, q);
  const firstCall = ix.firstCallDay(q.projectIndex, key, accept);
  const { from, to } = ix.ds.events;
  const wallet = { new: 0, return: 0 };
  const list = ix.calls(q.projectIndex);
  const s = ix.marks.fresh(A);
  const lo = Math.max(0, w.first - first);
  const hi = Math.min(ix.days - 1, w.last - first);
  for (let rel = lo; rel <= hi; rel++) {
    for (let j = list.dayStart[rel]!; j < list.dayStart[rel + 1]!; j++) {
      const i = list.idx[j]!;
      if (!accept(to[i]!)) continue;
      const f = from[i]!;
      if (!ix.marks.add(f, s)) continue;
      if (firstCall[f]! >= startRel) wallet.new++;
      else wallet.return++;
    }
  }
  const visitor = { new: 0, return: 0 };
  const firstVisit = ix.firstVisitDay(q.projectIndex, visitDapp(ix, q));
  const vs = ix.marks.fresh(A + ix.ds.anonymousVisitors);
  const vv = ix.ds.visits.visitor;
  eachVisit(ix, q, (i) => {
    const v = vv[i]!;
    if (!ix.marks.add(v, vs)) return;
    if (firstVisit[v]! >= startRel) visitor.new++;
    else visitor.return++;
  });
  return { wallet, visitor };
}

/** How many countries distribution-by-countries lists. */
export const TOP_COUNTRIES = 10;

export function distributionByCountries(ix: DataIndex, q: Query) {
  const V = ix.ds.accounts.count + ix.ds.anonymousVisitors;
  const { visitor, wallet, country } = ix.ds.visits;
  const seenV = new Uint8Array(V);
  const seenW = new Uint8Array(ix.ds.accounts.count);
  const perVisitor = new Int32Array(COUNTRIES.length);
  const perWallet = new Int32Array(COUNTRIES.length);
  let visitors = 0;
  let wallets = 0;
  eachVisit(ix, q, (i) => {
    const v = visitor[i]!;
    if (!seenV[v]) {
      seenV[v] = 1;
      visitors++;
      perVisitor[country[i]!]!++;
    }
    const wa = wallet[i]!;
    if (wa >= 0 && !seenW[wa]) {
      seenW[wa] = 1;
      wallets++;
      perWallet[country[i]!]!++;
    }
  });
  const topCountry = COUNTRIES.map((name, c) => ({ name, data: { visitor: perVisitor[c]!, wallet: perWallet[c]! } }))
    .filter((x) => x.data.visitor > 0 || x.data.wallet > 0)
    .sort((a, b) => b.data.visitor - a.data.visitor || b.data.wallet - a.data.wallet || (a.name < b.name ? -1 : 1))
    .slice(0, TOP_COUNTRIES);
  return { visitors, wallets, topCountry };
}

/** The four layers of traffic share, in order. */
export const TRAFFIC_LAYERS = ['User Source', 'Apps Websites', 'Connect Wallets', 'DApps'] as const;
export const NO_DAPP = 'No DApp';

export function trafficShare(ix: DataIndex, q: Query) {
  const { visitor, source, site, walletApp, dapp } = ix.ds.visits;
  const sites = q.project.sites;
  const projectDapps = q.project.dapps.map((d) => ix.dappIndex.get(d.id) ?? -1);
  // members as small codes per layer (< 16): DApps as the project's DApp position, "No DApp" last
  const dappCode = new Int32Array(256).fill(projectDapps.length);
  projectDapps.forEach((g, k) => (dappCode[g] = k));
  const title = (layer: number, m: number): string => {
    if (layer === 0) return SOURCES[m]!;
    if (layer === 1) return sites[m]!;
    if (layer === 2) return WALLET_APPS[m]!;
    return m === projectDapps.length ? NO_DAPP : ix.ds.dapps[projectDapps[m]!]!.name;
  };
  // distinct visitors per (layer, member) and per (transition, left, right): the window's visits are
  // grouped by visitor (a counting sort), and each visitor's members and pairs set bits once
  const visits: number[] = [];
  eachVisit(ix, q, (i) => {
    visits.push(i);
  });
  const V = ix.ds.accounts.count + ix.ds.anonymousVisitors;
  const start = new Int32Array(V + 1);
  for (const i of visits) start[visitor[i]! + 1]!++;
  for (let v = 0; v < V; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, V);
  const byVisitor = new Uint32Array(visits.length);
  for (const i of visits) byVisitor[fill[visitor[i]!]!++] = i;
  const memberUsers = new Int32Array(4 * 16);
  const pairUsers = new Int32Array(3 * 256);
  const memberBits = new Uint8Array(4 * 16);
  const pairBits = new Uint8Array(3 * 256);
  const touched: number[] = [];
  const touchedPairs: number[] = [];
  const codes = [0, 0, 0, 0];
  let total = 0;
  for (let j = 0; j < byVisitor.length; ) {
    const v = visitor[byVisitor[j]!]!;
    total++;
    for (; j < byVisitor.length && visitor[byVisitor[j]!] === v; j++) {
      const i = byVisitor[j]!;
      codes[0] = source[i]!;
      codes[1] = site[i]!;
      codes[2] = walletApp[i]!;
      codes[3] = dappCode[dapp[i]!]!;
      for (let l = 0; l < 4; l++) {
        const mk = l * 16 + codes[l]!;
        if (!memberBits[mk]) {
          memberBits[mk] = 1;
          touched.push(mk);
          memberUsers[mk]!++;
        }
        if (l > 0) {
          const pk = (l - 1) * 256 + codes[l - 1]! * 16 + codes[l]!;
          if (!pairBits[pk]) {
            pairBits[pk] = 1;
            touchedPairs.push(pk);
            pairUsers[pk]!++;
          }
        }
      }
    }
    for (const k of touched) memberBits[k] = 0;
    for (const k of touchedPairs) pairBits[k] = 0;
    touched.length = 0;
    touchedPairs.length = 0;
  }
  const limit = q.limit!;
  const shown = [0, 1, 2, 3].map((l) => {
    const rows: { m: number; title: string; users: number }[] = [];
    for (let m = 0; m < 16; m++) {
      const users = memberUsers[l * 16 + m]!;
      if (users > 0) rows.push({ m, title: title(l, m), users });
    }
    return rows
      .sort((a, b) => b.users - a.users || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
      .slice(0, limit);
  });
  const layers = shown.map((layer) => layer.map((x) => ({ title: x.title, users: x.users, ratio: total ? x.users / total : 0 })));
  const flows = [0, 1, 2].map((l) => {
    const out: { startAction: string; endAction: string; users: number }[] = [];
    for (const a of shown[l]!) {
      for (const b of shown[l + 1]!) {
        const users = pairUsers[l * 256 + a.m * 16 + b.m]!;
        if (users > 0) out.push({ startAction: a.title, endAction: b.title, users });
      }
    }
    return out.sort((x, y) =>
      y.users - x.users || (x.startAction < y.startAction ? -1 : x.startAction > y.startAction ? 1 : 0)
      || (x.endAction < y.endAction ? -1 : x.endAction > y.endAction ? 1 : 0));
  });
  return { layers, flows };
}

export const cdpUsersAnswers = {
  retention, userInbounce, distributionByCountries, trafficShare,
} satisfies ComputeTable<'cdp-users' | 'socials'>;
