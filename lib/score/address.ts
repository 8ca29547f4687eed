import { getAddress } from 'viem';
import { formatNumber } from '@/lib/format/number.ts';
import { t } from '@/lib/i18n/index.ts';

/**
 * Address input for score lookups. Accepts a 0x address written all in
 * lower case or with a valid EIP-55 checksum; anything else is refused
 * before a request is made, with a message a person can act on.
 * (viem's getAddress costs ~4.6 KB gzip in the popup: it brings keccak-256,
 * which a checksum check cannot do without.)
 */

export type AddressCheck =
  | { readonly ok: true; readonly address: `0x${string}`; readonly checksummed: `0x${string}` }
  | { readonly ok: false; readonly message: string };

const HEX40 = /^0x[0-9a-fA-F]{40}$/;
/** For finding addresses inside free text (a selection): not glued to more hex or word characters. */
const IN_TEXT = /(?<![0-9A-Za-z])0x[0-9a-fA-F]{40}(?![0-9A-Za-z])/g;

/** EIP-55 form of an address already known to be 0x + 40 hex digits. */
export function toChecksum(hex40: string): `0x${string}` {
  return getAddress(hex40.toLowerCase());
}

/**
 * Checks typed or pasted text. `address` is the lower-case form (what is
 * sent and cached); `checksummed` is for display.
 */
export function checkAddress(input: string): AddressCheck {
  const s = input.trim();
  if (!s) return { ok: false, message: t('score.addressError.empty') };
  if (!HEX40.test(s)) {
    if (/^0x/i.test(s) && !s.startsWith('0x')) return { ok: false, message: t('score.addressError.lowerPrefix') };
    if (!s.startsWith('0x')) return { ok: false, message: t('score.addressError.prefix') };
    const digits = s.length - 2;
    if (!/^0x[0-9a-fA-F]*$/.test(s)) return { ok: false, message: t('score.addressError.hexOnly') };
    return { ok: false, message: t('score.addressError.length', { count: formatNumber(digits) }) };
  }
  const lower = s.toLowerCase() as `0x${string}`;
  const checksummed = toChecksum(lower);
  // Mixed or upper case claims an EIP-55 checksum; a mismatch usually means a typo.
  if (s !== lower && s !== checksummed) {
    return { ok: false, message: t('score.addressError.checksum') };
  }
  return { ok: true, address: lower, checksummed };
}

/** The first valid address in free text (e.g. a page selection), or null. */
export function findAddress(text: string): AddressCheck & { ok: true } | null {
  for (const m of text.matchAll(IN_TEXT)) {
    const c = checkAddress(m[0]);
    if (c.ok) return c;
  }
  return null;
}

/** `0x1234…abcd` for tight spaces. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
