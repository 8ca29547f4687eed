import { isRecord } from './body.ts';
import type { OperationSpec, ParamSpec } from './catalog.ts';
import { checkDecimal, MAX_DECIMAL_LENGTH } from './decimal.ts';

/** A parameter that fails the catalog's rules; `param` names it. */
export class ParamError extends Error {
  override readonly name = 'ParamError';
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

export type WireValue = string | number | Record<string, unknown>;
export type ValidParams = Record<string, WireValue>;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Unset means absent, null or empty: the service's own web client sends `chainId=&startTime=` for "all" (docs/service.md). */
function isUnset(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** The number a decimal text spells; `expected` completes "must be …" when it spells none. */
function decimalParam(spec: ParamSpec, text: string, expected: string): number {
  switch (checkDecimal(text)) {
    case 'ok':
      return Number(text);
    case 'too-long':
      throw new ParamError(spec.name, `Parameter "${spec.name}" is too long for a number (over ${MAX_DECIMAL_LENGTH} characters).`);
    case 'not-decimal':
      throw new ParamError(spec.name, `Parameter "${spec.name}" must be ${expected}.`);
  }
}

function toNumber(spec: ParamSpec, v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return decimalParam(spec, v.trim(), 'a number');
  throw new ParamError(spec.name, `Parameter "${spec.name}" must be a number.`);
}

function checkValue(spec: ParamSpec, v: unknown): WireValue {
  const { name } = spec;
  switch (spec.type) {
    case 'object':
      if (!isRecord(v)) throw new ParamError(name, `Parameter "${name}" must be an object.`);
      return v;
    case 'number': {
      const n = toNumber(spec, v);
      if (!Number.isFinite(n)) throw new ParamError(name, `Parameter "${name}" must be a finite number.`);
      return n;
    }
    case 'int32': {
      const n = toNumber(spec, v);
      if (!Number.isInteger(n)) throw new ParamError(name, `Parameter "${name}" must be a whole number.`);
      if (n < INT32_MIN || n > INT32_MAX) {
        throw new ParamError(name, `Parameter "${name}" is out of range for a 32-bit integer.`);
      }
      if (spec.format === 'timestamp' || spec.format === 'count') nonNegative(spec, n);
      return n;
    }
    case 'string': {
      if (typeof v === 'number' && !Number.isFinite(v)) {
        throw new ParamError(name, `Parameter "${name}" must be a finite number.`);
      }
      if (typeof v !== 'string' && typeof v !== 'number') {
        throw new ParamError(name, `Parameter "${name}" must be a string.`);
      }
      const s = String(v).trim();
      if (spec.values && !spec.values.includes(s)) {
        throw new ParamError(name, `Parameter "${name}" must be one of ${spec.values.join(', ')}; got "${s}".`);
      }
      checkStringFormat(spec, s);
      return s;
    }
  }
}

function nonNegative(spec: ParamSpec, n: number): void {
  if (n < 0) throw new ParamError(spec.name, `Parameter "${spec.name}" must not be negative.`);
}

function checkStringFormat(spec: ParamSpec, s: string): void {
  const { name } = spec;
  switch (spec.format) {
    case 'timestamp':
    case 'count':
      if (!/^\d+$/.test(s)) {
        throw new ParamError(name, `Parameter "${name}" must be a whole number${spec.format === 'timestamp' ? ' of seconds' : ''}.`);
      }
      if (Number(s) > INT32_MAX * 2) throw new ParamError(name, `Parameter "${name}" is too large.`);
      return;
    case 'amount': {
      const n = decimalParam(spec, s, 'a non-negative number');
      if (!Number.isFinite(n) || n < 0) throw new ParamError(name, `Parameter "${name}" must be a non-negative number.`);
      return;
    }
    case 'address':
      if (!ADDRESS.test(s)) throw new ParamError(name, `Parameter "${name}" must be a 0x address of 40 hex digits.`);
      return;
    default:
      return;
  }
}

export interface ValidateOptions {
  /** Ignore parameters the catalog does not list (a server does); a client rejects them. */
  readonly allowUnknown?: boolean;
}

/**
 * Checks `params` against an operation's catalog entry and returns the values
 * as they go on the wire, unset ones dropped. Throws ParamError naming the
 * first offending parameter.
 */
export function validateParams(
  op: OperationSpec,
  params: Readonly<Record<string, unknown>>,
  options: ValidateOptions = {},
): ValidParams {
  if (!options.allowUnknown) {
    for (const key of Object.keys(params)) {
      if (!op.params.some((p) => p.name === key)) {
        throw new ParamError(key, `Operation "${op.id}" has no parameter "${key}".`);
      }
    }
  }
  const out: ValidParams = {};
  for (const spec of op.params) {
    const v = params[spec.name];
    if (isUnset(v)) {
      if (spec.required) throw new ParamError(spec.name, `Missing required parameter "${spec.name}".`);
      continue;
    }
    out[spec.name] = checkValue(spec, v);
  }
  return out;
}
