import { render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme/theme';
import { PasswordStrengthMeter } from './password-strength-meter';

const renderMeter = (password: string) =>
  render(
    <ThemeProvider theme={theme}>
      <PasswordStrengthMeter password={password} />
    </ThemeProvider>,
  );

describe('<PasswordStrengthMeter>', () => {
  it('shows nothing for an empty password', () => {
    const { container } = renderMeter('');
    expect(container).toBeEmptyDOMElement();
  });

  it('names the level and shows the tip below Strong', () => {
    renderMeter('abcdefg1');
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuetext', 'Weak');
    expect(meter).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('Weak')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Consider avoiding common words, repeated characters, or sequential numbers.',
      ),
    ).toBeInTheDocument();
  });

  it('has no tip at Strong', () => {
    renderMeter('Abcde1!x9zqw');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    expect(screen.queryByText(/Consider avoiding/)).not.toBeInTheDocument();
  });
});
