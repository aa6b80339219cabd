import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Skeleton } from './skeleton';

describe('<Skeleton>', () => {
  it('is a decorative placeholder that pulses, after a second of standing still', () => {
    render(
      <ThemeProvider theme={theme}>
        <Skeleton $width="44px" $height="44px" $round data-testid="placeholder" />
      </ThemeProvider>,
    );
    const placeholder = screen.getByTestId('placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    const style = getComputedStyle(placeholder);
    expect(style.width).toBe('44px');
    expect(style.borderRadius).toBe('50%');
    expect(style.animationName).not.toBe('');
    expect(style.animationName).not.toBe('none');
    expect(style.animationIterationCount).toBe('infinite');
    expect(style.animationDelay).toBe('1s');
  });
});
