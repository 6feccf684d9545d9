import { describe, expect, it } from 'vitest';
import { mayViewEarnings } from './payment.ts';

describe('mayViewEarnings', () => {
  const course = { tutorId: 7 };
  it('lets the owning tutor and any admin see a course’s buyers', () => {
    expect(mayViewEarnings({ id: 7, role: 'tutor' }, course)).toBe(true);
    expect(mayViewEarnings({ id: 1, role: 'admin' }, course)).toBe(true);
  });
  it('refuses other tutors and students, even one whose id matches the tutor', () => {
    expect(mayViewEarnings({ id: 8, role: 'tutor' }, course)).toBe(false);
    expect(mayViewEarnings({ id: 7, role: 'user' }, course)).toBe(false);
  });
});
