/**
 * The one theme every package renders with. Colours are chosen for WCAG AA contrast on white
 * (text >= 4.5:1): primary #0b5cad is 6.4:1, muted #475467 is 7.5:1, danger #b42318 is 6.1:1.
 */
export const theme = {
  colors: {
    primary: '#0b5cad',
    primaryHover: '#094a8c',
    primarySoft: '#e8f1fb',
    accent: '#ffb020',
    accentSoft: '#fff4dc',
    text: '#101828',
    muted: '#475467',
    border: '#d0d5dd',
    surface: '#ffffff',
    background: '#f6f8fb',
    danger: '#b42318',
    dangerSoft: '#fef3f2',
    success: '#067647',
    successSoft: '#ecfdf3',
    warning: '#93370d',
    warningSoft: '#fffaeb',
    focus: '#1570ef',
    dark: '#0c1b2e',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // One named family before the generic: each name the device lacks is a font lookup in the
    // first layout (docs/benchmarks.md, "What the first layout waits on"). `monospace` is already
    // Consolas on Windows and the system's code font on Android and Linux; macOS gets Menlo.
    mono: 'Menlo, monospace',
  },
  /**
   * The type scale: every font size and weight in the site's styles is one of these (checked by
   * scripts/check-type-scale.mjs). Few steps keep the pages consistent, and each size and weight
   * pair a page uses is a font the browser resolves before its first layout (docs/benchmarks.md,
   * "What the first layout waits on").
   */
  text: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.25rem',
    '2xl': '1.5rem',
    '3xl': '1.875rem',
    '4xl': '2.25rem',
    '5xl': '3rem',
    '6xl': '4rem',
  },
  weights: { regular: 400, bold: 700 },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.1)',
    raised: '0 12px 24px -6px rgba(16, 24, 40, 0.18)',
  },
  /** The fixed header is exactly 82 px high on every page (docs/product.md, "Site frame"). */
  headerHeight: 82,
  maxContentWidth: 1200,
  breakpoints: { sm: '640px', md: '768px', lg: '1024px' },
} as const;

export type Theme = typeof theme;

export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  md: `@media (min-width: ${theme.breakpoints.md})`,
  lg: `@media (min-width: ${theme.breakpoints.lg})`,
  reducedMotion: '@media (prefers-reduced-motion: reduce)',
} as const;
