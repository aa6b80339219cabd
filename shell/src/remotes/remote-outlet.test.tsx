import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from 'shared-auth';
import { MemoryRouter } from 'shared-auth/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ReleaseEvent, takeReleaseEvents } from '../telemetry/release-events';
import { remoteLoader } from './remote-loader';
import { pageReload, RemoteOutlet } from './remote-outlet';

function Broken(): never {
  throw new TypeError('Cannot read properties of undefined (reading "title")');
}

function renderOutlet() {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/about-us']}>
        <RemoteOutlet remote="marketing" />
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RemoteOutlet and releases', () => {
  it('counts a page view and a render error of the remote, and shows the panel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(remoteLoader, 'peek').mockReturnValue({ default: Broken });
    const events: ReleaseEvent[] = [];
    const taking = takeReleaseEvents((event) => events.push(event));
    renderOutlet();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This section is unavailable right now',
    );
    taking.stop();
    expect(events).toContainEqual({ type: 'view', remote: 'marketing' });
    expect(events).toContainEqual({
      type: 'error',
      remote: 'marketing',
      kind: 'render',
      name: 'TypeError',
      message: 'Cannot read properties of undefined (reading "title")',
    });
  });

  it('reloads the page on Retry when the visitor now gets another release', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(remoteLoader, 'peek').mockReturnValue({ default: Broken });
    const reset = vi.spyOn(remoteLoader, 'reset').mockResolvedValue(true);
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    renderOutlet();
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(reset).toHaveBeenCalledWith('marketing');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says which singleton a page refused while rendering, as a refused load would', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    function BuiltForReact18(): never {
      throw new Error(
        '[ Federation Runtime ]: Version 19.3.1 from shell of shared singleton module react/jsx-runtime does not satisfy the requirement of marketing which needs ^18.0.0)',
      );
    }
    vi.spyOn(remoteLoader, 'peek').mockReturnValue({ default: BuiltForReact18 });
    renderOutlet();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The marketing remote was built for react/jsx-runtime ^18.0.0, but this site runs react/jsx-runtime 19.3.1, so it was refused.',
    );
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/^\[shell\] The marketing remote was built for react\/jsx-runtime/),
    );
  });
});
