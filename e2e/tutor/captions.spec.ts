import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiCall, newTutor, openAs } from '../fixtures.ts';
import { mp4File, pngFile, uploadFile } from './helpers.ts';

// A tutor manages a lesson's captions on the edit screen: a broken SRT is refused with its line, a good one is
// converted and listed, a second language added, one deleted.

const srt = (text: string) => ({ mimeType: 'application/x-subrip', buffer: Buffer.from(text) });

test('a tutor uploads, fixes and deletes captions of a lesson', async ({ page, request }) => {
  const tutor = await newTutor(request);
  const token = tutor.token!;
  const image = await uploadFile(request, token, 'image', pngFile('cover.png'));
  const lesson = await uploadFile(request, token, 'video', mp4File('intro.mp4'));
  const created = await apiCall<{ coursesDto: { id: number } }>(
    request,
    '/course/tutoraddcourses',
    {
      title: `Captions course ${randomUUID().slice(0, 8)}`,
      description: 'A course that gets captions.',
      nairaPrice: 4000,
      courseImageUrl: image,
      courseVideoUrl: null,
      courseGroup: 'QualityAssurance',
      courseCategory: 'SoftwareTester',
      sectionDto: [{ title: 'Start', seriesList: [{ title: 'Intro', videoLink: lesson }] }],
    },
    token,
  );

  await openAs(page, 'tutor', tutor, `/tutor/edit-course/${created.coursesDto.id}`);
  await page.getByRole('button', { name: 'Captions' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Captions' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Intro' });
  await expect(page.getByText('No captions yet.')).toBeVisible();

  await form.getByLabel('Caption file').setInputFiles({
    name: 'intro.en.srt',
    ...srt(
      '1\r\n00:00:01,000 --> 00:00:03,000\r\nHello.\r\n\r\n2\r\n00:00:03,500 -> 00:00:05,000\r\nBye.\r\n',
    ),
  });
  await form.getByRole('button', { name: 'Upload captions' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'intro.en.srt: Line 6: expected the timing of cue 2, like 00:00:01,000 --> 00:00:04,000, found "00:00:03,500 -> 00:00:05,000".',
  );

  await form.getByLabel('Caption file').setInputFiles({
    name: 'intro.en.srt',
    ...srt(
      '\uFEFF1\r\n00:00:01,000 --> 00:00:03,000\r\nHello.\r\n\r\n2\r\n00:00:03,500 --> 00:00:05,000\r\nBye.\r\n',
    ),
  });
  await form.getByRole('button', { name: 'Upload captions' }).click();
  await expect(page.getByText('Captions saved: English, 2 lines')).toBeVisible();
  const list = page.getByRole('list', { name: 'Captions of Intro' });
  await expect(list.getByRole('listitem')).toHaveText([/English \(en\) · 2 lines · intro\.en\.srt/]);

  await form.getByLabel('Language').selectOption({ label: 'Naijá' });
  await form.getByLabel('Caption file').setInputFiles({
    name: 'intro.pcm.vtt',
    mimeType: 'text/vtt',
    buffer: Buffer.from('WEBVTT\n\n00:01.000 --> 00:03.000\nHow far?\n'),
  });
  await form.getByRole('button', { name: 'Upload captions' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').nth(1)).toContainText('Naijá (pcm) · 1 line · intro.pcm.vtt');

  await list.getByRole('button', { name: 'Delete the English captions of Intro' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Naijá');
});
