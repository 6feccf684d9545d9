import { expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import TutorDashboard from './TutorDashboard.tsx';

configure({ asyncUtilTimeout: 5000 });

freshEachTest({ session: 'tutor' });

const ok = { code: 'dk00', message: 'OK' };

it('shows referral visits, referral sales and the extra earnings, in total and by course', async () => {
  mockApi((path) => {
    if (path === '/staff/dashboard')
      return {
        body: {
          responseDto: ok,
          statusCounts: { Pending: 0, Approved: 2, Rejected: 0 },
          totalEarnings: 50000,
          buyerCount: 5,
        },
      };
    if (path === '/referral/stats')
      return {
        body: {
          responseDto: ok,
          totals: { visits: 41, sales: 3, gross: 45000, extraEarnings: 7650 },
          courses: [
            {
              courseId: 1,
              title: 'Node.js Backend APIs',
              visits: 30,
              sales: 2,
              gross: 30000,
              extraEarnings: 5100,
            },
            {
              courseId: 2,
              title: 'React from zero',
              visits: 11,
              sales: 1,
              gross: 15000,
              extraEarnings: 2550,
            },
          ],
          referralFeePercent: 3,
          platformFeePercent: 20,
          days: 7,
        },
      };
    return { status: 404, body: {} };
  });
  renderWithApp(<TutorDashboard />);
  const section = (await screen.findByRole('heading', { name: 'Referral links' })).closest('section')!;
  const box = within(section);
  expect(box.getByText('Referral visits').closest('div')).toHaveTextContent('41');
  expect(box.getByText('Referral sales').closest('div')).toHaveTextContent('3');
  expect(box.getByText('Extra earnings', { selector: 'p' }).closest('div')).toHaveTextContent('₦7,650');
  expect(section).toHaveTextContent(
    'Sales through your own course links within 7 days of a visit pay the platform 3% instead of 20%.',
  );
  expect(box.getByRole('link', { name: "Get a course's link" })).toHaveAttribute('href', '/tutor/courses');
  const rows = box.getAllByRole('row').slice(1);
  expect(rows.map((r) => r.textContent)).toEqual([
    'Node.js Backend APIs302₦5,100',
    'React from zero111₦2,550',
  ]);
});

it('shows nothing of referrals when their figures cannot be had', async () => {
  mockApi((path) =>
    path === '/staff/dashboard'
      ? {
          body: {
            responseDto: ok,
            statusCounts: { Pending: 0, Approved: 1, Rejected: 0 },
            totalEarnings: 0,
            buyerCount: 0,
          },
        }
      : { status: 500, body: {} },
  );
  renderWithApp(<TutorDashboard />);
  expect(await screen.findByText('Total earnings')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Referral links' })).not.toBeInTheDocument();
});
