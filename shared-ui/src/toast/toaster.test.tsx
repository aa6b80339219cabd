import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme/theme';
import { resetToasts, toast } from './toast-store';
import { Toaster } from './toaster';

function renderToaster() {
  return render(
    <ThemeProvider theme={theme}>
      <Toaster />
    </ThemeProvider>,
  );
}

afterEach(() => {
  act(() => resetToasts());
  vi.unstubAllGlobals();
});

describe('<Toaster>', () => {
  it('renders nothing until a toast is raised', () => {
    const { container } = renderToaster();
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('loads the toast area and shows a toast raised before anyone pressed anything', async () => {
    renderToaster();
    act(() => {
      toast({ title: 'Store Notified!', description: 'The store knows you are here' });
    });
    expect(await screen.findByText('Store Notified!')).toBeInTheDocument();
    expect(screen.getByText('The store knows you are here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dismiss notification' })).toBeInTheDocument();
  });

  it('fetches the toast code at the first press, and shows the area only with a toast', async () => {
    const { container } = renderToaster();
    act(() => {
      document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    // Pressed, and no toast: nothing rendered, no empty region for a screen reader to land on.
    expect(container).toBeEmptyDOMElement();
    act(() => {
      toast({ title: 'Store Notified!' });
    });
    // Radix's viewport is a labelled region ("Notifications (F8)").
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    expect(screen.getByText('Store Notified!')).toBeInTheDocument();
  });
});
