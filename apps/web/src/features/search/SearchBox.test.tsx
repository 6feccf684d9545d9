import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '@/test/render-with-app.tsx';
import { SearchBox, SEARCH_DEBOUNCE_MS } from './SearchBox.tsx';

type Pending = {
  search: string;
  signal: AbortSignal;
  resolve: (
    hits: {
      id: number;
      title: string;
      author: string;
      nairaPrice?: number;
      salePrice?: number | null;
      courseImageUrl?: string;
    }[],
  ) => void;
};
let pending: Pending[] = [];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  pending = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as {
        search: string;
        pageSize: number;
        pageNo: number;
        sort: string;
      };
      expect(url).toBe('/dl/api/v1/course/search');
      expect(body.pageSize).toBe(10);
      expect(body.pageNo).toBe(0);
      // A sort asks for the card fields (picture and price).
      expect(body.sort).toBe('relevance');
      expect((init.headers as Record<string, string>).apiKey).toBeUndefined();
      return new Promise((resolve, reject) => {
        const signal = init.signal!;
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        pending.push({
          search: body.search,
          signal,
          resolve: (hits) =>
            resolve(
              new Response(
                JSON.stringify({
                  responseDto: { code: 'dk00', message: 'ok' },
                  coursesDtos: hits,
                  totalData: hits.length,
                }),
              ),
            ),
        });
      });
    }),
  );
  localStorage.setItem('token', 'a.b.c');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const input = () => screen.getByRole('combobox', { name: 'Search courses' });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const settle = async () => {
  await act(async () => {
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10);
  });
};

describe('SearchBox', () => {
  it('searches nothing under 3 characters, and fewer characters hide the dropdown', async () => {
    renderWithApp(<SearchBox />);
    type('re');
    await settle();
    expect(pending).toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();

    type('rea');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await settle();
    expect(pending.map((p) => p.search)).toEqual(['rea']);
    await act(async () => pending[0]!.resolve([{ id: 5, title: 'React basics', author: 'Ada Lovelace' }]));
    expect(await screen.findByRole('option', { name: /React basics/ })).toHaveTextContent('Ada Lovelace');

    type('re');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('React basics')).not.toBeInTheDocument();
  });

  it('debounces typing into one search', async () => {
    renderWithApp(<SearchBox />);
    type('rea');
    type('reac');
    type('react');
    await settle();
    expect(pending.map((p) => p.search)).toEqual(['react']);
  });

  it('a late answer to an older search never replaces the newer one, and the older fetch is aborted', async () => {
    renderWithApp(<SearchBox />);
    type('pyt');
    await settle();
    type('java');
    await settle();
    expect(pending.map((p) => p.search)).toEqual(['pyt', 'java']);
    expect(pending[0]!.signal.aborted).toBe(true);

    await act(async () => pending[1]!.resolve([{ id: 2, title: 'Java in a week', author: 'Tunde' }]));
    expect(await screen.findByText('Java in a week')).toBeInTheDocument();
    await act(async () => pending[0]!.resolve([{ id: 1, title: 'Python old answer', author: 'Old' }]));
    expect(screen.queryByText('Python old answer')).not.toBeInTheDocument();
    expect(screen.getByText('Java in a week')).toBeInTheDocument();
  });

  it("shows each hit's picture and price beside its title and tutor", async () => {
    renderWithApp(<SearchBox />);
    type('nod');
    await settle();
    await act(async () =>
      pending[0]!.resolve([
        {
          id: 3,
          title: 'Node in depth',
          author: 'Kemi',
          nairaPrice: 12500,
          courseImageUrl: '/media/images/node.png',
        },
      ]),
    );
    const option = await screen.findByRole('option', { name: /Node in depth/ });
    expect(option).toHaveTextContent('Node in depth');
    expect(option).toHaveTextContent('Kemi');
    expect(option).toHaveTextContent('₦12,500');
    const image = option.querySelector('img')!;
    expect(image).toHaveAttribute('src', '/media/images/node.png.w720.webp');
    expect(image.getAttribute('srcset')).toContain('/media/images/node.png.w360.webp 360w');
    expect(image).toHaveAttribute('alt', '');
  });

  it('shows the sale price during a site-wide sale, the list price struck through, as the cards do', async () => {
    renderWithApp(<SearchBox />);
    type('nod');
    await settle();
    await act(async () =>
      pending[0]!.resolve([
        { id: 3, title: 'Node in depth', author: 'Kemi', nairaPrice: 12500, salePrice: 8750 },
        { id: 4, title: 'Node basics', author: 'Kemi', nairaPrice: 5000, salePrice: null },
      ]),
    );
    const onSale = await screen.findByRole('option', { name: /Node in depth/ });
    expect(onSale.querySelector('s')).toHaveTextContent('₦12,500');
    expect(onSale.querySelector('.search-hit-price')).toHaveTextContent(/^₦12,500 ₦8,750$/);
    const full = screen.getByRole('option', { name: /Node basics/ });
    expect(full.querySelector('s')).toBeNull();
    expect(full.querySelector('.search-hit-price')).toHaveTextContent(/^₦5,000$/);
  });

  it("shows 'No course found' for an empty answer", async () => {
    renderWithApp(<SearchBox />);
    type('zzz');
    await settle();
    await act(async () => pending[0]!.resolve([]));
    expect(await screen.findByText('No course found')).toBeInTheDocument();
  });

  it('opens /course/{id} by click or keyboard; Escape and a click outside close the dropdown', async () => {
    renderWithApp(
      <div>
        <SearchBox />
        <p>outside</p>
      </div>,
    );
    type('dev');
    await settle();
    await act(async () =>
      pending[0]!.resolve([
        { id: 11, title: 'DevOps 101', author: 'Ngozi' },
        { id: 12, title: 'Developer tools', author: 'Bayo' },
      ]),
    );
    await screen.findByText('DevOps 101');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Developer tools/ })).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Developer tools/ }).id,
    );
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/course/12');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    type('dev');
    await settle();
    expect(await screen.findByText('DevOps 101')).toBeInTheDocument();
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(screen.queryByText('DevOps 101')).not.toBeInTheDocument();

    fireEvent.focus(input());
    expect(await screen.findByText('DevOps 101')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByText('DevOps 101')).not.toBeInTheDocument();

    fireEvent.focus(input());
    fireEvent.click(await screen.findByText('DevOps 101'));
    expect(screen.getByTestId('location')).toHaveTextContent('/course/11');
  });
});
