import { Fragment, type ComponentChildren } from 'preact';

/**
 * A translated sentence with markup inside (a <strong>, a <code>): the
 * message keeps its `{name}` placeholders, each filled with an element here,
 * so translators still order the whole sentence. Get the text with the
 * placeholders kept: `t(key, keep('model', 'minimum'))`.
 */
export function Rich({ text, parts }: { text: string; parts: Readonly<Record<string, ComponentChildren>> }) {
  const pieces = text.split(/\{([A-Za-z0-9_]+)\}/);
  return <>{pieces.map((p, i) => (i % 2 === 0 ? p : <Fragment key={i}>{p in parts ? parts[p] : `{${p}}`}</Fragment>))}</>;
}

/** Named substitutions that leave the placeholders in the text, for <Rich>. */
export function keep<N extends string>(...names: N[]): Record<N, string> {
  return Object.fromEntries(names.map((n) => [n, `{${n}}`])) as Record<N, string>;
}
