import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeRoot } from '../theme/theme-root';
import { OfflineNotice, offlineText } from './offline-notice';

// 20:41 UTC in July is 3:41 PM in Central time (daylight saving).
const LAST_UPDATE = Date.UTC(2026, 6, 14, 20, 41);

describe('OfflineNotice', () => {
  it('says nothing while online, from a live region that is already in the page', () => {
    render(
      <ThemeRoot>
        <OfflineNotice offline={false} lastUpdatedAt={LAST_UPDATE} />
      </ThemeRoot>,
    );
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
  });

  it('says the page is offline and how old the status on screen is', () => {
    render(
      <ThemeRoot>
        <OfflineNotice offline lastUpdatedAt={LAST_UPDATE} />
      </ThemeRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline. Showing the last status from 3:41 PM CT.",
    );
    expect(screen.getByRole('status')).toHaveTextContent('catches up by itself');
  });

  it('says only that it is offline when nothing has been loaded, and what it was given', () => {
    expect(offlineText()).toBe("You're offline.");
    render(
      <ThemeRoot>
        <OfflineNotice offline>Your arrival is sent when the signal is back.</OfflineNotice>
      </ThemeRoot>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      "You're offline.Your arrival is sent when the signal is back.",
    );
  });
});
