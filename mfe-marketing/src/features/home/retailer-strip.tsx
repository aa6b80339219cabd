import { type ReactNode, type RefObject, Suspense, useEffect, useRef } from 'react';
import { errorMessage, usePublicQuery } from 'shared-client';
import type { Retailer } from 'shared-contracts/retailers';
import { Button, Notice, Skeleton, VisuallyHidden } from 'shared-ui';
import styled from 'styled-components';
import { Icon } from '../../shared/icon';
import { useHasNeared, useNearOrIdle } from '../../shared/use-near-or-idle';
import { usePrefersReducedMotion } from '../../shared/use-prefers-reduced-motion';
import { partnerRetailersQueryOptions } from './retailers-api';
import { type ScrollDirection, type StripScroll, useStripScroll } from './use-strip-scroll';

/** Logos are 240×80 SVGs; shown at 180×60, with the size reserved before they load. */
export const LOGO_WIDTH = 180;
export const LOGO_HEIGHT = 60;

const Frame = styled.div`
  display: grid;
  grid-template-columns: 44px minmax(0, 1fr) 44px;
  align-items: center;
  gap: 8px;
`;

const Viewport = styled.div`
  /* Positioned, so the visually hidden link texts inside stay inside its scroll area instead of
     widening the page. */
  position: relative;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  /* The hover scroll moves 5 px at a time; smooth scrolling would fight it. */
  scroll-behavior: auto;
  scrollbar-width: thin;
  border-radius: ${({ theme }) => theme.radii.md};
  padding: 6px 2px;
  &:focus-visible { outline-offset: 4px; }
`;

const Track = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: 16px;
  width: max-content;
`;

const LogoLink = styled.a`
  position: relative;
  display: block;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #ffffff;
  box-shadow: ${({ theme }) => theme.shadows.card};
  transition: transform 150ms ease;
  &:hover { transform: translateY(-2px); }
  img { display: block; width: ${LOGO_WIDTH}px; height: ${LOGO_HEIGHT}px; }
`;

const Arrow = styled.button`
  width: 44px;
  height: 44px;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.primary};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  cursor: pointer;
  box-shadow: ${({ theme }) => theme.shadows.card};
  svg { transition: transform 120ms ease; }
  &[data-direction='-1'] svg { transform: scaleX(-1); }
  &[aria-disabled='true'] { opacity: 0.45; cursor: default; }
`;

function LoadingTrack() {
  return (
    <Track aria-hidden="true">
      {Array.from({ length: 8 }, (_, position) => (
        <li key={position}>
          <Skeleton $width={`${LOGO_WIDTH}px`} $height={`${LOGO_HEIGHT}px`} />
        </li>
      ))}
    </Track>
  );
}

/**
 * `showImage` false: the logo's name in its place (the image's alt text) until the strip is on
 * screen. Each SVG logo is a document of its own for the browser to set up and paint, a cost a
 * phone's first load should not carry (docs/benchmarks.md, "Lighthouse mobile"). `loading="lazy"`
 * would not help: the strip sits within the browser's lazy-loading distance of the fold.
 */
function RetailerLogo({ retailer, showImage }: { retailer: Retailer; showImage: boolean }) {
  return (
    <LogoLink href={retailer.url} target="_blank" rel="noopener noreferrer">
      <img
        src={showImage ? retailer.image : undefined}
        alt={retailer.name}
        width={LOGO_WIDTH}
        height={LOGO_HEIGHT}
        loading="lazy"
        decoding="async"
      />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </LogoLink>
  );
}

function ScrollArrow({
  direction,
  disabled,
  scroll,
}: {
  direction: ScrollDirection;
  disabled: boolean;
  /** Absent while the strip has no list to scroll. */
  scroll?: StripScroll;
}) {
  const enabled = !disabled && scroll !== undefined;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const scrollRef = useRef(scroll);
  scrollRef.current = scroll;
  // A pointer that entered the arrow before it could scroll (the page was still hydrating, or the
  // strip had not measured its width yet) gets no second mouseenter: start once the arrow can.
  useEffect(() => {
    if (enabled && buttonRef.current?.matches(':hover')) scrollRef.current?.start(direction);
  }, [enabled, direction]);
  return (
    <Arrow
      ref={buttonRef}
      type="button"
      data-direction={direction}
      aria-label={direction < 0 ? 'Scroll retailers left' : 'Scroll retailers right'}
      aria-controls="retailer-strip"
      // aria-disabled, not disabled: a keyboard user paging to the end keeps their focus.
      aria-disabled={!enabled}
      onMouseEnter={() => enabled && scroll?.start(direction)}
      onMouseLeave={() => scroll?.stop()}
      onClick={() => enabled && scroll?.page(direction)}
    >
      <Icon name="arrowRight" size={20} />
    </Arrow>
  );
}

/** The arrows around the scrolling logos, or around their loading state while `busy`. */
function StripFrame({
  viewportRef,
  busy,
  scroll,
  children,
}: {
  viewportRef?: RefObject<HTMLDivElement | null>;
  busy: boolean;
  /** Absent in the server's fallback, which has nothing to scroll. */
  scroll?: StripScroll;
  children: ReactNode;
}) {
  return (
    <Frame>
      <ScrollArrow direction={-1} disabled={busy || (scroll?.atStart ?? true)} scroll={scroll} />
      <Viewport
        id="retailer-strip"
        ref={viewportRef}
        role="region"
        aria-label="Partner retailer logos"
        aria-busy={busy || undefined}
        // Focusable so the keyboard's arrow keys scroll it (axe: scrollable-region-focusable).
        tabIndex={0}
        data-testid="retailer-strip"
      >
        {busy ? (
          <>
            <LoadingTrack />
            <VisuallyHidden role="status">Loading retailer partners…</VisuallyHidden>
          </>
        ) : (
          children
        )}
      </Viewport>
      <ScrollArrow direction={1} disabled={busy || (scroll?.atEnd ?? true)} scroll={scroll} />
    </Frame>
  );
}

/**
 * 'Visit our Retailer Partners': the partner retailers from the API as logo links
 * opening each retailer's site in a new tab. The server renders the list with the page and sends
 * it along as the query's data; if it could not, this boundary is rendered in the
 * browser, starting from the loading state.
 */
export function RetailerStrip() {
  return (
    <Suspense fallback={<StripFrame busy>{null}</StripFrame>}>
      <RetailerStripList />
    </Suspense>
  );
}

/**
 * Hovering an arrow scrolls the strip 5 px every 10 ms; the arrows are buttons for the keyboard (a
 * press moves most of a screenful), and the strip itself is focusable so arrow keys, the wheel and
 * touch scroll it too.
 */
function RetailerStripList() {
  const viewportRef = useRef<HTMLDivElement>(null);
  // Below the fold: without the server's data, the list (and zod, which checks it) comes when the
  // strip is near or the page is idle, not with the first load.
  const wanted = useNearOrIdle(viewportRef);
  // The logo images only once the strip itself is on screen, not just near it or idle: the server
  // sends the list without them, so the first load neither fetches nor paints them.
  const onScreen = useHasNeared(viewportRef, '0px');
  const retailers = usePublicQuery(partnerRetailersQueryOptions(), { enabled: wanted });
  const reducedMotion = usePrefersReducedMotion();
  const scroll = useStripScroll(viewportRef, {
    smooth: !reducedMotion,
    contentKey: retailers.data,
  });

  if (retailers.isError) {
    return (
      <Notice tone="danger" role="alert" title="We could not load our retailer partners">
        <p>{errorMessage(retailers.error)}</p>
        <Button size="sm" variant="secondary" onClick={() => retailers.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }

  if (retailers.data?.length === 0) {
    return <Notice>No retailer partners to show right now. Please check back soon.</Notice>;
  }

  return (
    <StripFrame viewportRef={viewportRef} busy={retailers.isPending} scroll={scroll}>
      <Track>
        {retailers.data?.map((retailer) => (
          <li key={retailer.id}>
            <RetailerLogo retailer={retailer} showImage={onScreen} />
          </li>
        ))}
      </Track>
    </StripFrame>
  );
}
