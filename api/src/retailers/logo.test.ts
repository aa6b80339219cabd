import { describe, expect, it } from 'vitest';
import { escapeXml, renderRetailerLogo } from './logo.ts';

describe('renderRetailerLogo', () => {
  it('escapes the name in the title and the text', () => {
    const svg = renderRetailerLogo({ name: 'H&M <script>"x"\'', brandColor: '#e50010' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('<title id="title">H&amp;M &lt;script&gt;&quot;x&quot;&apos;</title>');
    expect(svg.match(/H&amp;M &lt;script&gt;/g)).toHaveLength(2);
  });

  it('declares its size and uses the brand colour', () => {
    const svg = renderRetailerLogo({ name: 'Nike', brandColor: '#111111' });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="240" height="80"/);
    expect(svg).toContain('fill="#111111"');
  });

  it('never puts anything but a hex colour into an attribute', () => {
    const svg = renderRetailerLogo({ name: 'X', brandColor: 'red" onload="alert(1)' });
    expect(svg).not.toContain('onload');
    expect(svg).toContain('fill="#1a1a1a"');
  });

  it('shrinks long names to fit', () => {
    const size = (name: string) =>
      Number(/font-size="(\d+)"/.exec(renderRetailerLogo({ name, brandColor: '#000000' }))?.[1]);
    expect(size('Under Armour')).toBeLessThan(size('Nike'));
    expect(size('Under Armour') * 0.62 * 'Under Armour'.length).toBeLessThanOrEqual(240 - 32);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&apos;');
    expect(escapeXml("Macy's")).toBe('Macy&apos;s');
  });
});
