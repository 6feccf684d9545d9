import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeXhr } from '@/test/fake-xhr.ts';
import { freshEachTest, renderWithApp } from '@/test/render-with-app.tsx';
import { UploadField } from './UploadField.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });

freshEachTest({ session: 'tutor' });

const video = () => new File(['v'], 'lesson.mp4', { type: 'video/mp4' });

describe('UploadField', () => {
  it('sends type, name and then the file with the token, shows progress, and reports the url', async () => {
    const uploads = fakeXhr();
    const onUploaded = vi.fn();
    const onBusy = vi.fn();
    renderWithApp(
      <UploadField
        type="video"
        label="Series video"
        required
        value=""
        onUploaded={onUploaded}
        onBusyChange={onBusy}
      />,
    );
    await userEvent.upload(screen.getByLabelText('Series video'), video());
    const [upload] = uploads;
    expect(upload!.headers.apiKey).toBe(localStorage.getItem('token'));
    expect(upload!.fields.map(([k, v]) => [k, typeof v === 'string' ? v : (v as File).name])).toEqual([
      ['type', 'video'],
      ['name', 'lesson.mp4'],
      ['files', 'lesson.mp4'],
    ]);
    expect(onBusy).toHaveBeenLastCalledWith(true);
    act(() => upload!.progress(3, 4));
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getByLabelText('Series video')).toBeDisabled();
    act(() =>
      upload!.respond(200, { responseDto: { code: 'dk00', message: 'OK' }, url: '/media/videos/a.mp4' }),
    );
    await vi.waitFor(() =>
      expect(onUploaded).toHaveBeenCalledWith({ url: '/media/videos/a.mp4', fileName: 'lesson.mp4' }),
    );
    expect(onBusy).toHaveBeenLastCalledWith(false);
  });

  it("adds the server's reason to the failure message for a refused file", async () => {
    const uploads = fakeXhr();
    renderWithApp(<UploadField type="video" label="Series video" value="" onUploaded={vi.fn()} />);
    await userEvent.upload(screen.getByLabelText(/^Series video/), video());
    act(() =>
      uploads[0]!.respond(400, {
        responseDto: {
          code: 'dk96',
          message: 'The file is not a supported video. Upload an MP4, WebM or MOV file.',
        },
      }),
    );
    expect(
      await screen.findByText(
        'An error occurred while uploading video, please try again. The file is not a supported video. Upload an MP4, WebM or MOV file.',
      ),
    ).toBeInTheDocument();
  });

  it('a refused token ends the session', async () => {
    const uploads = fakeXhr();
    renderWithApp(<UploadField type="image" label="Course image" value="" onUploaded={vi.fn()} />);
    await userEvent.upload(
      screen.getByLabelText(/^Course image/),
      new File(['i'], 'a.png', { type: 'image/png' }),
    );
    act(() =>
      uploads[0]!.respond(401, { responseDto: { code: 'dk96', message: 'Your session has expired' } }),
    );
    expect(
      (await screen.findAllByText('An error occurred while uploading image, please try again.')).length,
    ).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
