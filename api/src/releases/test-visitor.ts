import type { TestServer } from '../../test/harness.ts';

const INLINE_CONFIG = /<script type="application\/json" id="remotes-config">(.*?)<\/script>/;

export interface VisitorConfig {
  marketing: string;
  releases?: { marketing?: string };
  report?: string;
}

/**
 * A browser as the registry sees it: keeps the assignment cookie it is given, asks for
 * `/remotes.json` and pages, and reports like the shell does.
 */
export class TestVisitor {
  cookie: string | undefined;

  constructor(cookie?: string) {
    this.cookie = cookie;
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      if (pair.startsWith('curbrun_release=')) this.cookie = pair;
    }
  }

  async remotes(server: TestServer): Promise<{ response: Response; config: VisitorConfig }> {
    const response = await server.fetch('/remotes.json', { headers: this.headers() });
    this.keep(response);
    return { response, config: (await response.json()) as VisitorConfig };
  }

  async page(
    server: TestServer,
    pathname: string,
  ): Promise<{ response: Response; html: string; config: VisitorConfig }> {
    const response = await server.fetch(pathname, {
      headers: this.headers({ accept: 'text/html' }),
    });
    this.keep(response);
    const html = await response.text();
    return { response, html, config: JSON.parse(INLINE_CONFIG.exec(html)?.[1] ?? 'null') };
  }

  report(server: TestServer, body: unknown, contentType = 'application/json'): Promise<Response> {
    return server.fetch('/api/releases/reports', {
      method: 'POST',
      headers: this.headers({ 'content-type': contentType }),
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }
}
