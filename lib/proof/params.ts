/**
 * The rules a page's proof request must meet (docs/page-api.md, "Parameters"), checked in the
 * page by `window.vantage` before anything is posted, and again by the relay and the worker,
 * which trust nothing the page side did: a compromised page can skip it. Every refusal is a
 * ProofRequestError with code -32602, whatever the page passed; nothing a page throws gets out.
 * Pure, so the main-world script can carry it.
 */

import { ProofErrorCode, ProofRequestError, SERVICE_WEB2ID_MAX, type ProofRequestParams, type RequestOptions } from './contract.ts';
import { copyPlainData, NotPlainData, type PlainData, type PlainDataProblem } from './plain-data.ts';
import { readsAsBound, shownTextProblem, type ShownTextProblem } from './shown-text.ts';

export const PARAM_LIMITS = {
  scoreId: 64,
  web2Id: SERVICE_WEB2ID_MAX,
  /** The parameters as UTF-8 JSON, measured on the copy as it is read. */
  bytes: 2048,
  /** Objects and arrays nested in one another. */
  depth: 8,
  /** A request's id, as its progress events carry it (vantage_cancelRequest). */
  requestId: 64,
} as const;

/** Every rule, as docs/page-api.md's parameter table states it (a test holds the two together). */
export const PARAM_RULES = {
  plain: {
    field: 'the parameters',
    text: 'plain data only: objects whose prototype is Object.prototype (this page\'s or a frame\'s) or null, arrays, strings, finite numbers, booleans, null (a field set to undefined counts as absent); not a Map, Set, Date, RegExp, class instance, ArrayBuffer, typed array, DataView, Blob, DOM node, window or location (of any origin), function, symbol or BigInt',
  },
  readable: {
    field: 'the parameters',
    text: 'readable: each field is read once (getters included); a getter or Proxy trap that throws, or a revoked Proxy, refuses the request',
  },
  size: { field: 'the parameters', text: `at most ${PARAM_LIMITS.bytes} bytes as UTF-8 JSON, counted while reading, before anything is copied` },
  depth: { field: 'the parameters', text: `objects and arrays nested at most ${PARAM_LIMITS.depth} levels deep, the parameters object included` },
  object: { field: 'the parameters', text: 'an object { scoreId, condition, web2Id, bindOrigin? }; only its own enumerable string-keyed fields are read (symbol keys and inherited fields are not); other fields may be there (plain data, counted in the size) and are ignored' },
  scoreId: { field: 'scoreId', text: 'a non-empty string' },
  scoreIdLength: { field: 'scoreId', text: `at most ${PARAM_LIMITS.scoreId} characters (UTF-16 code units)` },
  condition: { field: 'condition', text: 'a finite number of type number (not a string such as "600", not a Number object)' },
  web2Id: { field: 'web2Id', text: 'a non-empty string' },
  web2IdLength: { field: 'web2Id', text: `at most ${PARAM_LIMITS.web2Id} characters (UTF-16 code units); with bindOrigin the bound web2Id too` },
  bound: {
    field: 'web2Id',
    text: 'not in the bound form scheme://host#… unless bindOrigin is true, judged as a person reads it: invisible characters and spaces removed, fullwidth and lookalike characters folded, in any case',
  },
  bindOrigin: { field: 'bindOrigin', text: 'true, false or absent' },
  control: { field: 'scoreId, web2Id', text: 'no control characters (U+0000–001F, U+007F–009F: tab, newline …) and no line or paragraph separator (U+2028, U+2029)' },
  invisible: {
    field: 'scoreId, web2Id',
    text: 'no invisible or format characters: bidi controls (U+202A–202E, U+2066–2069, U+200E, U+200F, U+061C), zero-width characters (U+200B–200D, U+2060, U+FEFF, U+180E), the soft hyphen (U+00AD), variation selectors, any other format (Cf) or default-ignorable character, U+2800 (the Braille blank)',
  },
  space: { field: 'scoreId, web2Id', text: 'no space other than U+0020, and none first or last' },
  codePoint: { field: 'scoreId, web2Id', text: 'no unpaired surrogate, private-use or unassigned code point' },
  marks: { field: 'scoreId, web2Id', text: 'at most three combining marks in a row, no enclosing mark' },
  method: { field: 'request({ method })', text: 'an object whose method is a string (an unknown method is 4200)' },
  options: { field: 'options', text: 'absent, null or an object; its onProgress absent or a function' },
  cancelId: { field: 'cancelRequest(id), vantage_cancelRequest { id }', text: `id: a non-empty string of at most ${PARAM_LIMITS.requestId} characters (an id this page's requests' progress events carry)` },
} as const satisfies Record<string, { readonly field: string; readonly text: string }>;

export type ParamRule = keyof typeof PARAM_RULES;

// Taken when this module loads, so a page that replaces them later cannot break the checks.
const { apply } = Reflect;
const { isArray } = Array;
const { isFinite } = Number;
const weakAdd = WeakSet.prototype.add;
const weakHas = WeakSet.prototype.has;
/** Every ParamError made here: told apart without `instanceof`, which would run a thrown Proxy's traps. */
const OURS = new WeakSet<object>();

/** A -32602 that knows the rule it enforces (the tests match refusals to rules by it). */
export class ParamError extends ProofRequestError {
  constructor(
    readonly rule: ParamRule,
    subject: string,
  ) {
    super(ProofErrorCode.InvalidParams, `Invalid parameters: ${subject}: ${PARAM_RULES[rule].text}.`);
    apply(weakAdd, OURS, [this]);
  }
}

/** True for an error this module made; looks at nothing else (whatever a page threw stays untouched). */
export function isParamError(e: unknown): e is ParamError {
  return typeof e === 'object' && e !== null && apply(weakHas, OURS, [e]) === true;
}

/** `subject` names the field where one rule covers several (`web2Id`), or where plain data broke (`params.extra`). */
const refuse = (rule: ParamRule, subject: string = PARAM_RULES[rule].field) => new ParamError(rule, subject);

/** Runs a check; anything but our own refusal (a page's exception, a tampered built-in) is "unreadable". */
function guarded<T>(check: () => T, otherwise: ParamRule = 'readable'): T {
  try {
    return check();
  } catch (e) {
    throw isParamError(e) ? e : refuse(otherwise);
  }
}

const PLAIN_RULE: Record<PlainDataProblem['kind'], ParamRule> = { type: 'plain', size: 'size', depth: 'depth', unreadable: 'readable' };
const SHOWN_RULE: Record<ShownTextProblem, ParamRule> = { control: 'control', invisible: 'invisible', space: 'space', 'code-point': 'codePoint', marks: 'marks' };

/** A copy of what the page passed, as plain data within the limits; else -32602. */
function plainCopy(input: unknown): PlainData {
  if (input === undefined) throw refuse('object');
  try {
    return copyPlainData(input, PARAM_LIMITS);
  } catch (e) {
    // copyPlainData throws only its own NotPlainData: `instanceof` meets nothing of the page's.
    if (e instanceof NotPlainData) {
      const p = e.problem;
      throw refuse(PLAIN_RULE[p.kind], 'path' in p ? p.path : undefined);
    }
    throw refuse('readable');
  }
}

function isFields(v: PlainData | undefined): v is { readonly [key: string]: PlainData } {
  return typeof v === 'object' && v !== null && !isArray(v);
}

/** A string the consent window shows: refused unless it reads on screen as exactly what it is. */
function shownString(v: PlainData | undefined, name: 'scoreId' | 'web2Id', max: number): string {
  if (typeof v !== 'string' || v.length === 0) throw refuse(name);
  if (v.length > max) throw refuse(name === 'scoreId' ? 'scoreIdLength' : 'web2IdLength');
  const problem = shownTextProblem(v);
  if (problem) throw refuse(SHOWN_RULE[problem], name);
  return v;
}

/**
 * Checks a proof request's parameters from a page (or from whoever claims to relay one) and
 * returns a fresh object with only the known fields, exactly as sent (nothing trimmed:
 * what the consent window shows is what the service is sent). Throws ProofRequestError (-32602).
 */
export function parseProofRequest(input: unknown): ProofRequestParams {
  return guarded(() => fieldsOf(plainCopy(input)));
}

function fieldsOf(params: PlainData | undefined): ProofRequestParams {
  if (!isFields(params)) throw refuse('object');
  const { scoreId, condition, web2Id, bindOrigin } = params;
  const model = shownString(scoreId, 'scoreId', PARAM_LIMITS.scoreId);
  // Type number only: '600' or '0x258' is a page's mistake, not a number to guess at.
  if (typeof condition !== 'number' || !isFinite(condition)) throw refuse('condition');
  const id = shownString(web2Id, 'web2Id', PARAM_LIMITS.web2Id);
  if (bindOrigin !== undefined && typeof bindOrigin !== 'boolean') throw refuse('bindOrigin');
  // Else a site could have a proof commit, and the consent window show, a web2Id bound to another site.
  if (!bindOrigin && readsAsBound(id)) throw refuse('bound');
  return { scoreId: model, condition, web2Id: id, ...(bindOrigin ? { bindOrigin: true } : {}) };
}

/** `request(args)`'s method, read once. Throws -32602 for anything but an object with a string `method`. */
export function readRequestMethod(args: unknown): string {
  return guarded(() => {
    if (typeof args !== 'object' || args === null) throw refuse('method');
    const method: unknown = (args as { method?: unknown }).method;
    if (typeof method !== 'string') throw refuse('method');
    return method;
  }, 'method');
}

/**
 * `request(args)`'s params, read once and parsed: a copy first, then the EIP-1193 one-element
 * array unwrapped, then the rules. Read only for a method Vantage has.
 */
export function parseRequestParams(args: object): ProofRequestParams {
  return guarded(() => {
    const copy = plainCopy((args as { params?: unknown }).params);
    return fieldsOf(isArray(copy) && copy.length === 1 ? copy[0] : copy);
  });
}

/**
 * The id `vantage_cancelRequest` names, read once: `params` is `{ id }` or `[{ id }]` (EIP-1193's
 * array form). Throws -32602 for anything else; an id of no pending request is not an error.
 */
export function readCancelId(params: unknown): string {
  return guarded(() => {
    if (params === undefined) throw refuse('cancelId');
    const copy = plainCopy(params);
    const fields = isArray(copy) && copy.length === 1 ? copy[0] : copy;
    const id = isFields(fields) ? fields.id : undefined;
    if (typeof id !== 'string' || id.length === 0 || id.length > PARAM_LIMITS.requestId) throw refuse('cancelId');
    return id;
  });
}

/** The options argument's `onProgress`, read once. Throws -32602 for anything else. */
export function readRequestOptions(options: unknown): RequestOptions {
  return guarded(() => {
    if (options === undefined || options === null) return {};
    if (typeof options !== 'object') throw refuse('options');
    const onProgress: unknown = (options as { onProgress?: unknown }).onProgress;
    if (onProgress === undefined) return {};
    if (typeof onProgress !== 'function') throw refuse('options');
    return { onProgress: onProgress as NonNullable<RequestOptions['onProgress']> };
  }, 'options');
}
