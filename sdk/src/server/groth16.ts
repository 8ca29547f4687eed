import { createRequire } from 'node:module';
import { BASE_FIELD, isCanonicalDecimal } from './signals.ts';
import type { VerificationKey } from './keys.ts';

interface Snarkjs {
  groth16: { verify(vkey: unknown, publicSignals: readonly string[], proof: unknown): Promise<boolean> };
  curves: { getCurveFromName(name: string, options: { singleThread: boolean }): Promise<unknown> };
}

/**
 * snarkjs, loaded on first use (it takes a while to load, and only verification needs it), with the
 * process's shared BN254 curve. snarkjs's verify takes that curve from `globalThis.curve_bn128`, and
 * when there is none builds one with worker threads that keep Node from exiting until someone
 * terminates them; a single-threaded curve verifies as fast (7 signals: there is nothing to share out)
 * and lets a script that verified exit. A curve the process already has is used as it is.
 */
let snarkjs: Promise<Snarkjs> | undefined;
function load(): Promise<Snarkjs> {
  snarkjs ??= (async () => {
    // CommonJS (dist/server.cjs) has its own require; the ES module makes one.
    const requireHere = typeof require === 'function' ? require : createRequire(import.meta.url);
    const shared = globalThis as { curve_bn128?: unknown };
    // `require` may bring a copy of snarkjs's curve library of its own (an ES-module snarkjs has another), whose
    // start-up forgets the shared curve: a curve the process had before is kept, not dropped with its threads running.
    const had = shared.curve_bn128;
    const lib = requireHere('snarkjs') as Snarkjs;
    shared.curve_bn128 ??= had ?? (await lib.curves.getCurveFromName('bn128', { singleThread: true }));
    return lib;
  })();
  snarkjs.catch(() => (snarkjs = undefined));
  return snarkjs;
}

/** Point coordinates snarkjs reads as given: canonical decimals below the base field, so no other spelling reaches it. */
function isProofPoints(p: Record<string, unknown>): boolean {
  const coordinate = (c: unknown) => isCanonicalDecimal(c, BASE_FIELD);
  const triple = (v: unknown, item: (x: unknown) => boolean) => Array.isArray(v) && v.length === 3 && v.every(item);
  const pair = (v: unknown) => Array.isArray(v) && v.length === 2 && v.every(coordinate);
  return p.protocol === 'groth16' && p.curve === 'bn128' && triple(p.pi_a, coordinate) && triple(p.pi_c, coordinate) && triple(p.pi_b, pair);
}

/** The shape check of a Groth16 proof object (`result.proof.proof`). */
export function isGroth16Proof(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && isProofPoints(v as Record<string, unknown>);
}

/** Why verification could not run: snarkjs is not installed beside the SDK (an optional peer dependency). */
export class VerifierUnavailable extends Error {}

/**
 * Groth16 verification with snarkjs. Whatever snarkjs cannot read does not verify (false); rejects only
 * with VerifierUnavailable when snarkjs cannot be loaded.
 */
export async function groth16Verify(vkey: VerificationKey, publicSignals: readonly string[], proof: unknown): Promise<boolean> {
  let lib: Snarkjs;
  try {
    lib = await load();
  } catch (e) {
    throw new VerifierUnavailable(`snarkjs could not be loaded (${e instanceof Error ? e.message.split('\n')[0] : String(e)}): install it beside @vantage/sdk (npm install snarkjs)`);
  }
  try {
    return (await lib.groth16.verify(vkey, publicSignals, proof)) === true;
  } catch {
    return false;
  }
}
