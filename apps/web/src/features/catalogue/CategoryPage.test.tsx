import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseDto } from '@/test/course-dto.ts';
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

  it('lists the courses taught in one language, chosen on the page and kept in its URL; each card names its language', async () => {
    const fetchSpy = mockApi((_path, init) => {
      const body = init.json as { language?: string };
      const course = body.language
        ? courseDto({ id: 2, title: 'Scrum fún gbogbo ènìyàn', language: 'yo' })
        : courseDto({ id: 1, title: 'Scrum basics', language: 'en' });
      return { body: { responseDto: { code: 'dk00', message: 'ok' }, coursesDtos: [course], totalData: 1 } };
    });
    renderWithApp(<CategoryPage />, { path: '/category/ProductOwner', route: '/category/:id' });
    const first = await screen.findByRole('article');
    expect(within(first).getByText('English')).toHaveAttribute('lang', 'en');
    const select = screen.getByLabelText('Language');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any language', 'English', 'Naijá', 'Yorùbá', 'Hausa', 'Igbo']);
    await userEvent.selectOptions(select, 'Yorùbá');
    expect(await screen.findByText('Scrum fún gbogbo ènìyàn')).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText('Yorùbá')).toHaveAttribute('lang', 'yo');
    expect(screen.getByTestId('location')).toHaveTextContent('/category/ProductOwner?language=yo');
    expect(JSON.parse(String(fetchSpy.mock.calls.at(-1)?.[1]?.body))).toEqual({
      pageSize: 10,
      pageNo: 0,
      category: 'ProductOwner',
      language: 'yo',
    });
  });
});
