import { createHash } from 'node:crypto';
import type { JoinTicket, LivePerson, LiveProvider, LiveRoom } from './provider.ts';

export type BbbConfig = { url: string; secret: string };

/**
 * BigBlueButton's documented checksum: SHA-1 of the call's name, its query string (as sent, without the checksum)
 * and the shared secret, concatenated.
 */
export function bbbChecksum(call: string, query: string, secret: string): string {
  return createHash('sha1')
    .update(call + query + secret)
    .digest('hex');
}

/** `<BBB_URL>/api/<call>?<query>&checksum=…`, the parameters in the order given. */
export function bbbUrl(config: BbbConfig, call: string, params: [string, string][]): string {
  const query = new URLSearchParams(params).toString();
  return `${config.url}/api/${call}?${query}&checksum=${bbbChecksum(call, query, config.secret)}`;
}

/** The `create` call of a session's meeting (idempotent on BigBlueButton's side for the same meetingID). */
export function bbbCreateUrl(config: BbbConfig, room: LiveRoom): string {
  return bbbUrl(config, 'create', [
    ['name', room.title],
    ['meetingID', room.room],
    ['attendeePW', room.attendeePassword],
    ['moderatorPW', room.moderatorPassword],
    ['duration', String(room.durationMinutes + 15)],
  ]);
}

/** BigBlueButton: the meeting is created (signed `create`), then the person joins with their role's password. */
export function bbbProvider(config: BbbConfig, fetchFn: typeof fetch = fetch): LiveProvider {
  return {
    name: 'bbb',
    async join(room: LiveRoom, person: LivePerson): Promise<JoinTicket> {
      const created = await fetchFn(bbbCreateUrl(config, room)).catch(() => null);
      if (!created?.ok) throw new Error('The BigBlueButton server did not create the meeting.');
      const url = bbbUrl(config, 'join', [
        ['fullName', person.name],
        ['meetingID', room.room],
        ['password', person.moderator ? room.moderatorPassword : room.attendeePassword],
        ['userID', String(person.id)],
        ['redirect', 'true'],
      ]);
      return { url, token: null };
    },
  };
}
