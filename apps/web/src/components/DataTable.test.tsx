import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableScroll } from './DataTable.tsx';

/** Gives every element the sideways sizes of a table `scrollWidth` wide in a box `clientWidth` wide. */
function sized(scrollWidth: number, clientWidth: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => clientWidth });
}

afterEach(() => {
  cleanup();
  delete (HTMLElement.prototype as { scrollWidth?: number }).scrollWidth;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

const table = (
  <table>
    <tbody>
      <tr>
        <th scope="row">Jan 2026</th>
        <td>₦10,000</td>
      </tr>
    </tbody>
  </table>
);

describe('a table wider than its place', () => {
  it('says it scrolls sideways, and its box can be reached and scrolled by keyboard', () => {
    sized(600, 300);
    render(<TableScroll label="Earnings by month">{table}</TableScroll>);
    expect(screen.getByText('Scroll sideways for more columns →')).toBeVisible();
    const box = screen.getByRole('region', { name: 'Earnings by month' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(box.parentElement).toHaveAttribute('data-more-right');
  });

  it('scrolled to its end, points back to the first columns', () => {
    sized(600, 300);
    render(<TableScroll label="Earnings by month">{table}</TableScroll>);
    const box = screen.getByRole('region', { name: 'Earnings by month' });
    box.scrollLeft = 300;
    fireEvent.scroll(box);
    expect(screen.getByText('← Scroll back for the first columns')).toBeVisible();
    expect(box.parentElement).toHaveAttribute('data-more-left');
    expect(box.parentElement).not.toHaveAttribute('data-more-right');
  });

  it('shows no cue when every column fits', () => {
    sized(300, 300);
    render(<TableScroll label="Earnings by month">{table}</TableScroll>);
    expect(screen.queryByText(/Scroll/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
