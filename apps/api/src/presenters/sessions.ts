import type { TSessionDto } from '@app/contract/security';

/** "Chrome on Android" from a user agent: the common browsers and systems, no library. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const ua = userAgent;
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /SamsungBrowser\//.test(ua)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS\//.test(ua)
          ? 'Firefox'
          : /Chrome\/|CriOS\/|Chromium\//.test(ua)
            ? 'Chrome'
            : /Safari\//.test(ua) && /Version\//.test(ua)
              ? 'Safari'
              : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  // An app or a script ("curl/8.5.0"): its own name.
  const first = /^([A-Za-z][\w.-]{0,40})\//.exec(ua)?.[1];
  return first ?? 'Unknown browser';
}

/**
 * The IP's first parts only ("102.89.x.x", "2c0f:f4c0:…"): enough for a person to tell a network, never the
 * address itself; stored in place of the IP.
 */
export function ipPrefix(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip === '::1') return ip;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter(Boolean).slice(0, 2);
    return groups.length ? `${groups.join(':')}:…` : null;
  }
  return null;
}

/** Where a session was seen, in words: the network's first parts, or "this computer" for a local address. */
export function placeOf(prefix: string | null): string {
  if (!prefix) return 'Unknown place';
  if (/^127\.|^::1$/.test(prefix)) return 'This computer';
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(prefix)) return `Local network (${prefix})`;
  return `Network ${prefix}`;
}

export function toSessionDto(
  row: { id: string; userAgent: string | null; ipPrefix: string | null; createdAt: Date; lastSeenAt: Date },
  currentId: string | null,
): TSessionDto {
  return {
    id: row.id,
    browser: browserName(row.userAgent),
    place: placeOf(row.ipPrefix),
    firstSeen: row.createdAt.toISOString(),
    lastSeen: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}
