// Minimal types for the parts of snarkjs and circomlibjs the sandbox uses
// (neither package ships declarations).

declare module 'snarkjs' {
  export interface Groth16Proof {
    pi_a: string[];
    pi_b: string[][];
    pi_c: string[];
    protocol: string;
    curve: string;
  }
  type Logger = { info(msg: string): void; debug(msg: string): void; warn(msg: string): void; error(msg: string): void };
  type FileRef = string | Uint8Array | { type: 'mem'; data?: Uint8Array };

  export const groth16: {
    fullProve(
      input: Record<string, string | bigint | number>,
      wasm: FileRef,
      zkey: FileRef,
      logger?: Logger,
      witnessOptions?: Record<string, unknown>,
      proverOptions?: { singleThread?: boolean },
    ): Promise<{ proof: Groth16Proof; publicSignals: string[] }>;
    verify(vkey: unknown, publicSignals: readonly string[], proof: unknown, logger?: Logger): Promise<boolean>;
  };
  export const powersOfTau: {
    newAccumulator(curve: unknown, power: number, file: string, logger?: Logger): Promise<unknown>;
    contribute(oldFile: string, newFile: string, name: string, entropy: string, logger?: Logger): Promise<unknown>;
    preparePhase2(oldFile: string, newFile: string, logger?: Logger): Promise<unknown>;
  };
  export const zKey: {
    newZKey(r1cs: string, ptau: string, zkey: string, logger?: Logger): Promise<unknown>;
    contribute(oldFile: string, newFile: string, name: string, entropy: string, logger?: Logger): Promise<unknown>;
    exportVerificationKey(zkey: string, logger?: Logger): Promise<Record<string, unknown>>;
  };
  export const curves: {
    getCurveFromName(name: string, options?: { singleThread?: boolean }): Promise<{ terminate(): Promise<void> }>;
  };
}

declare module 'circomlibjs' {
  /** A field element in the library's internal (Montgomery) form. */
  export type FieldElement = Uint8Array;
  export interface Field {
    e(v: bigint | number | string): FieldElement;
    toObject(v: FieldElement): bigint;
  }
  export interface Poseidon {
    (inputs: readonly (bigint | number | FieldElement)[]): FieldElement;
    F: Field;
  }
  export interface Eddsa {
    F: Field;
    poseidon: Poseidon;
    prv2pub(prv: Uint8Array): [FieldElement, FieldElement];
    signPoseidon(prv: Uint8Array, msg: FieldElement): { R8: [FieldElement, FieldElement]; S: bigint };
  }
  export function buildEddsa(): Promise<Eddsa>;
}
