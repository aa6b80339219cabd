import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { Badge, type BadgeTone } from './badge';

/** WCAG 2.x relative luminance and contrast ratio of two `#rrggbb` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const rgbToHex = (rgb: string) =>
  `#${(rgb.match(/\d+/g) ?? []).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe('<Badge>', () => {
  it.each<BadgeTone>(['success', 'warning', 'danger', 'info', 'muted'])(
    'shows its text in a %s pill readable at AA contrast',
    (tone) => {
      render(
        <ThemeProvider theme={theme}>
          <Badge tone={tone} data-testid="badge">
            Default
          </Badge>
        </ThemeProvider>,
      );
      const badge = screen.getByTestId('badge');
      expect(badge).toHaveTextContent('Default');
      const style = getComputedStyle(badge);
      expect(contrast(rgbToHex(style.color), rgbToHex(style.backgroundColor))).toBeGreaterThan(4.5);
    },
  );
});
