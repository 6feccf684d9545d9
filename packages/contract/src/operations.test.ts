import { describe, expect, it } from 'vitest';
import { OP_ROUTES } from './operation-routes.ts';
import { OPS } from './operations.ts';
import { ACCOUNT_OPS } from './operations-accounts.ts';
import { ASSIGNMENT_OPS } from './operations-assignments.ts';
import { COMMUNITY_OPS } from './operations-community.ts';
import { COURSE_OPS } from './operations-courses.ts';
import { MONEY_OPS } from './operations-money.ts';
import { COHORT_OPS } from './operations-cohorts.ts';
import { PROTECTION_OPS } from './operations-protection.ts';
import { GIFT_OPS } from './operations-gifts.ts';
import { TEAM_OPS } from './operations-teams.ts';
import { CAPTION_OPS } from './operations-captions.ts';

describe('the operations by area', () => {
  it('declare every operation of OP_ROUTES in exactly one area', () => {
    const declared = [
      COURSE_OPS,
      ACCOUNT_OPS,
      MONEY_OPS,
      COMMUNITY_OPS,
      COHORT_OPS,
      PROTECTION_OPS,
      ASSIGNMENT_OPS,
      GIFT_OPS,
      TEAM_OPS,
      CAPTION_OPS,
    ].flatMap((area) => Object.keys(area));
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.sort()).toEqual(Object.keys(OP_ROUTES).sort());
    expect(Object.keys(OPS).sort()).toEqual(Object.keys(OP_ROUTES).sort());
  });
});
