import { SignJWT } from 'jose';
import type { JoinTicket, LivePerson, LiveProvider, LiveRoom } from './provider.ts';

export type JitsiConfig = { url: string; appId: string; appSecret: string; audience: string };

/** The token may be used from when joining opens until the session ends (seconds of slack either side). */
const SLACK_SECONDS = 60;

/**
 * Self-hosted Jitsi Meet with JWT authentication (prosody's token auth): a token per person, HS256 with
 * JITSI_APP_SECRET, `iss` JITSI_APP_ID, `aud` JITSI_AUDIENCE, `sub` the Jitsi host, `room` the session's room,
 * `nbf`/`exp` around the session's join window, and `context.user` naming the person (moderator for staff).
 */
export function jitsiProvider(config: JitsiConfig, joinOpensMinutes: number): LiveProvider {
  const key = new TextEncoder().encode(config.appSecret);
  const host = new URL(config.url).hostname;
  return {
    name: 'jitsi',
    async join(room: LiveRoom, person: LivePerson): Promise<JoinTicket> {
      const start = Math.floor(room.startsAt.getTime() / 1000);
      const token = await new SignJWT({
        room: room.room,
        context: {
          user: {
            id: String(person.id),
            name: person.name,
            email: person.email,
            moderator: person.moderator,
          },
        },
        moderator: person.moderator,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(config.appId)
        .setAudience(config.audience)
        .setSubject(host)
        .setNotBefore(start - joinOpensMinutes * 60 - SLACK_SECONDS)
        .setExpirationTime(start + room.durationMinutes * 60 + SLACK_SECONDS)
        .setIssuedAt()
        .sign(key);
      return { url: `${config.url}/${encodeURIComponent(room.room)}?jwt=${token}`, token };
    },
  };
}
