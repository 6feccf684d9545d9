import { describe, expect, it } from 'vitest';
import { COURSE_STATUSES, COURSE_TRANSITIONS, mayStartFrom } from './course-rules.ts';
import { koboToNaira, nairaToKobo } from './money.ts';
import { fillPath, OP_ROUTES, opPath, PLAIN_ROUTES } from './operation-routes.ts';
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
  it('gives every role its own login, reset and change calls', () => {
    for (const key of ['loginOp', 'resetOp', 'changeOp'] as const) {
      const calls = ROLES.map((r) => OP_ROUTES[ROLE_TABLE[r][key]].path);
      expect(new Set(calls).size).toBe(ROLES.length);
    }
    expect(ROLES.map((r) => ROLE_TABLE[r].area)).toEqual(['/', '/tutor', '/admin']);
  });
});

describe('the route tables', () => {
  it('declare each method and path once, across operations and plain calls', () => {
    const routes = [...Object.values(OP_ROUTES), ...Object.values(PLAIN_ROUTES)];
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
  });

  it('fill the values of a path, URL-encoded, and refuse a path with a value missing', () => {
    expect(opPath('singleCourse', { id: 5 })).toBe('/course/singlecourse/5');
    expect(opPath('courseCategories', { group: 'A B/C' })).toBe('/course/allcourseCategory/A%20B%2FC');
    expect(opPath('loginCustomer')).toBe('/login/customer');
    expect(() => fillPath(OP_ROUTES.singleCourse.path)).toThrow(':id');
  });
});
