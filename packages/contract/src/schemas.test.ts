import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as accounts from './accounts.ts';
import * as common from './common.ts';
import * as courses from './courses.ts';
import * as health from './health.ts';
import * as media from './media.ts';
import * as notifications from './notifications.ts';
import * as payments from './payments.ts';
import * as reviews from './reviews.ts';
import * as wishlist from './wishlist.ts';

/**
 * Every exported schema of the contract against a good and a bad sample. A good sample is built from the schema's
 * shape (the smallest valid value of each field) unless GOOD names one; a bad one is a wrong type for the schema,
 * or for the first field of an object (BAD names it where that is not enough). A new schema is covered at once; a
 * schema whose rules the builder cannot satisfy (a pattern, a cross-field rule) needs its sample written below.
 */
const MODULES = { accounts, common, courses, health, media, notifications, payments, reviews, wishlist };

/** Fields whose rule is a pattern or another field: their sample wherever they appear. */
const FIELDS: Record<string, unknown> = {
  phoneNumber: '+234 803 000 0000',
  accountNumber: '0123456789',
  otp: '123456',
  password: 'password1',
  newPassword: 'password1',
  oldPassword: 'password1',
  confirmPassword: 'password1',
  certificateUrl: 'https://example.com/c.pdf',
  reference: 'DL-abc123-00ff',
  coupon: 'SAVE10',
  language: 'yo',
};

const signup = {
  fullName: 'Ada Obi',
  email: 'ada@example.com',
  phoneNumber: '+234 803 000 0000',
  password: 'password1',
  confirmPassword: 'password1',
};

const GOOD: Record<string, unknown> = {
  ZPhone: FIELDS.phoneNumber,
  ZTokenClaims: { sub: '1', role: 'tutor', exp: 1_900_000_000 },
  ZCourseLanguage: 'pcm',
};

const BAD: Record<string, unknown> = {
  ZUserSignupRequest: { ...signup, confirmPassword: 'password2' },
  ZPassword: 'short',
  ZEmail: 'not-an-email',
  ZPhone: 'call me',
  ZAge: 12,
  ZCertificateUrl: 'ftp://example.com/c.pdf',
  ZIdInput: 0,
  ZNairaPrice: 10.005,
  ZPageRequest: { pageSize: 1000 },
  ZChargeRequest: { courseIds: 'all' },
  ZProcessCourseRequest: { id: 1, status: 'Rejected', reason: 'no' },
  ZPaymentReference: 'has spaces',
};

type Def = { type: string } & Record<string, unknown>;
const defOf = (s: unknown): Def => (s as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def) =>
  ((d.checks as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def);

/** The smallest value the schema's shape accepts (refinements aside). */
function sample(schema: unknown): unknown {
  const d = defOf(schema);
  switch (d.type) {
    case 'string': {
      const formats = [d, ...checksOf(d)].map((c) => c.format).filter(Boolean);
      if (formats.includes('email')) return 'ada@example.com';
      if (formats.includes('url')) return 'https://example.com/a';
      if (formats.includes('datetime')) return '2026-01-01T00:00:00.000Z';
      const min = Math.max(1, ...checksOf(d).map((c) => (c.check === 'min_length' ? Number(c.minimum) : 0)));
      return 'a'.repeat(min);
    }
    case 'number': {
      const min = checksOf(d)
        .filter((c) => c.check === 'greater_than')
        .map((c) => Number(c.value) + (c.inclusive ? 0 : 1));
      return Math.max(1, ...min);
    }
    case 'boolean':
      return true;
    case 'bigint':
      return 1n;
    case 'date':
      return new Date('2026-01-01T00:00:00Z');
    case 'null':
      return null;
    case 'any':
    case 'unknown':
      return 'anything';
    case 'literal':
      return (d.values as unknown[])[0];
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0];
    case 'array': {
      const min = Math.max(1, ...checksOf(d).map((c) => (c.check === 'min_length' ? Number(c.minimum) : 0)));
      return Array.from({ length: min }, () => sample(d.element));
    }
    case 'object':
      return Object.fromEntries(
        Object.entries(d.shape as Record<string, unknown>).map(([k, v]) => [
          k,
          k in FIELDS ? FIELDS[k] : sample(v),
        ]),
      );
    case 'tuple':
      return (d.items as unknown[]).map(sample);
    case 'record':
      return { a: sample(d.valueType) };
    case 'union':
      return sample((d.options as unknown[])[0]);
    case 'pipe': {
      // The input side first (a string that a transform turns into a number); else what the output side takes.
      const first = sample(d.in);
      return (schema as z.ZodType).safeParse(first).success ? first : sample(d.out);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(d.innerType);
    case 'lazy':
      return sample((d.getter as () => unknown)());
    default:
      throw new Error(`No sample for a ${d.type} schema: write one in GOOD`);
  }
}

/** A value of the wrong type: for an object, its first field given a value no field type takes. */
function wrong(schema: unknown): unknown {
  const d = defOf(schema);
  if (d.type === 'object') {
    const [key] = Object.keys(d.shape as object);
    return key === undefined ? 'not an object' : { ...(sample(schema) as object), [key]: { wrong: [] } };
  }
  return { wrong: [] };
}

const schemas = Object.entries(MODULES).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => name.startsWith('Z') && value instanceof z.ZodType)
    .map(([name, schema]) => [`${module}.${name}`, name, schema as z.ZodType] as const),
);

describe('contract schemas', () => {
  it('finds the schemas of every module', () => {
    expect(schemas.length).toBeGreaterThan(90);
  });

  it.each(schemas)('%s accepts a good sample', (_label, name, schema) => {
    const good = name in GOOD ? GOOD[name] : sample(schema);
    const result = schema.safeParse(good);
    expect(result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? []).toEqual([]);
  });

  it.each(schemas)('%s refuses a bad sample', (_label, name, schema) => {
    const bad = name in BAD ? BAD[name] : wrong(schema);
    expect(schema.safeParse(bad).success).toBe(false);
  });

  it('refuses a sign-up whose passwords differ, naming the confirmation', () => {
    const r = accounts.ZUserSignupRequest.safeParse({ ...signup, confirmPassword: 'password2' });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', 'Passwords do not match.'],
    ]);
  });
});
