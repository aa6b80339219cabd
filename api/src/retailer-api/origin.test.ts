import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin.ts';

describe('originAllowed', () => {
  const domains = ['shop.example.com', 'localhost:4000', '*.acme.test'];

  it('accepts listed hosts on any port, a listed host:port exactly and subdomains of a wildcard', () => {
    expect(originAllowed('https://shop.example.com', domains)).toBe(true);
    expect(originAllowed('https://SHOP.example.com:8443', domains)).toBe(true);
    expect(originAllowed('http://localhost:4000', domains)).toBe(true);
    expect(originAllowed('https://www.acme.test', domains)).toBe(true);
    expect(originAllowed('https://a.b.acme.test', domains)).toBe(true);
  });

  it('refuses everything else', () => {
    expect(originAllowed('http://localhost:4001', domains)).toBe(false);
    expect(originAllowed('http://localhost', domains)).toBe(false);
    expect(originAllowed('https://acme.test', domains)).toBe(false);
    expect(originAllowed('https://evilacme.test', domains)).toBe(false);
    expect(originAllowed('https://shop.example.com.evil.test', domains)).toBe(false);
    expect(originAllowed('null', domains)).toBe(false);
    expect(originAllowed('file:///tmp/x.html', domains)).toBe(false);
    expect(originAllowed('https://shop.example.com', [])).toBe(false);
  });
});
