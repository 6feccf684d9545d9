import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TSeriesDto } from '@app/contract/courses';
import { NO_STREAM } from '@/test/series.ts';
import { freshEachTest } from '@/test/render-with-app.tsx';
import { LessonPlayer } from './LessonPlayer.tsx';

// A downloaded lesson (its files answered by the service worker) with captions in English and Pidgin.
const FILES: Record<string, string> = {
  '/offline/5/master.m3u8': [
    '#EXTM3U',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",URI="sub_en.m3u8"',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="pcm",NAME="Naijá",URI="sub_pcm.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240,SUBTITLES="subs"',
    'index.m3u8',
  ].join('\n'),
  '/offline/5/sub_en.m3u8': '#EXTM3U\n#EXTINF:12.000,\nsub_en.vtt\n#EXT-X-ENDLIST\n',
  '/offline/5/sub_pcm.m3u8': '#EXTM3U\n#EXTINF:12.000,\nsub_pcm.vtt\n#EXT-X-ENDLIST\n',
  '/offline/5/sub_en.vtt':
    'WEBVTT\n\n1\n00:00:00.500 --> 00:00:03.200\nWelcome to Kubernetes for Beginners.\n\n2\n00:00:03.400 --> 00:00:06.400\nWhy Kubernetes?\n',
  '/offline/5/sub_pcm.vtt':
    'WEBVTT\n\n1\n00:00:00.500 --> 00:00:03.200\nWelcome to Kubernetes for Beginners o.\n\n2\n00:00:03.400 --> 00:00:06.400\nWhy Kubernetes? Your app dey run inside containers.\n',
};

const lesson: TSeriesDto = {
  id: 5,
  title: 'Why Kubernetes',
  videoLink: null,
  resourceFile: null,
  videoFile: 'lesson-1.mp4',
  ...NO_STREAM,
  videoStatus: 'ready',
  hlsLink: '/offline/5/master.m3u8',
  durationSeconds: 12,
};

function renderLesson() {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = FILES[new URL(url, location.href).pathname];
      return Promise.resolve(body ? new Response(body) : new Response('no', { status: 404 }));
    }),
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <LessonPlayer lesson={lesson} courseId={1} trackProgress={false} startAt={null} onReload={() => {}} />
    </QueryClientProvider>,
  );
}

freshEachTest();

describe('captions in the player', () => {
  it('offers the captions in a CC menu that remembers the choice, and lists the chosen transcript', async () => {
    renderLesson();
    const menu = await screen.findByRole('combobox', { name: 'Captions' }, { timeout: 5000 });
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Off', 'English', 'Naijá']);
    expect(menu).toHaveValue('off');
    // With captions off, the transcript is the first language's.
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText('Welcome to Kubernetes for Beginners.')).toBeInTheDocument();

    await userEvent.selectOptions(menu, 'pcm');
    expect(localStorage.getItem('devlearn.video.captions')).toBe('pcm');
    expect(
      within(transcript).getByText('Why Kubernetes? Your app dey run inside containers.'),
    ).toBeInTheDocument();
  });

  it('starts with the language chosen last time, and a click on a line seeks to it', async () => {
    localStorage.setItem('devlearn.video.captions', 'pcm');
    renderLesson();
    expect(await screen.findByRole('combobox', { name: 'Captions' }, { timeout: 5000 })).toHaveValue('pcm');
    const video = document.querySelector('video')!;
    vi.spyOn(video, 'play').mockResolvedValue();
    await userEvent.click(screen.getByRole('button', { name: /Why Kubernetes\? Your app dey run/ }));
    expect(video.currentTime).toBe(3.4);
    expect(screen.getByRole('button', { name: /Why Kubernetes\? Your app dey run/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
