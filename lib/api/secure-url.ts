/**
 * Plain http is acceptable only where it never crosses a network: the
 * loopback host. The one rule for the service addresses (which receive the
 * API key) and for the sites that may ask for proofs.
 */

/**
 * localhost, *.localhost, 127.0.0.0/8 and [::1], as `URL.hostname` spells
 * them (lower case, IPv4 normalized, IPv6 in brackets).
 */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

/** https anywhere; plain http only on the loopback host. Any other scheme is not a web URL here. */
export function isSecureHttpUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
