import type { ScopeSecret } from '@/lib/cache/scope.ts';
import type { ServiceContext } from '@/lib/cache/service-scope.ts';
import type { WorkerCache } from '@/lib/cache/worker-cache.ts';
import type { Routes } from '@/lib/messaging/router.ts';
import type { HostsGranted } from '@/lib/settings/host-access.ts';
import type { KeyVault } from '@/lib/settings/sealed-secret.ts';

/**
 * The one shape of a feature's worker side. Each feature folder that does
 * anything in the background worker exports one from its `worker.ts`
 * (lib/<feature>/worker.ts), which imports this contract; the composition
 * root, the background entrypoint (entrypoints/background/), lists them all and starts them
 * (./start.ts). This module imports no feature, so imports run one way:
 * entrypoint → features' worker sides → this contract → what it names.
 */

/** What the worker builds once and shares with every feature (entrypoints/background/index.ts); faked in tests. */
export interface WorkerDeps {
  /** The extension's name and version, from its manifest. */
  readonly name: string;
  readonly version: string;
  /** This build's id (lib/build/id.ts): replies to pages name it, so that they notice a worker of another build. */
  readonly build: string;
  /** Seals the API key and other secrets at rest. */
  readonly vault: KeyVault;
  /** The secret cache scopes are keyed with (lib/cache/scope.ts). */
  readonly scopeSecret: ScopeSecret;
  /** Whether the user granted the hosts a set of service addresses uses (the key goes nowhere else). */
  readonly hostsGranted: HostsGranted;
  /** The worker's one answer cache, shared by every feature; its fetches get a client from the current settings and key. */
  readonly cache: WorkerCache<ServiceContext>;
}

/** One feature in the worker, made from the shared deps. Making it has no effect on the browser. */
export interface FeatureWiring {
  /** The messages it answers; a name belongs to one feature only. */
  readonly routes?: Routes;
  /**
   * Registers its browser listeners (alarms, menus, tabs, storage, install).
   * Called synchronously at worker start, so a worker woken by an event sees it.
   */
  listen?(): void;
}

export interface WorkerFeature {
  /** The feature folder's name (lib/<name>/). */
  readonly name: string;
  init(deps: WorkerDeps): FeatureWiring;
}
