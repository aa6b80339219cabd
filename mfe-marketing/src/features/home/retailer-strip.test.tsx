import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from 'shared-auth/testing';
import type { Retailer } from 'shared-contracts/retailers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockReducedMotion } from '../../shared/test-utils';
import { RetailerStrip } from './retailer-strip';
import { HOVER_SCROLL_INTERVAL_MS, HOVER_SCROLL_STEP_PX, scrollStep } from './use-strip-scroll';

const RETAILERS: Retailer[] = ["Macy's", 'Nike', 'Sephora'].map((name, position) => ({
  id: `retailer-${position}`,
  name,
  image: `/api/retailers/retailer-${position}/logo.svg`,
  categories: ['Fashion'],
  url: `https://example-${position}.com/`,
  brandColor: '#000000',
}));

/**
 * jsdom has no layout: give the strip a 300 px window onto 1000 px of logos, and tell it (a
 * browser's ResizeObserver would) so the arrows know there is somewhere to go.
 */
function giveLayout(element: HTMLElement, { scrollWidth = 1000, clientWidth = 300 } = {}) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
  act(() => {
    element.dispatchEvent(new Event('scroll'));
  });
}

/** A browser's IntersectionObserver the test drives: each observer's callback and root margin. */
function stubIntersectionObserver() {
  const observers: Array<{
    notify: (entries: Array<{ isIntersecting: boolean }>) => void;
    margin?: string;
  }> = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(
        notify: (entries: Array<{ isIntersecting: boolean }>) => void,
        options?: { rootMargin?: string },
      ) {
        observers.push({ notify, margin: options?.rootMargin });
      }
      observe() {}
      disconnect() {}
    },
  );
  return observers;
}

describe('scrollStep', () => {
  it('moves 5 px per step and stops at both ends', () => {
    const element = document.createElement('div');
    giveLayout(element, { scrollWidth: 312, clientWidth: 300 });
    expect(HOVER_SCROLL_STEP_PX).toBe(5);
    expect(scrollStep(element, 1)).toBe(true);
    expect(element.scrollLeft).toBe(5);
    expect(scrollStep(element, 1)).toBe(true);
    expect(element.scrollLeft).toBe(10);
    expect(scrollStep(element, 1)).toBe(false);
    expect(element.scrollLeft).toBe(12);
    expect(scrollStep(element, -1)).toBe(true);
    expect(element.scrollLeft).toBe(7);
    scrollStep(element, -1);
    expect(scrollStep(element, -1)).toBe(false);
    expect(element.scrollLeft).toBe(0);
  });
});

describe('the retailer strip', () => {
  beforeEach(() => mockReducedMotion(false));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function stubRetailers(response: () => Response) {
    const fetchMock = vi.fn(async () => response());
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  /** The strip with the three retailers on screen. */
  async function renderLoadedStrip() {
    stubRetailers(() => new Response(JSON.stringify(RETAILERS)));
    renderWithProviders(<RetailerStrip />);
    await screen.findByRole('link', { name: 'Nike (opens in a new tab)' });
  }

  it('lists the retailers as logos that open their site in a new tab', async () => {
    stubRetailers(() => new Response(JSON.stringify(RETAILERS)));
    renderWithProviders(<RetailerStrip />);
    expect(screen.getByText('Loading retailer partners…')).toBeInTheDocument();
    const nike = await screen.findByRole('link', { name: 'Nike (opens in a new tab)' });
    expect(nike).toHaveAttribute('href', 'https://example-1.com/');
    expect(nike).toHaveAttribute('target', '_blank');
    expect(nike).toHaveAttribute('rel', 'noopener noreferrer');
    const logo = screen.getByRole('img', { name: 'Nike' });
    expect(logo).toHaveAttribute('src', '/api/retailers/retailer-1/logo.svg');
    expect(logo).toHaveAttribute('width', '180');
    expect(logo).toHaveAttribute('height', '60');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('asks for the retailers only once the strip comes near the screen', async () => {
    const fetchMock = stubRetailers(() => new Response(JSON.stringify(RETAILERS)));
    // A browser, with the strip below the fold and the page not yet idle.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    const observers = stubIntersectionObserver();
    renderWithProviders(<RetailerStrip />);
    expect(screen.getByText('Loading retailer partners…')).toBeInTheDocument();
    act(() => {
      for (const { notify } of observers) notify([{ isIntersecting: false }]);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => {
      for (const { notify } of observers) notify([{ isIntersecting: true }]);
    });
    expect(await screen.findByRole('link', { name: 'Nike (opens in a new tab)' })).toBeVisible();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('names the retailers in place of their logo images until the strip is on screen', async () => {
    stubRetailers(() => new Response(JSON.stringify(RETAILERS)));
    // A browser, with the strip just below the fold (near, so the list is there).
    const observers = stubIntersectionObserver();
    renderWithProviders(<RetailerStrip />);
    const near = observers.filter(({ margin }) => margin !== '0px');
    act(() => {
      for (const { notify } of near) notify([{ isIntersecting: true }]);
    });
    await screen.findByRole('link', { name: 'Nike (opens in a new tab)' });
    const logo = screen.getByRole('img', { name: 'Nike' });
    expect(logo).not.toHaveAttribute('src');
    expect(logo).toHaveAttribute('width', '180');

    act(() => {
      for (const { notify, margin } of observers)
        if (margin === '0px') notify([{ isIntersecting: true }]);
    });
    expect(screen.getByRole('img', { name: 'Nike' })).toHaveAttribute(
      'src',
      '/api/retailers/retailer-1/logo.svg',
    );
    expect(screen.getByRole('img', { name: "Macy's" })).toHaveAttribute(
      'src',
      '/api/retailers/retailer-0/logo.svg',
    );
  });

  it('scrolls 5 px every 10 ms while an arrow is hovered', async () => {
    await renderLoadedStrip();
    const strip = screen.getByRole('region', { name: 'Partner retailer logos' });
    giveLayout(strip);
    vi.useFakeTimers();

    const right = screen.getByRole('button', { name: 'Scroll retailers right' });
    fireEvent.mouseEnter(right);
    act(() => vi.advanceTimersByTime(HOVER_SCROLL_INTERVAL_MS * 10));
    expect(strip.scrollLeft).toBe(50);
    fireEvent.mouseLeave(right);
    act(() => vi.advanceTimersByTime(HOVER_SCROLL_INTERVAL_MS * 10));
    expect(strip.scrollLeft).toBe(50);

    const left = screen.getByRole('button', { name: 'Scroll retailers left' });
    expect(left).toHaveAttribute('aria-disabled', 'false');
    fireEvent.mouseEnter(left);
    act(() => vi.advanceTimersByTime(HOVER_SCROLL_INTERVAL_MS * 4));
    expect(strip.scrollLeft).toBe(30);
    fireEvent.mouseLeave(left);
  });

  it('starts scrolling when it can if the pointer was already resting on an arrow', async () => {
    // The pointer entered the arrow before the page was interactive (or before the strip knew it
    // could scroll): no second mouseenter comes, so the arrow looks at where the pointer is.
    await renderLoadedStrip();
    const right = screen.getByRole('button', { name: 'Scroll retailers right' });
    expect(right).toHaveAttribute('aria-disabled', 'true');
    fireEvent.mouseEnter(right);
    // jsdom tracks no pointer: the right arrow is the one under it.
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector) {
      return selector === ':hover' ? this === right : matches.call(this, selector);
    });

    const strip = screen.getByRole('region', { name: 'Partner retailer logos' });
    vi.useFakeTimers();
    giveLayout(strip);
    expect(right).toHaveAttribute('aria-disabled', 'false');
    act(() => vi.advanceTimersByTime(HOVER_SCROLL_INTERVAL_MS * 10));
    expect(strip.scrollLeft).toBe(50);
    fireEvent.mouseLeave(right);
    act(() => vi.advanceTimersByTime(HOVER_SCROLL_INTERVAL_MS * 10));
    expect(strip.scrollLeft).toBe(50);
  });

  it('pages with the arrow buttons (keyboard and click) and is itself focusable', async () => {
    await renderLoadedStrip();
    const strip = screen.getByRole('region', { name: 'Partner retailer logos' });
    expect(strip).toHaveAttribute('tabindex', '0');
    giveLayout(strip);
    fireEvent.click(screen.getByRole('button', { name: 'Scroll retailers right' }));
    expect(strip.scrollLeft).toBe(240);
  });

  it('moves sideways with a vertical wheel until it reaches its end', async () => {
    await renderLoadedStrip();
    const strip = screen.getByRole('region', { name: 'Partner retailer logos' });
    giveLayout(strip);
    const event = new WheelEvent('wheel', { deltaY: 100, cancelable: true });
    strip.dispatchEvent(event);
    expect(strip.scrollLeft).toBe(100);
    expect(event.defaultPrevented).toBe(true);

    strip.scrollLeft = 700;
    const atEnd = new WheelEvent('wheel', { deltaY: 100, cancelable: true });
    strip.dispatchEvent(atEnd);
    expect(atEnd.defaultPrevented).toBe(false);
  });

  it('says so when the list cannot be loaded, and retries', async () => {
    const fetchMock = stubRetailers(
      () => new Response(JSON.stringify({ message: 'Database unavailable' }), { status: 503 }),
    );
    renderWithProviders(<RetailerStrip />);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'We could not load our retailer partners',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(RETAILERS)));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Nike (opens in a new tab)' })).toBeVisible();
  });
});
