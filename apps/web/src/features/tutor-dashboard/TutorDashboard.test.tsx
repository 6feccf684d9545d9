import { expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import TutorDashboard from './TutorDashboard.tsx';

// The machine running the tests is shared: give the first (cold) render more time than 1 s.
configure({ asyncUtilTimeout: 5000 });

freshEachTest({ session: 'tutor' });

it('shows courses by status and the total earnings, named as the net', async () => {
  mockApi((path) =>
    path === '/staff/dashboard'
      ? {
          body: {
            responseDto: { code: 'dk00', message: 'OK' },
            statusCounts: { Pending: 2, Approved: 3, Rejected: 1 },
            totalEarnings: 125000,
            buyerCount: 17,
          },
        }
      : { status: 404, body: {} },
  );
  renderWithApp(<TutorDashboard />);
  const earnings = (await screen.findByText('₦125,000')).closest('div')!;
  expect(within(earnings).getByText('Total earnings')).toBeInTheDocument();
  expect(within(earnings).getByText('Your share after the platform fee and refunds')).toBeInTheDocument();
  expect(screen.getByText('17')).toBeInTheDocument();
  const byStatus = screen.getByRole('list', { name: 'Courses by status' });
  const items = within(byStatus).getAllByRole('listitem');
  expect(items.map((i) => i.textContent)).toEqual(['Pending2', 'Approved3', 'Rejected1']);
  expect(screen.getByText('6')).toBeInTheDocument();
});

it('shows the unanswered questions and the median time to a first answer', async () => {
  mockApi((path) => {
    if (path === '/staff/dashboard')
      return {
        body: {
          responseDto: { code: 'dk00', message: 'OK' },
          statusCounts: { Pending: 0, Approved: 1, Rejected: 0 },
          totalEarnings: 0,
          buyerCount: 0,
        },
      };
    if (path === '/staff/qa/stats')
      return {
        body: { responseDto: { code: 'dk00', message: 'OK' }, unanswered: 4, medianFirstAnswerMinutes: 190 },
      };
    return { status: 404, body: {} };
  });
  renderWithApp(<TutorDashboard />);
  const unanswered = (await screen.findByText('Unanswered questions')).closest('div')!;
  expect(unanswered).toHaveTextContent('4');
  expect(within(unanswered).getByRole('link', { name: 'Answer questions' })).toHaveAttribute(
    'href',
    '/tutor/questions',
  );
  expect(screen.getByText('Median time to a first answer').closest('div')).toHaveTextContent('3 h 10 min');
});
