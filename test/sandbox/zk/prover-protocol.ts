import type { Groth16Proof } from 'snarkjs';
import type { CircuitInput } from './statement.ts';

/** A score proof as the service hands it out: snarkjs's Groth16 proof and its public signals. */
export interface ScoreProof {
  readonly proof: Groth16Proof;
  readonly publicSignals: readonly string[];
}

export interface ProverArtifacts {
  readonly wasm: string;
  readonly zkey: string;
}

export interface ProveRequest {
  readonly id: number;
  readonly input: CircuitInput;
}

export type ProveReply =
  | { readonly id: number; readonly ok: true; readonly result: ScoreProof }
  | { readonly id: number; readonly ok: false; readonly error: string };
