import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { displayName, firstName } from '@/lib/session.ts';
import TutorDashboard from '@/features/tutor-dashboard/TutorDashboard.tsx';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import { Frame } from './Frame.tsx';

freshEachTest();

const signedInAs = (role: 'user' | 'tutor', name: string | null) => {
  storeSession(role);
  localStorage.setItem('user', 'student@demo.devlearn.ng');
  if (name) localStorage.setItem('name', name);
};

describe("the frame greets by the account's name", () => {
  it('names a person by full name, then a user name that is not an email, the email last', () => {
    expect(displayName({ name: 'Ada Obi', user: 'a@b.ng', email: 'a@b.ng' })).toBe('Ada Obi');
    expect(displayName({ name: null, user: 'adaobi', email: 'a@b.ng' })).toBe('adaobi');
    expect(displayName({ name: ' ', user: 'a@b.ng', email: 'a@b.ng' })).toBe('a@b.ng');
    expect(firstName('Ada  Obi')).toBe('Ada');
    expect(firstName('a.very.long@demo.devlearn.ng')).toBe('a.very.long@demo.devlearn.ng');
  });

  it('shows the name and its initial in the profile menu, not the email', async () => {
    signedInAs('user', 'Tolu Bakare');
    mockApi(() => ({
      body: { responseDto: { code: 'dk00', message: 'ok' }, coursesDtos: [], totalData: 0 },
    }));
    renderWithApp(
      <Route element={<Frame />}>
        <Route path="*" element={<p>page</p>} />
      </Route>,
      { path: '/', asRoutes: true },
    );
    const button = await screen.findByRole('button', { name: 'Profile menu' });
    expect(button).toHaveTextContent(/^T$/);
    await userEvent.click(button);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Tolu Bakare')).toBeInTheDocument();
    expect(within(menu).queryByText(/@/)).not.toBeInTheDocument();
  });

  it('welcomes a tutor by first name on the dashboard', () => {
    signedInAs('tutor', 'Kemi Adeyemi');
    mockApi(() => ({ status: 500, body: {} }));
    renderWithApp(<TutorDashboard />, { path: '/tutor' });
    expect(screen.getByText('Welcome back, Kemi.')).toBeInTheDocument();
    expect(screen.queryByText(/student@demo/)).not.toBeInTheDocument();
  });
});
