import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Loading } from './loading';
import { Spinner } from './spinner';

/** Renders `ui` and finds its status region and the computed style of its ring. */
function renderStatus(ui: ReactNode) {
  render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);
  const status = screen.getByRole('status');
  const ring = status.querySelector('[aria-hidden="true"]');
  if (!(ring instanceof HTMLElement)) throw new Error('no ring');
  return { status, ring: getComputedStyle(ring) };
}

describe('<Loading>', () => {
  it('says what is loading at once, and shows its turning ring only after a second', () => {
    const { status, ring } = renderStatus(<Loading label="Loading the API reference…" />);
    expect(status).toHaveTextContent('Loading the API reference…');
    expect(ring.opacity).toBe('0');
    expect(ring.animationDelay).toBe('1s');
    // Two animations: one that shows the ring at that second, and the turning itself.
    expect(ring.animationFillMode.replace(/\s/g, '')).toBe('forwards,none');
    expect(ring.animationIterationCount.replace(/\s/g, '')).toBe('1,infinite');
  });
});

describe('<Spinner>', () => {
  it('turns at once where nothing asks it to wait (a pending button)', () => {
    const { status, ring } = renderStatus(<Spinner label="Working…" />);
    expect(status).toHaveTextContent('Working…');
    expect(ring.opacity).not.toBe('0');
    expect(ring.animationDelay).not.toBe('1s');
  });
});
