import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pagerItems } from './Pager';

describe('Pager', () => {
  it('shows every page of a short list', () => {
    expect(pagerItems(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pagerItems(3, 7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('shows the first, the last and the pages around the current one of a long list', () => {
    expect(pagerItems(0, 8841)).toEqual([0, 1, 2, 3, 4, 'gap', 8840]);
    expect(pagerItems(4, 8841)).toEqual([0, 'gap', 3, 4, 5, 'gap', 8840]);
    expect(pagerItems(500, 8841)).toEqual([0, 'gap', 499, 500, 501, 'gap', 8840]);
    expect(pagerItems(8840, 8841)).toEqual([0, 'gap', 8836, 8837, 8838, 8839, 8840]);
    expect(pagerItems(2, 8)).toEqual([0, 1, 2, 3, 4, 'gap', 7]);
    expect(pagerItems(4, 8)).toEqual([0, 'gap', 3, 4, 5, 6, 7]);
  });

  it('renders a catalogue of thousands of pages as a dozen buttons, and reaches the last page', async () => {
    const onChange = vi.fn();
    render(<Pager page={0} pageCount={8841} onChange={onChange} />);
    expect(screen.getAllByRole('button')).toHaveLength(8);
    expect(screen.getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 8841, the last' }));
    expect(onChange).toHaveBeenCalledWith(8840);
  });
});
