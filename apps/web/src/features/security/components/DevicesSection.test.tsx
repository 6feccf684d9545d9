import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDeviceDto } from '@app/contract/protection';
import { activateLocale, t } from '@/lib/i18n/index.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { DevicesSection } from './DevicesSection.tsx';

const ok = { code: 'dk00', message: 'Success' };
const device = (id: number, name: string, more: Partial<TDeviceDto> = {}): TDeviceDto => ({
  id,
  name,
  current: false,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-28T18:30:00.000Z',
  watching: false,
  ...more,
});

freshEachTest({ session: 'user' });
afterEach(() => activateLocale('en'));

describe('devices under Security', () => {
  it('lists the devices against the limit, marks this one and the one watching, and removes one', async () => {
    let devices = [
      device(1, 'Chrome on Android', { current: true }),
      device(2, 'Safari on iPhone', { watching: true }),
      device(3, 'Firefox on Linux'),
    ];
    const asked: { path: string; body: unknown }[] = [];
    mockApi((path, init) => {
      asked.push({ path, body: init.json });
      if (path === '/device/remove') {
        const id = (init.json as { id: number }).id;
        devices = devices.filter((d) => d.id !== id);
        return { body: { responseDto: { code: 'dk00', message: 'Device removed.' } } };
      }
      return { body: { responseDto: ok, devices, maxDevices: 3, thisDevice: 'registered' } };
    });
    renderWithApp(<DevicesSection />);

    expect(
      await screen.findByText(/^3 of 3 devices\. Downloads count too\./, { exact: false }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    const mine = within(list).getByText('Chrome on Android').closest('li')!;
    expect(within(mine).getByText(/This device/)).toBeInTheDocument();
    const phone = within(list).getByText('Safari on iPhone').closest('li')!;
    expect(within(phone).getByText(/Watching now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Chrome on Android (this device)' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Firefox on Linux' }));
    expect(await screen.findByText('Device removed.')).toBeInTheDocument();
    expect(asked.find((a) => a.path === '/device/remove')?.body).toEqual({ id: 3 });
    expect(await screen.findByText(/^2 of 3 devices\./)).toBeInTheDocument();
    expect(screen.queryByText('Firefox on Linux')).not.toBeInTheDocument();
  });

  it('tells a removed device in the active language, not the server’s English', async () => {
    await activateLocale('ha');
    mockApi((path) =>
      path === '/device/remove'
        ? { body: { responseDto: { code: 'dk00', message: 'Device removed.' } } }
        : {
            body: {
              responseDto: ok,
              devices: [device(1, 'Chrome on Android', { current: true }), device(3, 'Firefox on Linux')],
              maxDevices: 3,
              thisDevice: 'registered',
            },
          },
    );
    renderWithApp(<DevicesSection />);
    await userEvent.click(
      await screen.findByRole('button', {
        name: t('security.devices.removeLabel', { name: 'Firefox on Linux' }),
      }),
    );
    expect(await screen.findByText("An cire na'urar.")).toBeInTheDocument();
    expect(screen.queryByText('Device removed.')).toBeNull();
  });

  it('says so when the devices cannot be loaded', async () => {
    mockApi(() => ({
      status: 500,
      body: { responseDto: { code: 'dk99', message: 'Something went wrong' } },
    }));
    renderWithApp(<DevicesSection />);
    expect(await screen.findByText('Could not load your devices.')).toBeInTheDocument();
  });
});
