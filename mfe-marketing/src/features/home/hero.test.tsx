import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from 'shared-auth/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockReducedMotion } from '../../shared/test-utils';
import { Hero } from './hero';
import { HERO_INTERVAL_MS } from './use-hero-rotation';

const visibleBackground = () =>
  Array.from(screen.getByTestId('hero').querySelectorAll('img')).findIndex(
    (img) => img.dataset.visible === 'true',
  );

describe('the hero', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('swaps the background every 6 s', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    renderWithProviders(<Hero />);
    expect(screen.getByRole('heading', { level: 1, name: 'DELIVERY REDEFINED' })).toBeVisible();
    expect(visibleBackground()).toBe(0);

    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS - 1));
    expect(visibleBackground()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(visibleBackground()).toBe(1);
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(visibleBackground()).toBe(0);
  });

  it('sizes both backgrounds so nothing shifts, and fades them over 1 s', () => {
    mockReducedMotion(false);
    renderWithProviders(<Hero />);
    for (const img of screen.getByTestId('hero').querySelectorAll('img')) {
      expect(img).toHaveAttribute('width', '1600');
      expect(img).toHaveAttribute('height', '900');
      expect(img).toHaveAttribute('alt', '');
      expect(getComputedStyle(img).transition).toContain('opacity 1000ms');
    }
  });

  it('stays still when paused, and a picture button shows that picture', () => {
    mockReducedMotion(false);
    vi.useFakeTimers();
    renderWithProviders(<Hero />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause background animation' }));
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(visibleBackground()).toBe(0);

    const second = screen.getByRole('button', { name: 'Show picture: Same-day home delivery' });
    fireEvent.click(second);
    expect(visibleBackground()).toBe(1);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Play background animation' }));
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS));
    expect(visibleBackground()).toBe(0);
  });

  it('is static under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    renderWithProviders(<Hero />);
    act(() => vi.advanceTimersByTime(HERO_INTERVAL_MS * 3));
    expect(visibleBackground()).toBe(0);
    expect(screen.queryByRole('button', { name: /background animation/ })).not.toBeInTheDocument();
  });

  it('signed out, remembers the target and goes to /auth', async () => {
    mockReducedMotion(false);
    renderWithProviders(<Hero />);
    const schedule = screen.getByRole('link', { name: 'Schedule a Pickup' });
    expect(schedule).toHaveAttribute('href', '/schedule-pickup/store-details');
    expect(screen.getByRole('link', { name: 'Curbside Delivery' })).toHaveAttribute(
      'href',
      '/curbside-pickup',
    );
    // No token is stored: auth settles as anonymous.
    await waitFor(() => {
      fireEvent.click(screen.getByRole('link', { name: 'Curbside Delivery' }));
      expect(screen.getByTestId('location')).toHaveTextContent('/auth');
    });
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe(JSON.stringify('/curbside-pickup'));
  });
});
