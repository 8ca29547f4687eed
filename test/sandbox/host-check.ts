/**
 * The Host header check against DNS rebinding: a web page whose own name is
 * made to resolve to 127.0.0.1 reaches the sandbox as a same-origin request
 * (so CORS does not apply), but its Host header still carries that name. The
 * sandbox answers only the names of the machine it runs on, and the ones its
 * user adds.
 */
import { isIPv4 } from 'node:net';

export interface HostCheckOptions {
  /** The port the server listens on. */
  readonly port: number;
  /** The configured listening host (--host). */
  readonly host: string;
  /** More names clients reach the sandbox by (--allowed-host): `name` (any port) or `name:port`. */
  readonly allowedHosts?: readonly string[];
}

/** True when a request's Host header names this sandbox. */
export type HostCheck = (hostHeader: string | undefined) => boolean;

export interface HostName {
  /** Lowercased; an IPv6 address in brackets. */
  readonly name: string;
  readonly port?: number;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/** A Host header (or an --allowed-host value) as a name and its port, if any; undefined when malformed. */
export function parseHost(value: string): HostName | undefined {
  const m = HOST.exec(value);
  if (!m) return undefined;
  return { name: m[1]!.toLowerCase(), port: m[2] === undefined ? undefined : Number(m[2]) };
}

/** An --allowed-host value, checked: throws on anything but `name` or `name:port`. */
export function allowedHost(value: string): HostName {
  const parsed = parseHost(value.trim());
  if (!parsed) throw new Error(`--allowed-host: not a host name (name or name:port, IPv6 in brackets): ${value}`);
  return parsed;
}

// Names no web site can take over: a rebinding attack needs a name of its own.
const isLoopback = (name: string) => name === 'localhost' || name === '[::1]' || (isIPv4(name) && name.startsWith('127.'));

export function createHostCheck(opts: HostCheckOptions): HostCheck {
  const configured = opts.host.toLowerCase();
  const own = configured.includes(':') && !configured.startsWith('[') ? `[${configured}]` : configured;
  const extra = (opts.allowedHosts ?? []).map(allowedHost);
  return (header) => {
    const h = header === undefined ? undefined : parseHost(header);
    if (!h) return false;
    const port = h.port ?? 80;
    if ((isLoopback(h.name) || h.name === own) && port === opts.port) return true;
    return extra.some((e) => e.name === h.name && (e.port === undefined || e.port === port));
  };
}
