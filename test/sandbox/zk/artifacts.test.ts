import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { artifactPaths, circomlibVersion, readManifest, sha256File } from './manifest.ts';
import { zkPaths } from './paths.ts';
import { PUBLIC_SIGNALS } from './signals.ts';
import { loadVerificationKey } from './verifier.ts';

// The artifacts are committed; these checks catch a circuit edited without rerunning `npm run zk:setup`.
describe('committed trusted-setup artifacts', () => {
  it('were built from the current circuit and circomlib', async () => {
    const manifest = await readManifest();
    expect(manifest.circuitSha256).toBe(await sha256File(zkPaths.circuit));
    expect(manifest.circomlibVersion).toBe(circomlibVersion());
    expect(manifest.power).toBe(13);
  });

  it('are the files the manifest names', async () => {
    const manifest = await readManifest();
    for (const path of artifactPaths) expect([basename(path), await sha256File(path)]).toEqual([basename(path), manifest.artifacts[basename(path)]]);
  });

  it('include a Groth16 bn128 verification key for the seven public signals', () => {
    const vkey = loadVerificationKey();
    expect(vkey).toMatchObject({ protocol: 'groth16', curve: 'bn128', nPublic: PUBLIC_SIGNALS.length });
  });
});
