import { describe, expect, it } from 'vitest';
import { loadCaptionTracks, parseSubtitleRenditions, parseVtt, plainText } from './captions.ts';

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=NO,FORCED=NO,URI="subs/5/en.m3u8"',
  '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="pcm",NAME="Naijá",DEFAULT=NO,AUTOSELECT=NO,FORCED=NO,URI="subs/5/pcm.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240,SUBTITLES="subs"',
  '240p/index.m3u8',
].join('\n');

const VTT = `WEBVTT
X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000

1
00:00:00.500 --> 00:00:03.200
Welcome to <i>Kubernetes</i> &amp; friends.

2
01:00:03.400 --> 01:00:06.400 align:start
Two lines
of text.
`;

describe('captions from the HLS master playlist', () => {
  it('reads the subtitle renditions, their URLs against the master', () => {
    expect(parseSubtitleRenditions(MASTER, 'https://x.test/media/hls/tok/id/master.m3u8?lesson=5')).toEqual([
      { language: 'en', label: 'English', url: 'https://x.test/media/hls/tok/id/subs/5/en.m3u8' },
      { language: 'pcm', label: 'Naijá', url: 'https://x.test/media/hls/tok/id/subs/5/pcm.m3u8' },
    ]);
  });

  it('reads the cues of a WebVTT file', () => {
    expect(parseVtt(VTT)).toEqual([
      { start: 0.5, end: 3.2, text: 'Welcome to <i>Kubernetes</i> &amp; friends.' },
      { start: 3603.4, end: 3606.4, text: 'Two lines\nof text.' },
    ]);
    expect(plainText('Welcome to <i>Kubernetes</i> &amp; friends.')).toBe('Welcome to Kubernetes & friends.');
  });

  it('loads every track through its playlist, leaving out one that fails', async () => {
    const files: Record<string, string> = {
      '/offline/5/master.m3u8': MASTER,
      '/offline/5/subs/5/en.m3u8': '#EXTM3U\n#EXTINF:12.000,\nen.vtt\n#EXT-X-ENDLIST\n',
      '/offline/5/subs/5/en.vtt': VTT,
    };
    const get = (url: string) => {
      const body = files[new URL(url).pathname];
      return Promise.resolve(body ? new Response(body) : new Response('no', { status: 404 }));
    };
    const tracks = await loadCaptionTracks('/offline/5/master.m3u8', get);
    expect(tracks.map((t) => [t.language, t.label, t.cues.length])).toEqual([['en', 'English', 2]]);
  });
});
