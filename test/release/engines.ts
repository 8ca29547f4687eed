/**
 * The Node versions the README promises hold for every package installed:
 * npm warns EBADENGINE (and a package may break) when one wants a newer Node
 * than the user has. Checked against package-lock.json, which lists each
 * package `npm ci` installs, for every platform, with its `engines`.
 */
import semver from 'semver';

export interface LockPackage {
  readonly version?: string;
  /** npm keeps what the package declares; a few old packages wrote an array, which npm ignores. */
  readonly engines?: unknown;
}

const nodeRange = (p: LockPackage): string | undefined => {
  const node = p.engines && typeof p.engines === 'object' && !Array.isArray(p.engines) ? (p.engines as { node?: unknown }).node : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** Each installed package (by its path in the lock) whose Node range leaves out some version of `promise`. */
export function enginesProblems(promise: string, packages: Readonly<Record<string, LockPackage>>): string[] {
  if (semver.validRange(promise) === null) return [`the promised Node range "${promise}" is not a semver range`];
  return Object.entries(packages).flatMap(([path, p]) => {
    const wants = nodeRange(p);
    if (path === '' || wants === undefined) return [];
    const name = path.replace(/^.*node_modules\//, '');
    return semver.validRange(wants) !== null && semver.subset(promise, wants) ? [] : [`${name}@${p.version ?? '?'} wants Node ${wants}`];
  });
}
