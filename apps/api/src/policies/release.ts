import type { TReleaseKind } from '@app/contract/cohort-rules';
import { lagosDayAt, lagosText } from '../lib/cohort-clock.ts';
import { forbidden } from '../errors.ts';

/** A section's release rule (db: section_release_rules). */
export type ReleaseRule = { kind: TReleaseKind; days: number; localTime: string; opensAt: Date | null };

/** What the rules of one member's sections are computed from. */
export type MemberFacts = {
  cohort: { startsAt: Date };
  /** When the member's seat was taken (the enrolment day). */
  enrolledAt: Date;
  /** The course's sections in order. */
  sections: { id: number }[];
  rules: ReadonlyMap<number, ReleaseRule>;
  /** Sections recorded as released to this member or to the whole cohort: open for good. */
  released: ReadonlySet<number>;
  /** Sections whose every lesson the member has watched. */
  complete: ReadonlySet<number>;
};

/** A section as one member finds it: open or not, when it opens (null when that is not a date) and whether this
 * is the first time it is open (to be recorded). */
export type SectionState = { open: boolean; opensAt: Date | null; newlyOpen: boolean };

/** When a rule opens a section for a member (null for `after_previous`, which waits for work, not a date). */
export function ruleOpensAt(
  rule: ReleaseRule,
  facts: Pick<MemberFacts, 'cohort' | 'enrolledAt'>,
): Date | null {
  switch (rule.kind) {
    case 'cohort_day':
      return lagosDayAt(facts.cohort.startsAt, rule.days, rule.localTime);
    case 'enrolment_day':
      return new Date(facts.enrolledAt.getTime() + rule.days * 24 * 60 * 60_000);
    case 'date':
      return rule.opensAt;
    case 'after_previous':
      return null;
  }
}

/**
 * THE release rule of a cohort member's sections at `now`: a section recorded as released stays open (a released
 * lesson never locks again); one without a rule is open (and recorded, so a rule added later cannot lock it); a dated rule opens at its moment; `after_previous` opens
 * once the previous section is open and complete. Sections that open now for the first time are marked, so the
 * caller records them.
 */
export function sectionStates(facts: MemberFacts, now: Date): Map<number, SectionState> {
  const states = new Map<number, SectionState>();
  let previous: { id: number; open: boolean } | null = null;
  for (const s of facts.sections) {
    const rule = facts.rules.get(s.id);
    let state: SectionState;
    if (facts.released.has(s.id)) state = { open: true, opensAt: null, newlyOpen: false };
    else if (!rule) state = { open: true, opensAt: null, newlyOpen: true };
    else if (rule.kind === 'after_previous') {
      const open = previous === null || (previous.open && facts.complete.has(previous.id));
      state = { open, opensAt: null, newlyOpen: open };
    } else {
      const opensAt = ruleOpensAt(rule, facts);
      const open = opensAt !== null && opensAt.getTime() <= now.getTime();
      state = { open, opensAt: open ? null : opensAt, newlyOpen: open };
    }
    states.set(s.id, state);
    previous = { id: s.id, open: state.open };
  }
  return states;
}

/** The refusal of an unreleased lesson's media, quiz or download. */
export function lockedMessage(state: Pick<SectionState, 'opensAt'>): string {
  return state.opensAt
    ? `This lesson opens on ${lagosText(state.opensAt)}.`
    : 'This lesson opens when you complete the previous section.';
}

/** 403 unless the section is open for the caller (no state: not a cohort member, nothing locked). */
export function assertReleased(state: SectionState | undefined): void {
  if (state && !state.open) forbidden(lockedMessage(state));
}
