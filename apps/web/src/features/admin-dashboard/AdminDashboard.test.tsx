import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { courseDto } from '@/test/course-dto.ts';
import { AdminDashboard } from './AdminDashboard.tsx';
import { freshEachTest } from '@/test/render-with-app.tsx';

freshEachTest();

const ok = { code: 'dk00', message: 'OK' };
const recent = courseDto({
  id: 3,
  title: 'Figma for Product Owners',
  author: 'Ada Eze',
  nairaPrice: 12000,
  timeCreated: [2026, 3, 5, 8, 30, 0],
});

/** Answers the two dashboard calls; `failing` makes that path answer a server error. */
function serve(failing?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace('/dl/api/v1', '');
      if (path === failing)
        return new Response(JSON.stringify({ responseDto: { code: 'dk96', message: 'Boom' } }), {
          status: 500,
        });
      const body =
        path === '/admin/adminid'
          ? { responseDto: ok, adminDto: { id: 1, fullName: 'Bola Admin', email: 'admin@e2e.test' } }
          : {
              responseDto: ok,
              statusCounts: { Pending: 4, Approved: 12, Rejected: 1 },
              recentCourses: [recent],
            };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
}

function renderDashboard() {
  localStorage.setItem('token', 'admin-token');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminDashboard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin dashboard', () => {
  it('greets the admin and shows counts by status and the recent courses', async () => {
    serve();
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Welcome, Bola Admin' })).toBeInTheDocument();
    const counts = within(screen.getByRole('list', { name: 'Courses by status' }));
    expect(counts.getByText('Pending').previousSibling).toHaveTextContent('4');
    expect(counts.getByText('Approved').previousSibling).toHaveTextContent('12');
    expect(counts.getByText('Rejected').previousSibling).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Figma for Product Owners' })).toHaveAttribute(
      'href',
      '/admin/view-course/3',
    );
    expect(screen.getByText('Ada Eze · ₦12,000 · 5 Mar 2026')).toBeInTheDocument();
  });

  it("shows 'Admin data not fetched' when the admin's data cannot be read", async () => {
    serve('/admin/adminid');
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin data not fetched');
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it("shows 'Admin data not fetched' when the dashboard call fails", async () => {
    serve('/admin/dashboard');
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin data not fetched');
  });
});
