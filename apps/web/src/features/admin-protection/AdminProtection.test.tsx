import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { AdminProtection } from './AdminProtection.tsx';

const ok = { code: 'dk00', message: 'Success' };
const stream = {
  code: 'K7Q2MX',
  accountId: 41,
  email: 'ada@example.com',
  fullName: 'Ada Obi',
  deviceId: 9,
  deviceName: 'Chrome on Android',
  courseTitle: 'Docker and CI/CD Pipelines',
  lessonTitle: 'Images and layers',
  network: '102.89.0.0/16',
  startedAt: '2026-11-27T19:00:00.000Z',
  lastBeatAt: '2026-11-27T19:40:00.000Z',
  endedAt: null,
  tamperedAt: '2026-11-27T19:20:00.000Z',
};

freshEachTest({ session: 'admin' });

function server({ found = true } = {}) {
  const asked: { path: string; body: unknown }[] = [];
  mockApi((path, init) => {
    asked.push({ path, body: init.json });
    if (path === '/admin/watermark')
      return found
        ? { body: { responseDto: ok, stream } }
        : { status: 404, body: { responseDto: { code: 'dk04', message: 'No playback has this code.' } } };
    if (path === '/admin/sharing')
      return {
        body: {
          responseDto: ok,
          limit: 5,
          rows: [
            {
              accountId: 41,
              email: 'ada@example.com',
              fullName: 'Ada Obi',
              day: '2026-11-27',
              networks: 7,
              streams: 12,
            },
          ],
        },
      };
    return { body: { responseDto: ok, total: 40, encrypted: 38, plain: 2 } };
  });
  return asked;
}

describe('video protection (admin)', () => {
  it('finds the viewer behind a watermark code: account, device, lesson, time and a removed watermark', async () => {
    const asked = server();
    renderWithApp(<AdminProtection />);
    await userEvent.type(screen.getByLabelText('Code seen in the recording'), ' K7Q2MX ');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByLabelText('Viewer');
    expect(asked.find((a) => a.path === '/admin/watermark')?.body).toEqual({ code: 'K7Q2MX' });
    expect(within(found).getByText('Ada Obi (ada@example.com)')).toBeInTheDocument();
    expect(within(found).getByText('Chrome on Android')).toBeInTheDocument();
    expect(within(found).getByText('Docker and CI/CD Pipelines · Images and layers')).toBeInTheDocument();
    expect(within(found).getByText('Watermark removed')).toBeInTheDocument();
  });

  it('says why a code finds nothing', async () => {
    server({ found: false });
    renderWithApp(<AdminProtection />);
    await userEvent.type(screen.getByLabelText('Code seen in the recording'), 'ZZZZ99');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No playback has this code.');
    expect(screen.queryByLabelText('Viewer')).not.toBeInTheDocument();
  });

  it('lists the accounts played from too many networks, and the encryption under way', async () => {
    server();
    renderWithApp(<AdminProtection />);
    expect(
      await screen.findByText('Accounts that played from more than 5 networks in one day.'),
    ).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Ada Obi/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ada Obi (ada@example.com)', '2026-11-27', '7', '12']);
    expect(
      await screen.findByText('38 of 40 lesson videos encrypted · 2 being re-encrypted.'),
    ).toBeInTheDocument();
  });
});
