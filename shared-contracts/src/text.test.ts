import { describe, expect, it } from 'vitest';
import { hasControlCharacters, safeText } from './text.ts';

describe('safeText', () => {
  const line = safeText('First name').min(1).max(10);
  const area = safeText('Notes', { multiline: true });

  it('refuses NUL, escape, DEL and C1 controls in any field, naming the field', () => {
    for (const value of ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b']) {
      const result = line.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'First name must not contain control characters such as line breaks',
      );
      expect(area.safeParse(value).success).toBe(false);
    }
  });

  it('refuses line breaks and tabs inside a single-line field but keeps them in a textarea', () => {
    for (const value of ['a\nb', 'a\rb', 'a\tb']) {
      expect(line.safeParse(value).success).toBe(false);
      expect(area.safeParse(value)).toEqual({ success: true, data: value });
    }
  });

  it('still trims, keeps ordinary and accented text, and keeps the caller limits', () => {
    expect(line.safeParse('  Zoë \n')).toEqual({ success: true, data: 'Zoë' });
    expect(line.safeParse('abcdefghijk').success).toBe(false);
    expect(hasControlCharacters('Pick up at the back door – 2nd floor')).toBe(false);
  });
});
