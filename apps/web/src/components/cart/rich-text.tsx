import { Fragment, type ReactNode } from 'react';

const MARK = '\u0001';

/** A value's place in a translated message: `t(key, { name: slot('name') })`, then `rich(message, { name: node })`. */
export const slot = (name: string): string => `${MARK}${name}${MARK}`;

/**
 * A translated message with elements in it (a `<strong>` amount, a name): the message is formatted with `slot`s for
 * those values, wherever the language puts them, and each slot is replaced by its node.
 */
export function rich(message: string, nodes: Record<string, ReactNode>): ReactNode {
  return message
    .split(MARK)
    .map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{nodes[part]}</Fragment> : part));
}
