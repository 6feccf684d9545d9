import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import { ChangePasswordPage } from './ChangePasswordPage.tsx';
import { EditProfilePage } from './EditProfilePage.tsx';
import { freshEachTest } from '@/test/render-with-app.tsx';

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
const profile = {
  responseDto: { code: 'dk00', message: 'OK' },
  courses: [],
  userDto: {
    fullName: 'Chioma Okafor',
    email: 'chioma@example.com',
    phoneNumber: '08031234567',
    userName: 'chioma',
  },
};

/** Answers GET /user/allcourses with the profile and every POST with `post`. */
function server(post: { status: number; body: unknown }) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body] = method === 'GET' ? [200, profile] : [post.status, post.body];
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}
const posts = () => calls.filter((c) => c.method === 'POST');

/** The student's stored session as a login leaves it, with `token`. */
function signInAsChioma(token: string) {
  localStorage.setItem('token', token);
  localStorage.setItem('role', 'user');
  localStorage.setItem('email', 'chioma@example.com');
  localStorage.setItem('user', 'chioma');
}

function renderPage(page: React.ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

freshEachTest();

describe('edit profile', () => {
  it('loads the profile into the form', async () => {
    server({ status: 200, body: {} });
    renderPage(<EditProfilePage />);
    expect(await screen.findByLabelText('Full name')).toHaveValue('Chioma Okafor');
    expect(screen.getByLabelText('Phone number')).toHaveValue('08031234567');
    expect(screen.getByLabelText('Email')).toHaveValue('chioma@example.com');
    expect(screen.getByLabelText('User name')).toHaveValue('chioma');
  });

  it('refuses an empty full name or phone with one message and sends nothing', async () => {
    server({ status: 200, body: {} });
    const user = userEvent.setup();
    renderPage(<EditProfilePage />);
    await user.clear(await screen.findByLabelText('Full name'));
    await user.clear(screen.getByLabelText('Phone number'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findAllByText('Please fill in all fields.')).toHaveLength(1);
    expect(posts()).toHaveLength(0);

    // Blank spaces are not a name either.
    await user.type(screen.getByLabelText('Phone number'), '08039876543');
    await user.type(screen.getByLabelText('Full name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('saves the profile, says so and keeps the stored email in step', async () => {
    const saved = { ...profile.userDto, fullName: 'Chioma Adaeze Okafor', email: 'chioma.new@example.com' };
    server({
      status: 200,
      body: { responseDto: { code: 'dk00', message: 'Profile updated' }, userDto: saved },
    });
    signInAsChioma('the-token');
    localStorage.setItem('tokenExpiration', '1234');
    const user = userEvent.setup();
    renderPage(<EditProfilePage />);
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Chioma Adaeze Okafor');
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'chioma.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/dl/api/v1/user/update',
        body: {
          fullName: 'Chioma Adaeze Okafor',
          phoneNumber: '08031234567',
          email: 'chioma.new@example.com',
        },
      },
    ]);
    expect(localStorage.getItem('email')).toBe('chioma.new@example.com');
    expect(localStorage.getItem('token')).toBe('the-token');
    // Saving a profile does not make the session longer.
    expect(localStorage.getItem('tokenExpiration')).toBe('1234');
  });

  it('shows the generic failure message when saving fails', async () => {
    server({ status: 500, body: { responseDto: { code: 'dk96', message: 'Internal Server Error' } } });
    const user = userEvent.setup();
    renderPage(<EditProfilePage />);
    await screen.findByLabelText('Full name');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });
});

describe('change password', () => {
  async function fill(oldPassword: string, newPassword: string, confirm: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Old password'), oldPassword);
    await user.type(screen.getByLabelText('New password'), newPassword);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  }

  it('refuses new passwords that do not match and sends nothing', async () => {
    server({ status: 200, body: {} });
    renderPage(<ChangePasswordPage />);
    await fill('Student123!', 'NewPass1234!', 'NewPass9999!');
    expect(await screen.findByText('New passwords do not match')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('changes the password and keeps the fresh token the server hands out', async () => {
    const fresh = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`;
    server({
      status: 200,
      body: { responseDto: { code: 'dk00', message: 'Password changed' }, token: fresh },
    });
    signInAsChioma('old-token');
    renderPage(<ChangePasswordPage />);
    await fill('Student123!', 'NewPass1234!', 'NewPass1234!');
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(posts()[0]).toMatchObject({
      url: '/dl/api/v1/user/changepassword',
      body: { oldPassword: 'Student123!', newPassword: 'NewPass1234!', confirmPassword: 'NewPass1234!' },
    });
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(localStorage.getItem('email')).toBe('chioma@example.com');
    expect(screen.getByLabelText('Old password')).toHaveValue('');
  });

  it('shows the generic failure message and the reason when the old password is wrong', async () => {
    server({ status: 400, body: { responseDto: { code: 'dk96', message: 'Old password is incorrect' } } });
    renderPage(<ChangePasswordPage />);
    await fill('Wrong1234!', 'NewPass1234!', 'NewPass1234!');
    expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Old password is incorrect')).toBeInTheDocument();
    expect(screen.queryByText('Password changed successfully')).not.toBeInTheDocument();
  });
});
