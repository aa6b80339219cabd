/**
 * How long a loading indicator stays still before it moves: the skeleton's pulse and a page's
 * Loading ring start after this. A wait under a second does not break a person's train of
 * thought, so it needs no sign of progress, and most such waits (the header's avatar while a
 * visitor's page starts, a list while its data comes) are over by then and never animate.
 * Each frame of a running animation is composited and drawn, and during a page's start-up on a
 * phone with few cores that work competes with hydration: under Lighthouse, the header's pulse
 * made 25–36 frames in a visitor's first 1.5 s, and the sign-in page's Total Blocking Time more
 * than halved without them (docs/benchmarks.md, "Frames while a page starts").
 */
export const MOTION_DELAY = '1s';
