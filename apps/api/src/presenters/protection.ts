import type { TDeviceDto } from '@app/contract/protection';
import { maskEmail } from '@app/contract/watermark';

/**
 * The viewer's name in the watermark: enough for them to know it is theirs and for a leak to be traced, not
 * enough to read off a recording ("ad•••@g•••.com", "•••••••4567").
 */
export function watermarkName(account: { email: string; phoneNumber: string } | null): string {
  if (!account) return 'Guest preview';
  const email = maskEmail(account.email);
  if (email) return email;
  const digits = account.phoneNumber.replace(/\D/g, '');
  return digits.length >= 4 ? `•••••••${digits.slice(-4)}` : 'DevLearn viewer';
}

/** The network an address is on, for counting networks (an IPv4 /24, an IPv6 /48); never the address. */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.0/24`;
  if (ip.includes(':')) {
    const groups = ip.split(':');
    return `${groups.slice(0, 3).join(':')}::/48`;
  }
  return null;
}

export function toDeviceDto(
  row: {
    id: number;
    keyHash: string;
    name: string | null;
    createdAt: Date;
    lastSeenAt: Date;
    watching: boolean;
  },
  currentHash: string | null,
): TDeviceDto {
  return {
    id: row.id,
    name: row.name ?? 'Unknown browser',
    current: row.keyHash === currentHash,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    watching: row.watching,
  };
}
