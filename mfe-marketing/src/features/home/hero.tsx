import { useState } from 'react';
import { ButtonLink, Container, media, VisuallyHidden } from 'shared-ui';
import styled from 'styled-components';
import { METRO_AREAS_TEXT, PARTNER_RETAILERS_TEXT } from '../../shared/company-facts';
import { usePrefersReducedMotion } from '../../shared/use-prefers-reduced-motion';
import curbsideSvg from './assets/hero-curbside.svg?raw';
import homeArt from './assets/hero-home.svg';
import { HERO_FADE_MS, useHeroRotation } from './use-hero-rotation';
import { useSignInFirstOnClick } from './use-sign-in-first-on-click';

// The first picture is the page's largest paint: inlined, it comes with the HTML instead of after
// the page's scripts.
const curbsideArt = `data:image/svg+xml,${encodeURIComponent(curbsideSvg)}`;

/** Drawn in the repository (SVG); both share the intrinsic size given to the <img> elements. */
export const HERO_BACKGROUNDS = [
  { src: curbsideArt, label: 'Curbside pickup with a delivery robot' },
  { src: homeArt, label: 'Same-day home delivery' },
] as const;
const ART_WIDTH = 1600;
const ART_HEIGHT = 900;

export const HERO_TARGETS = {
  schedule: '/schedule-pickup/store-details',
  curbside: '/curbside-pickup',
} as const;

const Wrap = styled.section`
  position: relative;
  isolation: isolate;
  overflow: hidden;
  /* A fixed box: the images fill it, so nothing below moves while they load. */
  min-height: clamp(460px, 72vh, 640px);
  display: flex;
  align-items: center;
  color: #ffffff;
  background: ${({ theme }) => theme.colors.dark};
`;

const Background = styled.img<{ $visible: boolean }>`
  position: absolute;
  inset: 0;
  z-index: -2;
  width: 100%;
  height: 100%;
  object-fit: cover;
  object-position: 70% center;
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  transition: opacity ${HERO_FADE_MS}ms ease-in-out;
`;

/* Darkens the left side so the white text keeps its contrast over either picture. */
const Shade = styled.div`
  position: absolute;
  inset: 0;
  z-index: -1;
  background: linear-gradient(90deg, rgba(8, 20, 38, 0.92) 0%, rgba(8, 20, 38, 0.78) 45%, rgba(8, 20, 38, 0.25) 100%);
  ${media.md} {
    background: linear-gradient(90deg, rgba(8, 20, 38, 0.9) 0%, rgba(8, 20, 38, 0.65) 50%, rgba(8, 20, 38, 0.05) 100%);
  }
`;

const Content = styled(Container)`
  padding-top: 48px;
  padding-bottom: 72px;
`;

const Headline = styled.h1`
  font-size: 2.25rem;
  ${media.md} { font-size: 3rem; }
  ${media.lg} { font-size: 4rem; }
  font-weight: 700;
  letter-spacing: 0.02em;
  line-height: 1.05;
  max-width: 12ch;
  margin-bottom: 16px;
`;

const Tagline = styled.p`
  font-size: 1.125rem;
  ${media.md} { font-size: 1.25rem; }
  max-width: 40ch;
  color: #f2f4f7;
  margin-bottom: 28px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Controls = styled.div`
  margin-top: 40px;
  display: flex;
  gap: 8px;
  align-items: center;
`;

const ControlButton = styled.button`
  min-width: 44px;
  height: 44px;
  padding: 0 10px;
  border-radius: 22px;
  border: 2px solid rgba(255, 255, 255, 0.85);
  background: rgba(8, 20, 38, 0.7);
  color: #ffffff;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  &[aria-pressed='true'] { background: #ffffff; color: ${({ theme }) => theme.colors.dark}; }
`;

function PauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {paused ? (
        <path d="M4 2l10 6-10 6z" fill="currentColor" />
      ) : (
        <path d="M3 2h3.5v12H3zM9.5 2H13v12H9.5z" fill="currentColor" />
      )}
    </svg>
  );
}

/**
 * The home hero: two backgrounds cross-fading every 6 s with a 1 s fade, static
 * for people who ask for reduced motion; a pause button and one button per background keep the
 * rotation under the visitor's control (WCAG 2.2.2).
 */
export function Hero() {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useHeroRotation(HERO_BACKGROUNDS.length, !reducedMotion && !paused);
  const signInFirst = useSignInFirstOnClick();

  return (
    <Wrap aria-labelledby="hero-title" data-testid="hero">
      {HERO_BACKGROUNDS.map((background, position) => (
        <Background
          key={background.src}
          src={background.src}
          alt=""
          width={ART_WIDTH}
          height={ART_HEIGHT}
          $visible={position === index}
          data-visible={position === index}
          decoding="async"
          fetchPriority={position === 0 ? 'high' : 'low'}
        />
      ))}
      <Shade />
      <Content>
        <Headline id="hero-title">DELIVERY REDEFINED</Headline>
        <Tagline>
          Same-day curbside and home delivery of your in-store pickup orders from{' '}
          {PARTNER_RETAILERS_TEXT} across {METRO_AREAS_TEXT}.
        </Tagline>
        <Actions>
          <ButtonLink
            to={HERO_TARGETS.schedule}
            onClick={signInFirst(HERO_TARGETS.schedule)}
            variant="accent"
            size="lg"
          >
            Schedule a Pickup
          </ButtonLink>
          <ButtonLink
            to={HERO_TARGETS.curbside}
            onClick={signInFirst(HERO_TARGETS.curbside)}
            variant="secondary"
            size="lg"
          >
            Curbside Delivery
          </ButtonLink>
        </Actions>
        <Controls role="group" aria-label="Background pictures">
          {HERO_BACKGROUNDS.map((background, position) => (
            <ControlButton
              key={background.src}
              type="button"
              aria-pressed={position === index}
              onClick={() => setIndex(position)}
            >
              <span aria-hidden="true">{position + 1}</span>
              <VisuallyHidden>Show picture: {background.label}</VisuallyHidden>
            </ControlButton>
          ))}
          {reducedMotion ? null : (
            <ControlButton type="button" onClick={() => setPaused((value) => !value)}>
              <PauseIcon paused={paused} />
              <VisuallyHidden>
                {paused ? 'Play background animation' : 'Pause background animation'}
              </VisuallyHidden>
            </ControlButton>
          )}
        </Controls>
      </Content>
    </Wrap>
  );
}
