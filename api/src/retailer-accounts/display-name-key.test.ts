import { describe, expect, it } from 'vitest';
import { displayNameKey } from './display-name-key.ts';

describe('displayNameKey', () => {
  it('gives every look-alike spelling of a name the same key', () => {
    const nike = displayNameKey('Nike');
    for (const name of [
      'NIKE',
      ' n i k e ',
      'N.I.K.E.',
      'Ｎｉｋｅ',
      'Nïke',
      'N\u0069\u0308ke',
      'Ñíkè',
      'ᴺᴵᴷᴱ',
      'Nіke',
      'ΝΙΚΕ',
      'Nıke',
      'NİKE',
    ]) {
      expect(displayNameKey(name), name).toBe(nike);
    }
    expect(displayNameKey('ЅЕРНОRА')).toBe(displayNameKey('Sephora'));
    expect(displayNameKey('H & M')).toBe(displayNameKey('h&m'));
    expect(displayNameKey('STRASSE Shop')).toBe(displayNameKey('Straße Shop'));
    expect(displayNameKey('ﬁne goods')).toBe(displayNameKey('Fine Goods'));
  });

  it('keeps names apart that only share letters, and letters of other scripts that differ', () => {
    expect(displayNameKey('Nike Fans Running Club')).not.toBe(displayNameKey('Nike'));
    expect(displayNameKey('Nikes')).not.toBe(displayNameKey('Nike'));
    expect(displayNameKey('Zoë Boutique')).toBe(displayNameKey('ZOE BOUTIQUE'));
    expect(displayNameKey('Mill Street')).not.toBe(displayNameKey('Mili Street'));
    expect(displayNameKey('東京ストア')).not.toBe('');
    expect(displayNameKey('東京ストア')).not.toBe(displayNameKey('大阪ストア'));
  });
});
