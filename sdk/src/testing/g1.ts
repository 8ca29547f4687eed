/**
 * BN254's G1 (y² = x³ + 3 over Fq, generator (1, 2)): scalar multiplication, all the mock's prover needs
 * (mock-prover.ts). Jacobian coordinates, so one inversion per product. Not constant-time: it only ever
 * handles the mock's public test trapdoor.
 */
import { BASE_FIELD as Q } from '../shared/field.ts';

const mod = (a: bigint): bigint => {
  const r = a % Q;
  return r < 0n ? r + Q : r;
};

function pow(base: bigint, exp: bigint): bigint {
  let result = 1n;
  for (let b = mod(base), e = exp; e > 0n; e >>= 1n, b = (b * b) % Q) if (e & 1n) result = (result * b) % Q;
  return result;
}

/** (X, Y, Z) for the affine (X/Z², Y/Z³); Z = 0 is the point at infinity. */
type Jacobian = readonly [bigint, bigint, bigint];
const INFINITY: Jacobian = [1n, 1n, 0n];

function double([x, y, z]: Jacobian): Jacobian {
  if (z === 0n || y === 0n) return INFINITY;
  const a = (x * x) % Q;
  const b = (y * y) % Q;
  const c = (b * b) % Q;
  const d = mod(2n * (mod((x + b) * (x + b)) - a - c));
  const e = (3n * a) % Q;
  const x3 = mod(e * e - 2n * d);
  return [x3, mod(e * (d - x3) - 8n * c), mod(2n * y * z)];
}

function add(p: Jacobian, q: Jacobian): Jacobian {
  if (p[2] === 0n) return q;
  if (q[2] === 0n) return p;
  const [x1, y1, z1] = p;
  const [x2, y2, z2] = q;
  const z1z1 = (z1 * z1) % Q;
  const z2z2 = (z2 * z2) % Q;
  const u1 = (x1 * z2z2) % Q;
  const u2 = (x2 * z1z1) % Q;
  const s1 = (((y1 * z2) % Q) * z2z2) % Q;
  const s2 = (((y2 * z1) % Q) * z1z1) % Q;
  if (u1 === u2) return s1 === s2 ? double(p) : INFINITY;
  const h = mod(u2 - u1);
  const r = mod(s2 - s1);
  const hh = (h * h) % Q;
  const hhh = (hh * h) % Q;
  const v = (u1 * hh) % Q;
  const x3 = mod(r * r - hhh - 2n * v);
  return [x3, mod(r * (v - x3) - s1 * hhh), (((z1 * z2) % Q) * h) % Q];
}

/** `k`·G as affine coordinates [x, y] in decimal (k not a multiple of the group order). */
export function g1Times(k: bigint): [string, string] {
  let acc = INFINITY;
  const g: Jacobian = [1n, 2n, 1n];
  for (let i = k.toString(2), n = 0; n < i.length; n++) {
    acc = double(acc);
    if (i[n] === '1') acc = add(acc, g);
  }
  if (acc[2] === 0n) throw new Error('g1Times: the point at infinity');
  const zInv = pow(acc[2], Q - 2n);
  const zInv2 = (zInv * zInv) % Q;
  return [((acc[0] * zInv2) % Q).toString(), ((((acc[1] * zInv2) % Q) * zInv) % Q).toString()];
}
