import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

describe('preloadable', () => {
  it('renders at once once preloaded', async () => {
    const Page = preloadable(async () => () => <h1>Loaded page</h1>);
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'Loaded page' })).toBeInTheDocument();
  });

  it('tries again after a failed load', async () => {
    const load = vi
      .fn<() => Promise<() => ReactNode>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce(() => <h1>Second try</h1>);
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('network down');
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Second try' })).toBeInTheDocument();
  });

  it('keeps the first failure when the retry finds the module without its exports', async () => {
    // A module that threw while it ran stays registered half-made: the retry gets no component.
    const load = vi
      .fn<() => Promise<(() => ReactNode) | undefined>>()
      .mockRejectedValueOnce(new Error('Version 19.3.1 of react does not satisfy ^18.0.0'))
      .mockResolvedValue(undefined);
    const Page = preloadable(load as () => Promise<() => ReactNode>);
    await expect(Page.preload()).rejects.toThrow('does not satisfy');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Page />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Version 19.3.1 of react does not satisfy ^18.0.0',
    );
  });
});
