// Starts the shell's code once the server-rendered page has painted (issue 13, ADR 012). The
// server puts this script in the page instead of the shell's entry, which it preloads, so the
// download still starts with the HTML; only running it waits one frame. Without this, a phone that
// had the entry quickly (cached, or a fast network) ran all of it before showing the HTML it
// already had. A hidden tab paints no frames, so there it starts at once.
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  const start = () => {
    const main = document.createElement('script');
    main.src = entry;
    document.head.appendChild(main);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
