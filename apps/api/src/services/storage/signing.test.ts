import { describe, expect, it, vi } from 'vitest';
import { signKeyToken, verifyKeyToken, type KeyGrant } from './signing.ts';

const SECRET = 'signing-test-secret-signing-test-secret-0';
const grant = (over: Partial<KeyGrant> = {}): KeyGrant => ({
  stream: '0b7f4c1e-5a52-4d0e-9b7e-3f0e7f4e2a11',
  account: 7,
  session: 'a1c3f3b2-0d7e-4b39-8f0c-6d1f2b3c4d5e',
  device: 'ZGV2aWNlLWhhc2gtZGV2aWNlLWhhc2gtZGV2aWNlLWhh',
  ladder: '6f1d2c3b-4a59-4e8f-9d0c-1b2a3c4d5e6f',
  exp: 2_000_000_000,
  ...over,
});

/** The same token with one character of its part `i` (0: the grant, 1: the signature) changed. */
function altered(token: string, i: 0 | 1): string {
  const parts = token.split('.');
  const part = parts[i]!;
  parts[i] = part.slice(0, 5) + (part[5] === 'A' ? 'B' : 'A') + part.slice(6);
  return parts.join('.');
}

describe('key tokens', () => {
  it('passes the token it signed, with its grant, until its exp', () => {
    const token = signKeyToken(SECRET, grant());
    expect(verifyKeyToken(SECRET, token, 1_999_999_999)).toEqual({ check: 'ok', grant: grant() });
    expect(verifyKeyToken(SECRET, token, 2_000_000_001)).toEqual({ check: 'expired', grant: grant() });
  });

  it('refuses a changed signature or grant, also after the genuine token was taken', () => {
    const token = signKeyToken(SECRET, grant({ stream: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' }));
    expect(verifyKeyToken(SECRET, token, 1_000).check).toBe('ok');
    expect(verifyKeyToken(SECRET, altered(token, 1), 1_000)).toEqual({ check: 'invalid' });
    expect(verifyKeyToken(SECRET, altered(token, 0), 1_000)).toEqual({ check: 'invalid' });
    // A longer life written into the grant keeps the old signature: refused.
    const [, sig] = token.split('.');
    const longer = Buffer.from(JSON.stringify({ ...grant(), exp: 2_100_000_000 })).toString('base64url');
    expect(verifyKeyToken(SECRET, `${longer}.${sig}`, 1_000)).toEqual({ check: 'invalid' });
  });

  it('refuses a token signed under another secret, also one this process signed', () => {
    const token = signKeyToken(`${SECRET}-other`, grant());
    expect(verifyKeyToken(SECRET, token, 1_000)).toEqual({ check: 'invalid' });
    expect(verifyKeyToken(`${SECRET}-other`, token, 1_000).check).toBe('ok');
  });

  it('passes by its signature a token another instance signed', async () => {
    const token = signKeyToken(SECRET, grant({ account: 8 }));
    // A fresh copy of the module is another instance: it has checked no token yet.
    vi.resetModules();
    const other = await import('./signing.ts');
    expect(other.verifyKeyToken(SECRET, token, 1_000)).toEqual({ check: 'ok', grant: grant({ account: 8 }) });
    expect(other.verifyKeyToken(SECRET, altered(token, 1), 1_000)).toEqual({ check: 'invalid' });
  });
});
