import { afterEach, describe, expect, it } from 'vitest';
import { forgetServerHtml, keptServerHtml } from './server-html';

function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = html;
  return doc;
}

afterEach(() => forgetServerHtml());

describe('keptServerHtml', () => {
  it("reads a part's inner HTML from the server's page once, and keeps it", () => {
    const doc = pageWith(
      '<div id="root"><footer data-server-html="footer"><a href="/team">Our Team</a></footer></div>',
    );
    expect(keptServerHtml('footer', doc)).toBe('<a href="/team">Our Team</a>');
    // React may later clear or replace the element (a remount): the part keeps what was sent.
    doc.getElementById('root')?.replaceChildren();
    expect(keptServerHtml('footer', doc)).toBe('<a href="/team">Our Team</a>');
  });

  it('is null for a page the browser renders from nothing, and stays null', () => {
    const doc = pageWith('<div id="root"></div>');
    expect(keptServerHtml('footer', doc)).toBeNull();
    // The app then renders the part itself; that markup is not taken for the server's.
    doc
      .getElementById('root')
      ?.insertAdjacentHTML('beforeend', '<footer data-server-html="footer">rendered here</footer>');
    expect(keptServerHtml('footer', doc)).toBeNull();
  });

  it("only looks inside the app's root, and is null where there is no document", () => {
    const doc = pageWith('<template><footer data-server-html="footer">x</footer></template>');
    expect(keptServerHtml('footer', doc)).toBeNull();
    forgetServerHtml();
    expect(keptServerHtml('footer', undefined)).toBeNull();
  });
});
