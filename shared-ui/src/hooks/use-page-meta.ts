import { useEffect } from 'react';
import { markPageReady } from './when-idle';

export const SITE_NAME = 'CurbRun';

/**
 * Sets the document title ("Page · CurbRun") and the meta description for the current page. Every
 * page calls it, so its first effect also means a page is on screen and interactive (hydrated or
 * rendered): idle work may start (`markPageReady`, issue 13).
 */
export function usePageMeta(title: string, description?: string) {
  useEffect(() => markPageReady(), []);
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
    if (description === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
