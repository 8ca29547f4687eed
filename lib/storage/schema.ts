/**
 * Everything Vantage stores, in one place: every key of storage.local and
 * storage.session, sealed or not, and who owns it. The stored layout as a
 * whole has one version (SCHEMA_VERSION, lib/storage/version.ts); changing
 * any entry's shape is a migration (docs/architecture.md, "A stored layout").
 * test/unit/storage/schema.test.ts checks this list against the items the
 * code defines.
 */
export interface StoredKey {
  readonly area: 'local' | 'session';
  /** The storage key; with `prefix`, the start of many keys. */
  readonly key: string;
  readonly prefix?: true;
  /** AES-GCM under the vault (lib/settings/sealed-json.ts): content scripts can neither read nor forge it. */
  readonly sealed: boolean;
  /** The module that defines it. */
  readonly owner: string;
  /** Set aside rather than replaced when it no longer validates (lib/storage/set-aside.ts). */
  readonly userData: boolean;
}

export const SCHEMA_VERSION_KEY = 'schemaVersion';
export const SET_ASIDE_KEY = 'setAside';
export const SESSION_KEY_LOST_KEY = 'sessionKeyLost';

export const STORAGE_SCHEMA: readonly StoredKey[] = [
  { area: 'local', key: SCHEMA_VERSION_KEY, sealed: false, owner: 'lib/storage/run-migrations.ts', userData: false },
  { area: 'local', key: SET_ASIDE_KEY, sealed: true, owner: 'lib/storage/set-aside.ts', userData: true },
  { area: 'local', key: 'settings', sealed: false, owner: 'lib/settings/store.ts', userData: true },
  { area: 'local', key: 'apiKeySealed', sealed: true, owner: 'lib/settings/store.ts', userData: true },
  { area: 'local', key: SESSION_KEY_LOST_KEY, sealed: false, owner: 'lib/settings/store.ts', userData: false },
  { area: 'local', key: 'siteLists', sealed: true, owner: 'lib/settings/site-lists.ts', userData: true },
  { area: 'local', key: 'scoreRecent', sealed: true, owner: 'lib/score/recent.ts', userData: true },
  { area: 'local', key: 'watchlist', sealed: true, owner: 'lib/watch/store.ts', userData: true },
  { area: 'local', key: 'sitePseudonyms', sealed: true, owner: 'lib/proof/pseudonym.ts', userData: true },
  // What each site received: proofs handed over, at most 200 for at most 90 days (lib/proof/history.ts).
  { area: 'local', key: 'proofHistory', sealed: true, owner: 'lib/proof/history-store.ts', userData: true },
  { area: 'local', key: 'badge', sealed: false, owner: 'lib/badge/setting.ts', userData: true },
  { area: 'local', key: 'statsUi', sealed: false, owner: 'lib/stats/ui-state.ts', userData: true },
  // Project ids, like statsUi's: public names, plain so the Projects view paints without the vault.
  { area: 'local', key: 'pinnedProjects', sealed: false, owner: 'lib/pins/store.ts', userData: true },
  { area: 'local', key: 'alertRules', sealed: false, owner: 'lib/alerts/store.ts', userData: true },
  { area: 'local', key: 'alertState', sealed: false, owner: 'lib/alerts/store.ts', userData: false },
  { area: 'local', key: 'alertSchedule', sealed: false, owner: 'lib/alerts/store.ts', userData: true },
  // Windows and tabs a proof flow opened: kept across an update, so the new version closes what the old one left.
  { area: 'local', key: 'proofOpened', sealed: false, owner: 'lib/proof/flow-store.ts', userData: false },
  // The last restart a page asked for to end a mix of builds: read by the worker that comes up, and against loops.
  { area: 'local', key: 'buildRestart', sealed: false, owner: 'lib/build/restart-store.ts', userData: false },
  { area: 'local', key: 'cache:', prefix: true, sealed: false, owner: 'lib/cache/storage-store.ts', userData: false },
  { area: 'session', key: 'apiKey', sealed: false, owner: 'lib/settings/store.ts', userData: true },
  { area: 'session', key: 'proofFlows', sealed: false, owner: 'lib/proof/flow-store.ts', userData: false },
  { area: 'session', key: 'proofReports', sealed: false, owner: 'lib/proof/flow-store.ts', userData: false },
  { area: 'session', key: 'consentCooldowns', sealed: false, owner: 'lib/proof/flow-store.ts', userData: false },
  { area: 'session', key: 'notificationTargets', sealed: false, owner: 'lib/notify/browser-notifier.ts', userData: false },
  { area: 'session', key: 'scoreWindowId', sealed: false, owner: 'lib/score/score-window.ts', userData: false },
  // Derived (the cache scope, and a digest of the settings and key it is of): worked out again when missing.
  { area: 'session', key: 'scopeMemo', sealed: false, owner: 'lib/cache/scope-memo.ts', userData: false },
];
