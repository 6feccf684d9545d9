import { JOIN_OPENS_MINUTES, type TLiveProvider } from '@app/contract/cohort-rules';
import type { Config } from '../../config.ts';
import { bbbProvider } from './bbb.ts';
import { jitsiProvider } from './jitsi.ts';
import { linkProvider } from './link.ts';
import type { LiveProvider } from './provider.ts';

export type LiveProviders = Partial<Record<TLiveProvider, LiveProvider>>;

/** The engines this server offers: a pasted link always, Jitsi and BigBlueButton when configured. */
export function liveProviders(config: Pick<Config, 'live'>): LiveProviders {
  return {
    link: linkProvider,
    ...(config.live.jitsi ? { jitsi: jitsiProvider(config.live.jitsi, JOIN_OPENS_MINUTES) } : {}),
    ...(config.live.bbb ? { bbb: bbbProvider(config.live.bbb) } : {}),
  };
}
