import { describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCourseStatus } from '@app/contract/courses';
import { courseDto } from '@/test/course-dto.ts';
import { freshEachTest, mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import TutorCourses from './TutorCourses.tsx';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ok = { code: 'dk00', message: 'OK' };
const URL_OF_2 = 'http://localhost:3000/course/2?ref=k7m2xq9ab4';
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const course = (id: number, status: TCourseStatus) =>
  courseDto({ id, title: `Course ${id}`, nairaPrice: 1000, status, buyerCount: 0, totalEarnings: 0 });

freshEachTest({ session: 'tutor' });

describe('the referral link on the tutor’s course card', () => {
  it('shows an Approved course’s link with Copy link, its QR code and the terms; none for a Pending one', async () => {
    const spy = mockApi((path, init) => {
      if (path === '/course/alltutor')
        return {
          body: { responseDto: ok, coursesDtos: [course(1, 'Pending'), course(2, 'Approved')], totalData: 2 },
        };
      if (path === '/referral/link') {
        expect(init.json).toEqual({ courseId: 2 });
        return {
          body: {
            responseDto: ok,
            link: {
              courseId: 2,
              code: 'k7m2xq9ab4',
              url: URL_OF_2,
              qrCode: QR,
              referralFeePercent: 3,
              platformFeePercent: 20,
              days: 7,
            },
          },
        };
      }
      return { status: 404, body: {} };
    });
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithApp(<TutorCourses />, { path: '/tutor/courses', route: '/tutor/courses' });
    await screen.findByRole('heading', { name: 'Course 1' });
    expect(screen.queryByRole('button', { name: 'Referral link of Course 1' })).not.toBeInTheDocument();
    // Nothing is asked for before the tutor opens it.
    expect(spy.mock.calls.map(([url]) => String(url))).not.toContain('/dl/api/v1/referral/link');

    const toggle = screen.getByRole('button', { name: 'Referral link of Course 2' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText('Your referral link')).toHaveValue(URL_OF_2);
    expect(screen.getByRole('img', { name: 'QR code of your referral link for Course 2' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(screen.getByRole('link', { name: 'Download QR code' })).toHaveAttribute('href', QR);
    expect(
      screen.getByText(
        'A student who opens this link and buys this course within 7 days pays the platform 3% instead of 20%: you keep 97% of that sale. Your own purchases do not count.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(URL_OF_2);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.queryByLabelText('Your referral link')).not.toBeInTheDocument();
  });

  it('says why when the link cannot be had', async () => {
    mockApi((path) => {
      if (path === '/course/alltutor')
        return { body: { responseDto: ok, coursesDtos: [course(3, 'Approved')], totalData: 1 } };
      return {
        status: 403,
        body: { responseDto: { code: 'dk96', message: 'Your account is not allowed to do this.' } },
      };
    });
    renderWithApp(<TutorCourses />, { path: '/tutor/courses', route: '/tutor/courses' });
    await userEvent.click(await screen.findByRole('button', { name: 'Referral link of Course 3' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is not allowed to do this.');
  });
});
