import { buildEddsa, type Eddsa } from 'circomlibjs';

// circomlibjs builds its WASM hashers and curve once; share them in a process.
let eddsa: Promise<Eddsa> | undefined;

export function loadEddsa(): Promise<Eddsa> {
  return (eddsa ??= buildEddsa());
}

export type PoseidonHash = (inputs: readonly bigint[]) => bigint;

/** The circuit's Poseidon, on bigints. */
export async function loadPoseidon(): Promise<PoseidonHash> {
  const { poseidon } = await loadEddsa();
  return (inputs) => poseidon.F.toObject(poseidon([...inputs]));
}
