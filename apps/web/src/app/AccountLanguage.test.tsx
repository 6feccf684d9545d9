import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import NotificationsPage from '@/features/notifications/NotificationsPage.tsx';
import { activateLocale } from '@/lib/i18n/index.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { Frame } from './Frame.tsx';

const ok = { code: 'dk00', message: 'ok' };
// What the server writes in the account's language: the notification's text.
const MESSAGES = { en: 'You bought Python basics.', yo: 'O ra Python basics.' } as const;

freshEachTest();

describe("the account's language", () => {
  let saved: 'en' | 'yo';
  beforeEach(async () => {
    await activateLocale('en');
    saved = 'en';
    mockApi((path, { json }) => {
      if (path === '/account/language/get') return { body: { responseDto: ok, language: saved } };
      if (path === '/account/language') {
        saved = (json as { language: 'en' | 'yo' }).language;
        return { body: { responseDto: ok, language: saved } };
      }
      if (path === '/notification/list')
        return {
          body: {
            responseDto: ok,
            notifications: [
              {
                id: 1,
                type: 'purchase',
                message: MESSAGES[saved],
                link: null,
                read: false,
                timeCreated: '2026-11-29T10:00:00.000Z',
              },
            ],
            unreadCount: 1,
            totalData: 1,
          },
        };
      return { body: { responseDto: ok, coursesDtos: [], totalData: 0 } };
    });
  });

  it('a language picked in the header is saved on the account, and the notifications are fetched in it', async () => {
    storeSession('user');
    renderWithApp(
      <Route element={<Frame />}>
        <Route path="*" element={<NotificationsPage />} />
      </Route>,
      { path: '/home/notifications', asRoutes: true },
    );
    expect(await screen.findByText(MESSAGES.en)).toBeInTheDocument();
    const header = screen.getByRole('banner');
    await userEvent.selectOptions(within(header).getAllByRole('combobox', { name: 'Language' })[0]!, 'yo');
    expect(await screen.findByText(MESSAGES.yo)).toBeInTheDocument();
    expect(saved).toBe('yo');
    expect(screen.queryByText(MESSAGES.en)).not.toBeInTheDocument();
  });
});
