import { describe, expect, it } from 'vitest';
import { safeUrl } from './url.ts';

describe('safeUrl', () => {
  const endpoint = safeUrl('Endpoint URL', { error: 'Enter a full http(s) URL' }).max(60);

  it('refuses a NUL or any other control character anywhere, naming the field', () => {
    for (const value of [
      'https://hooks.example.com/\u0000',
      'https://hooks.example.com/?q=\u0000',
      'https://hooks.example.com/#\u0000',
      '\u0000https://hooks.example.com/',
      'https://hooks.example.com/a\nb',
      'https://hooks.example.com/a\tb',
      'https://hooks.example.com/\u001b[0m',
      'https://hooks.example.com/\u007f',
      'https://hooks.example.com/\u009b',
    ]) {
      const result = endpoint.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Endpoint URL must not contain control characters such as line breaks',
      );
    }
  });

  it('keeps the scheme rule, its message and the caller limits', () => {
    expect(endpoint.safeParse('https://hooks.example.com/curbrun?x=1#top')).toEqual({
      success: true,
      data: 'https://hooks.example.com/curbrun?x=1#top',
    });
    expect(endpoint.safeParse('http://localhost:4000/hook').success).toBe(true);
    for (const value of [
      'javascript:alert(1)',
      'ftp://files.example.com/',
      'hooks.example.com',
      42,
      null,
    ]) {
      const result = endpoint.safeParse(value);
      expect(result.error?.issues[0]?.message, String(value)).toBe('Enter a full http(s) URL');
    }
    expect(endpoint.safeParse(`https://hooks.example.com/${'a'.repeat(60)}`).success).toBe(false);
    const httpsOnly = safeUrl('Website', { protocol: /^https$/ });
    expect(httpsOnly.safeParse('http://shop.example.com').success).toBe(false);
    expect(httpsOnly.safeParse('https://shop.example.com').success).toBe(true);
  });

  it('keeps percent-encoded bytes, which are text, not control characters', () => {
    expect(endpoint.safeParse('https://hooks.example.com/?q=%00').success).toBe(true);
  });
});
