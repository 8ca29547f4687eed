import { fileURLToPath } from 'node:url';

/** Where the circuit and its committed trusted-setup artifacts live. */
const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

export const zkPaths = {
  circuit: here('./score.circom'),
  /** Scratch space of the setup script (git-ignored): r1cs, ptau, intermediate zkeys. */
  buildDir: here('./build/'),
  wasm: here('./artifacts/score.wasm'),
  zkey: here('./artifacts/score_final.zkey'),
  verificationKey: here('./artifacts/verification_key.json'),
  /** Hashes tying the artifacts to the circuit source they were built from. */
  manifest: here('./artifacts/manifest.json'),
} as const;
