import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';

// Static (the theme's values, not functions of the theme): the server's copy of these rules is
// then kept as it is when the page hydrates. Functions of the theme made styled-components
// remove and insert them again, which restyles the whole document in one of the page's first
// tasks on a slow phone.
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: 16px;
    line-height: 1.5;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 0.5em; font-weight: ${theme.weights.bold}; }
  /* The browser's own heading sizes (2em, 1.5em, 1.17em) are off the type scale. */
  h1 { font-size: ${theme.text['3xl']}; }
  h2 { font-size: ${theme.text['2xl']}; }
  h3 { font-size: ${theme.text.lg}; }
  h4 { font-size: ${theme.text.md}; }
  p { margin: 0 0 1em; }
  img, svg { max-width: 100%; }
  a { color: ${theme.colors.primary}; }
  button, input, select, textarea { font: inherit; }
  /* One visible focus ring for keyboard users everywhere. */
  :focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
