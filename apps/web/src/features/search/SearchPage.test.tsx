import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithApp } from '@/test/render-with-app.tsx';
import { readSearchParams, writeSearchParams } from './api/search-page.ts';
import SearchPage from './SearchPage.tsx';

const ok = { code: 'dk00', message: 'ok' };
const hit = (id: number, title: string) => ({
  id,
  title,
  author: 'Kemi Adeyemi',
  nairaPrice: 12000,
  courseImageUrl: `/media/images/${id}.png`,
  averageRating: 4.5,
  ratingCount: 2,
  studentCount: 3,
});
afterEach(() => vi.unstubAllGlobals());

describe('search page', () => {
  it('keeps its state in the URL, leaving defaults out', () => {
    const s = readSearchParams(
      new URLSearchParams('q=docker&category=DevopsEngineer&minPrice=500&sort=rating&page=3'),
    );
    expect(s).toEqual({
      q: 'docker',
      category: 'DevopsEngineer',
      minPrice: 500,
      maxPrice: undefined,
      minRating: undefined,
      sort: 'rating',
      page: 2,
    });
    expect(writeSearchParams(s).toString()).toBe(
      'q=docker&category=DevopsEngineer&minPrice=500&sort=rating&page=3',
    );
    expect(readSearchParams(new URLSearchParams('q=x&sort=bogus&minPrice=abc')).sort).toBe('relevance');
    expect(
      writeSearchParams({
        ...s,
        sort: 'relevance',
        page: 0,
        category: undefined,
        minPrice: undefined,
      }).toString(),
    ).toBe('q=docker');
  });

  it('sends the filters and sort, shows cards, and applies new filters through the URL', async () => {
    const calls = mockApi(() => ({
      body: { responseDto: ok, coursesDtos: [hit(1, 'Docker basics')], totalData: 1 },
    }));
    renderWithApp(<SearchPage />, { path: '/search?q=docker&maxPrice=20000&sort=priceAsc' });
    expect(
      await screen.findByRole('heading', { name: 'Docker basics' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('★ 4.5', { exact: false })).toBeInTheDocument();
    expect(JSON.parse(String(calls.mock.calls[0]?.[1]?.body))).toEqual({
      search: 'docker',
      pageSize: 12,
      pageNo: 0,
      maxPrice: 20000,
      sort: 'priceAsc',
    });
    const ratings = within(screen.getByLabelText('Minimum rating')).getAllByRole('option');
    expect(ratings.map((o) => o.textContent)).toEqual([
      'Any rating',
      '4 stars & up',
      '3 stars & up',
      '2 stars & up',
      '1 star & up',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Minimum rating'), '4');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'Hausa');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/search?q=docker&maxPrice=20000&minRating=4&language=ha&sort=priceAsc',
    );
    await waitFor(() =>
      expect(JSON.parse(String(calls.mock.calls.at(-1)?.[1]?.body))).toMatchObject({
        minRating: 4,
        language: 'ha',
      }),
    );
  });

  it('folds the seven filter fields behind the Filters button once there are results (the style sheet folds them on a phone)', async () => {
    mockApi(() => ({
      body: { responseDto: ok, coursesDtos: [hit(1, 'Docker basics')], totalData: 1 },
    }));
    renderWithApp(<SearchPage />, { path: '/search?q=docker' });
    expect(await screen.findByRole('heading', { name: 'Docker basics' }, { timeout: 5000 })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(form).toHaveClass('search-filters-fold');

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Filters' })).not.toHaveClass('search-filters-fold');
    for (const label of [
      'Search',
      'Category',
      'Min price (₦)',
      'Max price (₦)',
      'Minimum rating',
      'Language',
      'Sort by',
    ]) {
      expect(screen.getByLabelText(label)).toBeVisible();
    }
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'newest');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=docker&sort=newest');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('form', { name: 'Filters' })).toHaveClass('search-filters-fold');
  });

  it('keeps the filters open while there is no search yet', () => {
    mockApi(() => ({ body: { responseDto: ok, coursesDtos: [], totalData: 0 } }));
    renderWithApp(<SearchPage />, { path: '/search' });
    expect(screen.getByRole('form', { name: 'Filters' })).not.toHaveClass('search-filters-fold');
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says when nothing is found and suggests the corrected phrase', async () => {
    mockApi(() => ({
      body: { responseDto: ok, coursesDtos: [], totalData: 0, correctedSearch: 'kubernetes' },
    }));
    renderWithApp(<SearchPage />, { path: '/search?q=kubernets&minRating=5' });
    expect(await screen.findByText('No courses found for "kubernets".')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'kubernetes' })).toHaveAttribute(
      'href',
      '/search?q=kubernetes&minRating=5',
    );
  });
});
