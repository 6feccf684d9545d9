/**
 * The clock of referral attributions: a visit's time and a checkout's window are read here, so a test moves it
 * (`referralClock.advance`) to see an attribution run out without waiting days.
 */
export const referralClock = {
  offsetMs: 0,
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  },
  /** Moves this process's referral clock on by `ms` (tests). */
  advance(ms: number) {
    this.offsetMs += ms;
  },
  /** Puts the real clock back (tests). */
  reset() {
    this.offsetMs = 0;
  },
};
