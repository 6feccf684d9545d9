import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import CategoryPage from './CategoryPage.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('CategoryPage', () => {
  it('asks for the category and says when it has no courses', async () => {
    const fetchSpy = mockApi(() => ({
      body: { responseDto: { code: 'dk00', message: 'ok' }, coursesDtos: [], totalData: 0 },
    }));
    renderWithApp(<CategoryPage />, { path: '/category/ProductOwner', route: '/category/:id' });
    expect(screen.getByRole('heading', { name: 'Product Owner' })).toBeInTheDocument();
    expect(
      await screen.findByText('No courses available under this category at the moment.'),
    ).toBeInTheDocument();
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/dl/api/v1/course/all/view/student/courses');
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({
      pageSize: 10,
      pageNo: 0,
      category: 'ProductOwner',
    });
  });
});
