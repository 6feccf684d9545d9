import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseDto as course } from '@/test/course-dto.ts';
import { mockApi, ok, refused, renderScreen, type Call } from './test/helpers.tsx';
import { AdminCourses } from './AdminCourses.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pending = course({ id: 7, title: 'Selenium from Scratch', status: 'Pending' });
const approved = course({ id: 8, title: 'Kubernetes Basics', status: 'Approved', nairaPrice: 25000.5 });

function listAnswer() {
  return { body: ok({ coursesDtos: [pending, approved], totalData: 2 }) };
}

const rowOf = (title: string) => screen.getByRole('cell', { name: title }).closest('tr') as HTMLElement;
const searches = (calls: Call[]) => calls.filter((c) => c.path === '/course/search');
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/course/all');

describe('admin courses table', () => {
  it('shows title, author, price in naira, status and the created date', async () => {
    const calls = mockApi(listAnswer);
    renderScreen(<AdminCourses />);
    const row = within(await screen.findByRole('row', { name: /Kubernetes Basics/ }));
    expect(row.getByText('Emeka Nwosu')).toBeInTheDocument();
    expect(row.getByText('₦25,000.5')).toBeInTheDocument();
    expect(row.getByText('Approved')).toBeInTheDocument();
    expect(row.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'View Kubernetes Basics' })).toHaveAttribute(
      'href',
      '/admin/view-course/8',
    );
    expect(lists(calls)[0]).toMatchObject({ method: 'POST', body: { pageSize: 10, pageNo: 0 } });
  });

  it('searches only from 3 characters, with the admin token, and an emptied box reloads the list', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => {
      if (call.path === '/course/search')
        return {
          body: ok({ coursesDtos: [{ id: 7, title: pending.title, author: pending.author }], totalData: 1 }),
        };
      if (call.path === '/course/singlecourse/7') return { body: ok({ coursesDto: pending }) };
      return listAnswer();
    });
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Kubernetes Basics' });
    const box = screen.getByRole('searchbox', { name: 'Search courses' });

    await user.type(box, 'Se');
    await new Promise((r) => setTimeout(r, 450));
    expect(searches(calls)).toHaveLength(0);
    expect(screen.getByText('Type at least 3 characters to search.')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Kubernetes Basics' })).toBeInTheDocument();

    await user.type(box, 'l');
    await waitFor(() => expect(searches(calls)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Kubernetes Basics' })).toBeNull());
    expect(searches(calls)).toEqual([
      {
        method: 'POST',
        path: '/course/search',
        body: { search: 'Sel', pageSize: 10, pageNo: 0 },
        apiKey: 'admin-token',
      },
    ]);
    // The search answers id, title and author; the row's status comes from the course's details.
    const row = within(rowOf('Selenium from Scratch'));
    expect(await row.findByText('Pending')).toBeInTheDocument();

    const listCallsBefore = lists(calls).length;
    await user.clear(box);
    await screen.findByRole('cell', { name: 'Kubernetes Basics' });
    await waitFor(() => expect(lists(calls).length).toBe(listCallsBefore + 1));
  });

  it('filters the list by status from the URL and the status menu', async () => {
    const user = userEvent.setup();
    const calls = mockApi(listAnswer);
    renderScreen(<AdminCourses />, '/admin/courses?status=Pending');
    await screen.findByRole('cell', { name: 'Kubernetes Basics' });
    expect(lists(calls)[0]?.body).toEqual({ pageSize: 10, pageNo: 0, status: 'Pending' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All statuses');
    await waitFor(() => expect(lists(calls).at(-1)?.body).toEqual({ pageSize: 10, pageNo: 0 }));
  });

  it('shows "No course found" when the search finds nothing', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/course/search' ? { body: ok({ coursesDtos: [], totalData: 0 }) } : listAnswer(),
    );
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Kubernetes Basics' });
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'zzzz');
    expect(await screen.findByText('No course found')).toBeInTheDocument();
  });
});

describe('status update dialog', () => {
  it('shows the new status in the row at once and closes when the server agrees', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const serverAnswered = new Promise<void>((r) => (release = r));
    let status = 'Pending';
    const calls = mockApi(async (call) => {
      if (call.path === '/course/process') {
        await serverAnswered;
        status = (call.body as { status: string }).status;
        return { body: { responseDto: { code: 'dk00', message: 'Course status changed to Approved' } } };
      }
      return { body: ok({ coursesDtos: [{ ...pending, status }, approved], totalData: 2 }) };
    });
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Selenium from Scratch' });

    await user.click(screen.getByRole('button', { name: 'Update status of Selenium from Scratch' }));
    const dialog = screen.getByRole('dialog', { name: 'Update course status' });
    expect(within(dialog).getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Pending' })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'Approved' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Before the server has answered, the table already shows the decision.
    expect(within(rowOf('Selenium from Scratch')).getByText('Approved')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/course/process')).toMatchObject({
      method: 'POST',
      body: { status: 'Approved', id: 7 },
      apiKey: 'admin-token',
    });

    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Course approved')).toBeInTheDocument();
    expect(within(rowOf('Selenium from Scratch')).getByText('Approved')).toBeInTheDocument();
  });

  it('a found row whose details were still loading when the admin saved shows the new status', async () => {
    const user = userEvent.setup();
    let status = 'Approved';
    let detailCalls = 0;
    mockApi(async (call) => {
      if (call.path === '/course/search') {
        return {
          body: ok({
            coursesDtos: [{ id: 8, title: approved.title, author: approved.author }],
            totalData: 1,
          }),
        };
      }
      if (call.path === '/course/singlecourse/8') {
        detailCalls += 1;
        // The first load is still on its way when the admin saves.
        if (detailCalls === 1) return new Promise<never>(() => {});
        return { body: ok({ coursesDto: { ...approved, status } }) };
      }
      if (call.path === '/course/process') {
        status = (call.body as { status: string }).status;
        return { body: ok() };
      }
      return listAnswer();
    });
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Kubernetes Basics' });
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'Kubernetes');
    await waitFor(() => expect(detailCalls).toBe(1));

    await user.click(screen.getByRole('button', { name: 'Update status of Kubernetes Basics' }));
    const dialog = screen.getByRole('dialog', { name: 'Update course status' });
    await user.click(within(dialog).getByRole('radio', { name: 'Rejected' }));
    await user.type(within(dialog).getByLabelText('Reason for rejection'), 'The videos do not play.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(rowOf('Kubernetes Basics')).findByText('Rejected')).toBeInTheDocument();
  });

  it('puts the status back and says why when the server refuses', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.path === '/course/process'
        ? { status: 404, body: refused('Course Does Not Exist') }
        : listAnswer(),
    );
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Selenium from Scratch' });
    await user.click(screen.getByRole('button', { name: 'Update status of Selenium from Scratch' }));
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    await user.type(screen.getByLabelText('Reason for rejection'), 'The videos do not play.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Course Does Not Exist');
    expect(within(rowOf('Selenium from Scratch')).getByText('Pending')).toBeInTheDocument();
  });

  it('a rejection needs a reason of at least 10 characters, which is sent with it', async () => {
    const user = userEvent.setup();
    const calls = mockApi((call) => (call.path === '/course/process' ? { body: ok() } : listAnswer()));
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Selenium from Scratch' });
    await user.click(screen.getByRole('button', { name: 'Update status of Selenium from Scratch' }));
    await user.click(screen.getByRole('radio', { name: 'Rejected' }));
    await user.type(screen.getByLabelText('Reason for rejection'), 'Too short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please give a reason of at least 10 characters.');
    expect(calls.some((c) => c.path === '/course/process')).toBe(false);
    await user.type(screen.getByLabelText('Reason for rejection'), ' - add captions.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/course/process')?.body).toEqual({
      id: expect.any(Number),
      status: 'Rejected',
      reason: 'Too short - add captions.',
    });
  });

  it('closes on Escape without saving', async () => {
    const user = userEvent.setup();
    const calls = mockApi(listAnswer);
    renderScreen(<AdminCourses />);
    await screen.findByRole('cell', { name: 'Selenium from Scratch' });
    await user.click(screen.getByRole('button', { name: 'Update status of Selenium from Scratch' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/course/process')).toBe(false);
  });
});
