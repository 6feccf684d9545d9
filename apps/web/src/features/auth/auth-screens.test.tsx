import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import LoginPage from './LoginPage.tsx';
import SignupPage from './SignupPage.tsx';
import TutorSignupPage from './TutorSignupPage.tsx';

freshEachTest();

const ok = { responseDto: { code: 'dk00', message: 'ok' } };
const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('LoginPage', () => {
  it("requires both fields: 'Please fill in all fields.'", async () => {
    const fetchSpy = mockApi(() => ({ body: ok }));
    renderWithApp(<LoginPage role="user" />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await click('Login');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each([
    ['user', '/login/customer', '/', 2000],
    ['tutor', '/login/staff', '/tutor', 1000],
    ['admin', '/login/admin', '/admin', 2000],
  ] as const)(
    '%s: calls %s, stores the session and goes to %s after %i ms',
    async (role, call, to, delay) => {
      const token = fakeToken(Math.floor(Date.now() / 1000) + 3600, role);
      const fetchSpy = mockApi(() => ({
        body: { ...ok, token, emailAddress: 'ada@example.com', userName: 'ada' },
      }));
      vi.useFakeTimers({ shouldAdvanceTime: true });
      renderWithApp(<LoginPage role={role} />, { path: '/somewhere' });
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
      await click('Login');
      expect(await screen.findByText('Login successful!')).toBeInTheDocument();
      expect(fetchSpy.mock.calls[0]?.[0]).toBe(`/dl/api/v1${call}`);
      expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
        userName: 'ada@example.com',
        password: 'Secret123!',
      });
      expect(localStorage.getItem('token')).toBe(token);
      expect(localStorage.getItem('email')).toBe('ada@example.com');
      expect(localStorage.getItem('role')).toBe(role);
      expect(localStorage.getItem('user')).toBe('ada');
      expect(Number(localStorage.getItem('tokenExpiration'))).toBeGreaterThan(Date.now() / 1000 + 3500);
      act(() => vi.advanceTimersByTime(delay - 400));
      expect(screen.getByTestId('location')).toHaveTextContent('/somewhere');
      act(() => vi.advanceTimersByTime(400));
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${to}$`));
    },
  );

  it("HTTP 400 shows the server's message; other failures the generic one", async () => {
    let status = 400;
    mockApi(() => ({
      status,
      body: { responseDto: { code: 'dk96', message: 'Invalid email or password' } },
    }));
    renderWithApp(<LoginPage role="user" />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await click('Login');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    status = 500;
    await click('Login');
    expect(
      await screen.findByText('An error occurred. Please check your credentials and try again.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("the code step shows why a code is refused: 'This code was just used. Wait for the next one.'", async () => {
    const used = 'This code was just used. Wait for the next one.';
    const fetchSpy = mockApi((path) =>
      path === '/login/admin'
        ? { body: { ...ok, twoFactorRequired: true, challenge: 'challenge-1' } }
        : { status: 400, body: { responseDto: { code: 'dk96', message: used } } },
    );
    renderWithApp(<LoginPage role="admin" />);
    await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123!');
    await click('Login');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await click('Verify');
    expect(await screen.findByText(used)).toBeInTheDocument();
    expect(fetchSpy.mock.calls[1]?.[0]).toBe('/dl/api/v1/login/2fa');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

async function fillStudent(over: Partial<Record<string, string>> = {}) {
  const v = {
    'Full name': 'Chioma Okafor',
    Email: 'chioma@example.com',
    'Phone number': '08031234567',
    Password: 'Secret123!',
    'Confirm password': 'Secret123!',
    ...over,
  };
  for (const [label, value] of Object.entries(v))
    if (value) await userEvent.type(screen.getByLabelText(label), value);
}

describe('SignupPage', () => {
  it('shows the spec messages in order and calls nothing until they pass', async () => {
    const fetchSpy = mockApi(() => ({ body: ok }));
    renderWithApp(<SignupPage />);
    await fillStudent({ 'Phone number': '' });
    await click('Signup');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
    await userEvent.type(screen.getByLabelText('Phone number'), '08031234567');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'x');
    await click('Signup');
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match.');
    await userEvent.type(screen.getByLabelText('Confirm password'), '{Backspace}');
    await click('Signup');
    expect(await screen.findByRole('alert')).toHaveTextContent('You must accept the terms and conditions.');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("signs up, says 'Signup successful!' and goes to /login after 2 s", async () => {
    const fetchSpy = mockApi(() => ({ body: ok }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<SignupPage />, { path: '/signup' });
    await fillStudent();
    await userEvent.click(screen.getByLabelText(/I accept the/));
    await click('Signup');
    expect(await screen.findByText('Signup successful!')).toBeInTheDocument();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/dl/api/v1/user/add');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      fullName: 'Chioma Okafor',
      email: 'chioma@example.com',
      phoneNumber: '08031234567',
      password: 'Secret123!',
      confirmPassword: 'Secret123!',
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it("a duplicate email shows the server's message", async () => {
    mockApi(() => ({
      status: 409,
      body: { responseDto: { code: 'dk96', message: 'This email is already registered' } },
    }));
    renderWithApp(<SignupPage />);
    await fillStudent();
    await userEvent.click(screen.getByLabelText(/I accept the/));
    await click('Signup');
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
  });
});

describe('TutorSignupPage', () => {
  it('offers the spec categories and genders, requires them, and sends the tutor fields', async () => {
    const fetchSpy = mockApi(() => ({ body: ok }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<TutorSignupPage />, { path: '/tutor-signup' });
    const category = screen.getByLabelText('Category');
    expect([...category.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choose a category',
      'Website development',
      'Graphics Design',
    ]);
    const gender = screen.getByLabelText('Gender');
    expect([...gender.querySelectorAll('option')].map((o) => o.value).filter(Boolean)).toEqual([
      'Male',
      'Female',
    ]);

    await fillStudent();
    await userEvent.click(screen.getByLabelText(/I accept the/));
    await click('Signup');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');

    await userEvent.selectOptions(category, 'Graphics Design');
    await userEvent.selectOptions(gender, 'Female');
    await userEvent.type(screen.getByLabelText('Age'), '29');
    await userEvent.type(screen.getByLabelText('Certificate URL'), 'https://example.com/cert.pdf');
    await click('Signup');
    expect(await screen.findByText('Signup successful!')).toBeInTheDocument();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/dl/api/v1/staff/add');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toMatchObject({
      category: 'Graphics Design',
      gender: 'Female',
      age: 29,
      certificateUrl: 'https://example.com/cert.pdf',
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('location')).toHaveTextContent('/tutor-login');
  });
});
