import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Loading } from './loading';
import { Spinner } from './spinner';

const ringOf = (element: HTMLElement) => {
  const ring = element.querySelector('[aria-hidden="true"]');
  if (!(ring instanceof HTMLElement)) throw new Error('no ring');
  return ring;
};

describe('<Loading>', () => {
  it('says what is loading at once, and shows its turning ring only after a second', () => {
    render(
      <ThemeProvider theme={theme}>
        <Loading label="Loading the API reference…" />
      </ThemeProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading the API reference…');
    const ring = getComputedStyle(ringOf(status));
    expect(ring.opacity).toBe('0');
    expect(ring.animationDelay).toBe('1s');
    // Two animations: one that shows the ring at that second, and the turning itself.
    expect(ring.animationFillMode.replace(/\s/g, '')).toBe('forwards,none');
    expect(ring.animationIterationCount.replace(/\s/g, '')).toBe('1,infinite');
  });
});

describe('<Spinner>', () => {
  it('turns at once where nothing asks it to wait (a pending button)', () => {
    render(
      <ThemeProvider theme={theme}>
        <Spinner label="Working…" />
      </ThemeProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Working…');
    const ring = getComputedStyle(ringOf(status));
    expect(ring.opacity).not.toBe('0');
    expect(ring.animationDelay).not.toBe('1s');
  });
});
