import { describe, expect, it } from 'vitest';
import { displayName, userInitials } from './initials';

describe('userInitials', () => {
  it('first letters of firstName and lastName', () => {
    expect(userInitials({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('AL');
    expect(userInitials({ firstName: ' Élodie ', lastName: 'Zoë', username: 'x' })).toBe('ÉZ');
  });

  it('else the first 2 letters of the username, upper-cased', () => {
    expect(userInitials({ firstName: 'Ada', lastName: null, username: 'ada.l' })).toBe('AD');
    expect(userInitials({ firstName: '', lastName: 'Lovelace', username: 'xy' })).toBe('XY');
    expect(userInitials({ firstName: null, lastName: null, username: 'q' })).toBe('Q');
  });

  it('else the first 2 characters of the email', () => {
    expect(userInitials({ username: '', email: 'ada@example.test' })).toBe('ad');
  });

  it("else 'U'", () => {
    expect(userInitials({ username: '', email: '' })).toBe('U');
    expect(userInitials(null)).toBe('U');
  });
});

describe('displayName', () => {
  it('prefers the full name, then the username', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe(
      'Ada Lovelace',
    );
    expect(displayName({ firstName: null, lastName: null, username: 'ada' })).toBe('ada');
  });
});
