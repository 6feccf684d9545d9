import type { ElementType } from 'react';
import './linkified-text.css';

/** A piece of a user's text: plain text, or an http(s) link with the text it was written as. */
export type TextPart = string | { href: string; text: string };

// A run of characters that cannot end a link in prose; quotes and angle brackets never belong to one.
const URL_RUN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,;:!?)\]}*_~]+$/;

/** The link of `candidate` when it is an http(s) URL the browser reads the same way, else null. */
function httpLink(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a user's text into plain strings and http(s) links. Only `http://` and `https://` are ever linked (never
 * `javascript:`, `data:` or a bare domain); closing punctuation after a URL stays text. Joining every part's text
 * gives the input back unchanged.
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_RUN)) {
    let raw = match[0];
    // A ')' that closes a '(' inside the URL belongs to it (Wikipedia links); one closing the prose does not.
    const trail = TRAILING.exec(raw)?.[0] ?? '';
    let keep = raw.length - trail.length;
    for (const ch of trail) {
      const opened = (raw.slice(0, keep).match(/\(/g) ?? []).length;
      const closed = (raw.slice(0, keep).match(/\)/g) ?? []).length;
      if (ch === ')' && opened > closed) keep += 1;
      else break;
    }
    raw = raw.slice(0, keep);
    const href = httpLink(raw);
    if (!href) continue;
    const start = match.index;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ href, text: raw });
    at = start + raw.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * A user's text as plain text with its line breaks kept (CSS `pre-wrap`), its http(s) links clickable in a new tab
 * with `rel="nofollow noopener"`. No HTML from the text is ever rendered: React creates only text nodes and `<a>`
 * elements, so markup in the text shows as the characters it is.
 */
export function LinkifiedText({
  text,
  as: Tag = 'p',
  className,
}: {
  text: string;
  as?: ElementType;
  className?: string;
}) {
  return (
    <Tag className={className ? `user-text ${className}` : 'user-text'}>
      {linkify(text).map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={i} href={part.href} target="_blank" rel="nofollow noopener">
            {part.text}
          </a>
        ),
      )}
    </Tag>
  );
}
