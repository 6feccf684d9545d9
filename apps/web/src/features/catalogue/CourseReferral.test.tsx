import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartContents, paymentRedirect } from '@/components/cart/CartContents.tsx';
import { cart } from '@/lib/cart.ts';
import { REFERRAL_STORAGE_KEY } from '@/lib/referrals.ts';
import { courseDto, NO_REVIEWS } from '@/test/course-dto.ts';
import { freshEachTest, mockApi, renderWithApp, storeSession } from '@/test/render-with-app.tsx';
import CourseDetailPage from './CourseDetailPage.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const okDto = { code: 'dk00', message: 'ok' };
const ATTRIBUTION = '41.3q2H0v7_Zk-signature';
const LATER = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
const course = courseDto({ id: 7, title: 'Backend with Node', nairaPrice: 25000, status: 'Approved' });

/** The course page's calls, and `/referral/visit` answered by `visit`. */
function api(visit: (json: unknown) => { attribution: string | null; expiresAt: string | null }) {
  return mockApi((path, init) => {
    if (path === '/referral/visit') return { body: { responseDto: okDto, ...visit(init.json) } };
    if (path === '/review/list') return { body: NO_REVIEWS };
    if (path === '/wishlist/list') return { body: { responseDto: okDto, coursesDtos: [] } };
    if (path === '/cohort/list') return { status: 404, body: {} };
    if (path === '/refund/policy')
      return { body: { responseDto: okDto, refundPolicy: { days: 14, maxWatchedPercent: 30 } } };
    if (path === '/card/charge')
      return {
        body: {
          responseDto: okDto,
          initializeTransactionResponse: {
            status: true,
            message: 'ok',
            data: { authorization_url: 'http://pay.example/x', access_code: 'x', reference: 'r1' },
          },
        },
      };
    return { body: { responseDto: okDto, coursesDto: course } };
  });
}
const visits = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .filter(([url]) => String(url).endsWith('/referral/visit'))
    .map(([, init]) => JSON.parse(String(init?.body)));
const open = (search: string) =>
  renderWithApp(<CourseDetailPage />, { path: `/course/7${search}`, route: '/course/:id' });

freshEachTest({ cart: true });

describe('a course page opened through a referral link', () => {
  it('records the visit once, keeps its attribution in this browser, and the checkout sends it', async () => {
    const spy = api(() => ({ attribution: ATTRIBUTION, expiresAt: LATER }));
    const first = open('?ref=k7m2xq9ab4');
    expect(await screen.findByRole('heading', { name: 'Backend with Node' })).toBeInTheDocument();
    await waitFor(() => expect(visits(spy)).toEqual([{ code: 'k7m2xq9ab4', courseId: 7 }]));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(REFERRAL_STORAGE_KEY)!)).toEqual({
        7: { code: 'k7m2xq9ab4', attribution: ATTRIBUTION, expiresAt: LATER },
      }),
    );
    first.unmount();
    // Opening the link again while the attribution runs records nothing more.
    open('?ref=k7m2xq9ab4');
    expect(await screen.findByRole('heading', { name: 'Backend with Node' })).toBeInTheDocument();
    expect(visits(spy)).toHaveLength(1);

    // The student checks out: the attribution goes with the cart; the server decides the fee.
    storeSession('user');
    cart.add({ id: 7, name: 'Backend with Node', price: 25000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.example/x'));
    const charge = spy.mock.calls.find(([url]) => String(url).endsWith('/card/charge'))!;
    expect(JSON.parse(String(charge[1]?.body))).toMatchObject({ courseIds: [7], referrals: [ATTRIBUTION] });
  });

  it('keeps nothing for a code the server ignores, shows the page as usual, and sends no referral', async () => {
    const spy = api(() => ({ attribution: null, expiresAt: null }));
    open('?ref=nope!!');
    expect(await screen.findByRole('heading', { name: 'Backend with Node' })).toBeInTheDocument();
    await waitFor(() => expect(visits(spy)).toEqual([{ code: 'nope!!', courseId: 7 }]));
    expect(screen.getByText('₦25,000')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('records no visit without ?ref=, and drops an attribution once it has ended', async () => {
    localStorage.setItem(
      REFERRAL_STORAGE_KEY,
      JSON.stringify({
        7: { code: 'k7m2xq9ab4', attribution: ATTRIBUTION, expiresAt: '2020-01-01T00:00:00.000Z' },
      }),
    );
    const spy = api(() => ({ attribution: ATTRIBUTION, expiresAt: LATER }));
    open('');
    expect(await screen.findByRole('heading', { name: 'Backend with Node' })).toBeInTheDocument();
    expect(visits(spy)).toEqual([]);
    storeSession('user');
    cart.add({ id: 7, name: 'Backend with Node', price: 25000 });
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => {});
    renderWithApp(<CartContents />);
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    await waitFor(() => expect(go).toHaveBeenCalled());
    const charge = spy.mock.calls.find(([url]) => String(url).endsWith('/card/charge'))!;
    expect(JSON.parse(String(charge[1]?.body))).not.toHaveProperty('referrals');
  });
});
