import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { zkPaths } from './paths.ts';

/** Ties the committed artifacts to the circuit source and library they were built from. */
export interface ZkManifest {
  readonly circuitSha256: string;
  readonly circomlibVersion: string;
  /** log2 of the powers-of-tau size. */
  readonly power: number;
  /** SHA-256 of each artifact, by file name. */
  readonly artifacts: Readonly<Record<string, string>>;
}

export async function sha256File(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

export function circomlibVersion(): string {
  const pkg = createRequire(import.meta.url)('circomlib/package.json') as { version: string };
  return pkg.version;
}

export const artifactPaths = [zkPaths.wasm, zkPaths.zkey, zkPaths.verificationKey] as const;

export async function buildManifest(power: number): Promise<ZkManifest> {
  const artifacts: Record<string, string> = {};
  for (const path of artifactPaths) artifacts[basename(path)] = await sha256File(path);
  return { circuitSha256: await sha256File(zkPaths.circuit), circomlibVersion: circomlibVersion(), power, artifacts };
}

export async function readManifest(): Promise<ZkManifest> {
  return JSON.parse(await readFile(zkPaths.manifest, 'utf8')) as ZkManifest;
}
