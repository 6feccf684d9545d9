import type { JoinTicket, LiveProvider, LiveRoom } from './provider.ts';

/** A meeting link the tutor pasted (any engine): given as it is, to members and staff only. */
export const linkProvider: LiveProvider = {
  name: 'link',
  async join(room: LiveRoom): Promise<JoinTicket> {
    if (!room.link) throw new Error('This session has no meeting link.');
    return { url: room.link, token: null };
  },
};
