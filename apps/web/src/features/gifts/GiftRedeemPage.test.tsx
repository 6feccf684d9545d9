import { useRoutes } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  GIFT_ALREADY_OWNED,
  GIFT_ALREADY_REDEEMED,
  GIFT_NOT_FOUND,
  type TGiftPreview,
} from '@app/contract/gifts';
import { studentRoutes } from '@/app/routes-student.tsx';
import { fakeToken, freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';

const ok = { code: 'dk00', message: 'Success' };
const CODE = 'ABCD-EFGH-JKMN-PQRS';
const ready: TGiftPreview = {
  from: 'Adaeze Okafor',
  recipientName: 'Chidi Friend',
  message: 'Happy birthday!',
  courses: [{ id: 5, title: 'React from zero' }],
  state: 'ready',
  canPassOn: true,
};

function StudentScreens() {
  return useRoutes(studentRoutes);
}
const renderAt = (path: string) => renderWithApp(<StudentScreens />, { path, route: '*' });

type Call = { path: string; body: unknown; apiKey: string | undefined };
/** The API with the given answers by path; answers every call it saw. */
function api(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: Call[] = [];
  mockApi((path, init) => {
    calls.push({ path, body: init.json, apiKey: (init.headers as Record<string, string>).apiKey });
    return answers[path] ?? { status: 500, body: {} };
  });
  return calls;
}

freshEachTest();

describe('redeeming a gift', () => {
  it('shows the gift, then signs a newcomer up, logs them in and redeems in one step', async () => {
    const token = fakeToken(Math.floor(Date.now() / 1000) + 3600);
    const calls = api({
      '/gift/preview': { body: { responseDto: ok, gift: ready } },
      '/user/add': { body: { responseDto: ok } },
      '/login/customer': {
        body: {
          responseDto: ok,
          token,
          emailAddress: 'chidi@example.com',
          userName: 'chidi@example.com',
          fullName: 'Chidi Friend',
        },
      },
      '/gift/redeem': { body: { responseDto: ok, courseIds: [5] } },
    });
    renderAt(`/gift/redeem?code=${CODE}`);
    expect(await screen.findByText('React from zero')).toBeInTheDocument();
    expect(screen.getByText('Adaeze Okafor')).toBeInTheDocument();
    expect(screen.getByText('Happy birthday!')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Chidi Friend');

    // The form's own errors first, inline: nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create account and redeem' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/gift/preview']);

    await userEvent.type(screen.getByLabelText('Email'), 'chidi@example.com');
    await userEvent.type(screen.getByLabelText('Phone number'), '08012345678');
    await userEvent.type(screen.getByLabelText('Password'), 'Passw0rd!23');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Passw0rd!23');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and redeem' }));
    expect(await screen.findByText(/The gift is redeemed: the course is yours/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', '/view-course/5');
    // (The gift is read again afterwards: it is redeemed now.)
    expect(calls.map((c) => c.path).slice(0, 4)).toEqual([
      '/gift/preview',
      '/user/add',
      '/login/customer',
      '/gift/redeem',
    ]);
    expect(calls[0]!.body).toEqual({ code: CODE });
    expect(calls[3]).toMatchObject({ body: { code: CODE }, apiKey: token });
    expect(localStorage.getItem('token')).toBe(token);
  });

  it('logs an existing student in and tells them when the gift was taken meanwhile', async () => {
    const token = fakeToken(Math.floor(Date.now() / 1000) + 3600);
    const calls = api({
      '/gift/preview': { body: { responseDto: ok, gift: ready } },
      '/login/customer': {
        body: {
          responseDto: ok,
          token,
          emailAddress: 'a@example.com',
          userName: 'a@example.com',
          fullName: 'A',
        },
      },
      '/gift/redeem': {
        status: 400,
        body: { responseDto: { code: 'dk96', message: GIFT_ALREADY_REDEEMED } },
      },
    });
    renderAt(`/gift/redeem?code=${CODE}`);
    await userEvent.click(await screen.findByRole('tab', { name: 'I have an account' }));
    await userEvent.type(screen.getByLabelText('Email'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Log in and redeem' }));
    expect(await screen.findByText(GIFT_ALREADY_REDEEMED)).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['/gift/preview', '/login/customer', '/gift/redeem']);
    expect(calls[1]!.body).toEqual({ userName: 'a@example.com', password: 'secret' });
  });

  it('lets a student who owns the course pass the gift on to another email', async () => {
    storeSession('user');
    const calls = api({
      '/gift/preview': { body: { responseDto: ok, gift: ready } },
      '/gift/redeem': {
        status: 409,
        body: { responseDto: { code: 'conflict', message: GIFT_ALREADY_OWNED } },
      },
      '/gift/pass-on': { body: { responseDto: ok } },
    });
    renderAt(`/gift/redeem?code=${CODE}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Redeem the gift' }));
    expect(
      await screen.findByText(/You already own this course. You can pass the gift on/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pass the gift on' }));
    expect(await screen.findByText("Recipient's name is required")).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Their name'), 'Bola Next');
    await userEvent.type(screen.getByLabelText('Their email'), 'Bola@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Pass the gift on' }));
    expect(await screen.findByText(/The gift is on its way to bola@example.com/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/gift/pass-on')).toMatchObject({
      body: { code: CODE, name: 'Bola Next', email: 'bola@example.com' },
    });
  });

  it('says when a gift was already redeemed, and when a code is not valid', async () => {
    storeSession('user');
    api({
      '/gift/preview': { body: { responseDto: ok, gift: { ...ready, state: 'redeemed', canPassOn: false } } },
    });
    renderAt(`/gift/redeem?code=${CODE}`);
    expect(await screen.findByText(GIFT_ALREADY_REDEEMED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem the gift' })).not.toBeInTheDocument();
  });

  it('asks for the code when the link has none, checks it inline, and says when it is unknown', async () => {
    const calls = api({
      '/gift/preview': { status: 404, body: { responseDto: { code: 'dk404', message: GIFT_NOT_FOUND } } },
    });
    renderAt('/gift/redeem');
    await userEvent.type(await screen.findByLabelText('Gift code'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A gift code has 16 letters and digits')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Gift code'));
    await userEvent.type(screen.getByLabelText('Gift code'), 'wxyz-wxyz-wxyz-wxyz');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(GIFT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/gift/redeem?code=wxyz-wxyz-wxyz-wxyz');
    expect(screen.getByRole('button', { name: 'Enter another code' })).toBeInTheDocument();
  });
});
