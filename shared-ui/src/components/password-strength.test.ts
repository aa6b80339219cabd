import { describe, expect, it } from 'vitest';
import { PASSWORD_STRENGTH_TIP, passwordStrength } from './password-strength';

const level = (password: string) => passwordStrength(password).label;

describe('password strength', () => {
  it('Too Weak below 2 kinds or 8 characters', () => {
    expect(level('')).toBe('Too Weak');
    expect(level('abcdefghijkl')).toBe('Too Weak'); // one kind, long
    expect(level('Abcdef1')).toBe('Too Weak'); // 3 kinds, 7 characters
  });

  it('Weak from 2 kinds and 8 characters', () => {
    expect(level('abcdefg1')).toBe('Weak');
    expect(level('Abcdefg1')).toBe('Weak'); // 3 kinds stay Weak whatever the length
    expect(level('Abcdefghijklmnop1')).toBe('Weak');
    expect(level('Abcde1!x9')).toBe('Weak'); // 4 kinds, 9 characters
  });

  it('Medium from 4 kinds and 10 characters', () => {
    expect(level('Abcde1!x9z')).toBe('Medium');
    expect(level('Abcde1!x9zq')).toBe('Medium'); // 11
  });

  it('Strong from 4 kinds and 12 characters', () => {
    expect(level('Abcde1!x9zqw')).toBe('Strong');
    expect(passwordStrength('Abcde1!x9zqw').tip).toBeNull();
  });

  it('counts any non-alphanumeric character as a symbol, and characters not code units', () => {
    expect(passwordStrength('Abcde1 x9zqw').kinds).toBe(4);
    expect(level('Abcde1🚗x9zq')).toBe('Medium'); // 11 characters, 12 UTF-16 units
  });

  it('drops one level for a common word, in any case', () => {
    for (const word of [
      'password',
      '123456',
      'qwerty',
      'letmein',
      'admin',
      'welcome',
      'login',
      'abc123',
    ]) {
      const candidate = `Zx9!${word.toUpperCase()}Yq#7`;
      const strength = passwordStrength(candidate);
      expect(strength.dropped, word).toBe(true);
    }
    expect(level('My!PassWord99')).toBe('Medium'); // would be Strong
    expect(level('Admin!x9zq')).toBe('Weak'); // would be Medium
    expect(level('admin123')).toBe('Too Weak'); // would be Weak
  });

  it('drops one level for a character repeated three times in a row', () => {
    expect(level('Abcde1!x9zzz')).toBe('Medium');
    expect(level('Abcde1!x9zz')).toBe('Medium'); // two in a row do not count
    expect(level('aaab1234')).toBe('Too Weak');
  });

  it('drops only once when both apply, and never below Too Weak', () => {
    expect(level('Password!!!1')).toBe('Medium');
    expect(passwordStrength('aaa').level).toBe(0);
    expect(passwordStrength('aaa').dropped).toBe(false);
  });

  it('shows the tip below Strong', () => {
    expect(passwordStrength('abcdefg1').tip).toBe(PASSWORD_STRENGTH_TIP);
    expect(PASSWORD_STRENGTH_TIP).toBe(
      'Consider avoiding common words, repeated characters, or sequential numbers.',
    );
  });
});
