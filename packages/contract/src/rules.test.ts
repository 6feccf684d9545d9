import { describe, expect, it } from 'vitest';
import { COURSE_STATUSES, COURSE_TRANSITIONS, mayStartFrom } from './course-rules.ts';
import { EP } from './endpoints.ts';
import { koboToNaira, nairaToKobo } from './money.ts';
import { OP_ROUTES } from './operation-routes.ts';
import { ROLE_TABLE, ROLES } from './roles.ts';

describe('money', () => {
  it('rounds naira to the nearest kobo and back', () => {
    expect(nairaToKobo(12500)).toBe(1_250_000);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1999)).toBe(19.99);
    expect(koboToNaira(1999.6)).toBe(20);
  });
});

describe('course transitions', () => {
  it('lets a tutor edit Pending and Rejected courses, delete only Pending ones; an admin review any', () => {
    const table = (action: keyof typeof COURSE_TRANSITIONS) =>
      COURSE_STATUSES.filter((s) => mayStartFrom(action, s));
    expect(table('edit')).toEqual(['Pending', 'Rejected']);
    expect(table('delete')).toEqual(['Pending']);
    expect(table('review')).toEqual(['Pending', 'Approved', 'Rejected']);
    expect(COURSE_TRANSITIONS.edit.to).toEqual(['Pending']);
  });
});

describe('roles', () => {
  it('gives every role its own login, reset and change calls among the API paths', () => {
    const paths = new Set<string>(Object.values(EP).filter((p) => typeof p === 'string'));
    for (const key of ['loginOp', 'resetOp', 'changeOp'] as const) {
      const calls = ROLES.map((r) => OP_ROUTES[ROLE_TABLE[r][key]].path);
      expect(new Set(calls).size).toBe(ROLES.length);
      for (const c of calls) expect(paths.has(c)).toBe(true);
    }
    expect(ROLES.map((r) => ROLE_TABLE[r].area)).toEqual(['/', '/tutor', '/admin']);
  });
});
