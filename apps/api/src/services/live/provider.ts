import type { TLiveProvider } from '@app/contract/cohort-rules';

/** A live session as an engine needs it. */
export type LiveRoom = {
  id: number;
  title: string;
  room: string;
  startsAt: Date;
  durationMinutes: number;
  link: string | null;
  moderatorPassword: string;
  attendeePassword: string;
};

/** Who joins: the course's staff join as moderators. */
export type LivePerson = { id: number; name: string; email: string; moderator: boolean };

/** Where a person goes to join, and the token the engine asks for (Jitsi), if any. */
export type JoinTicket = { url: string; token: string | null };

/**
 * One meeting engine (docs/cohorts.md, "Live sessions"): it turns a session and a person into a join URL (and
 * a token), signed so that only who we sent it to can enter. We never run video ourselves.
 */
export interface LiveProvider {
  readonly name: TLiveProvider;
  join(room: LiveRoom, person: LivePerson): Promise<JoinTicket>;
}
