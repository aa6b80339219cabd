import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  registerRequestSchema,
  USERNAME_MAX_LENGTH,
  verifyEmailRequestSchema,
  verifyRecentRequestSchema,
} from './auth';

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada.l',
  email: 'ada@example.test',
  password: 'Str0ng!pass',
};

function messages(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('login schema', () => {
  it('accepts an email or a username and trims the identifier', () => {
    expect(loginRequestSchema.parse({ identifier: ' ada ', password: 'secret' })).toEqual({
      identifier: 'ada',
      password: 'secret',
    });
  });

  it('has the exact messages', () => {
    expect(messages(loginRequestSchema.safeParse({ identifier: '', password: 'secret' }))).toEqual([
      'Email or username is required',
    ]);
    expect(
      messages(loginRequestSchema.safeParse({ identifier: 'ada', password: '12345' })),
    ).toEqual(['Password must be at least 6 characters']);
  });
});

describe('registration schema', () => {
  it.each([
    ['username', 'ab', 'Username must be at least 3 characters'],
    ['email', 'ada@', 'Invalid email address'],
    ['email', '', 'Invalid email address'],
    ['firstName', '', 'First name is required'],
    ['lastName', ' ', 'Last name is required'],
    ['password', 'Sh0rt!a', 'Password must be at least 8 characters'],
    ['password', 'NOLOWER1!', 'Password must contain at least one lowercase letter'],
    ['password', 'noupper1!', 'Password must contain at least one uppercase letter'],
    ['password', 'NoNumber!', 'Password must contain at least one number'],
    ['password', 'NoSpecial1', 'Password must contain at least one special character (@$!%*?&)'],
  ])('%s %j → "%s"', (field, value, message) => {
    const result = registerRequestSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(messages(result)[0]).toBe(message);
  });

  it('accepts each special character of @$!%*?& and no other as "special"', () => {
    for (const special of '@$!%*?&') {
      expect(
        registerRequestSchema.safeParse({ ...valid, password: `Abcdef1${special}` }).success,
      ).toBe(true);
    }
    expect(messages(registerRequestSchema.safeParse({ ...valid, password: 'Abcdef1#' }))).toEqual([
      AUTH_MESSAGES.passwordSpecial,
    ]);
  });

  it('lists every failing password rule', () => {
    expect(messages(registerRequestSchema.safeParse({ ...valid, password: 'abc' }))).toEqual([
      AUTH_MESSAGES.passwordMin,
      AUTH_MESSAGES.passwordUppercase,
      AUTH_MESSAGES.passwordNumber,
      AUTH_MESSAGES.passwordSpecial,
    ]);
  });

  it('bounds every field', () => {
    const long = (n: number) => 'a'.repeat(n);
    expect(
      messages(
        registerRequestSchema.safeParse({ ...valid, username: long(USERNAME_MAX_LENGTH + 1) }),
      ),
    ).toEqual([AUTH_MESSAGES.usernameMax]);
    expect(messages(registerRequestSchema.safeParse({ ...valid, firstName: long(61) }))).toEqual([
      AUTH_MESSAGES.firstNameMax,
    ]);
    expect(messages(registerRequestSchema.safeParse({ ...valid, lastName: long(61) }))).toEqual([
      AUTH_MESSAGES.lastNameMax,
    ]);
    expect(
      messages(registerRequestSchema.safeParse({ ...valid, email: `${long(250)}@x.io` })),
    ).toEqual([AUTH_MESSAGES.emailMax]);
    expect(
      messages(registerRequestSchema.safeParse({ ...valid, password: `Aa1!${long(125)}` })),
    ).toEqual([AUTH_MESSAGES.passwordMax]);
  });

  it('keeps "@" out of usernames so a login identifier with one is an email', () => {
    expect(messages(registerRequestSchema.safeParse({ ...valid, username: 'ada@home' }))).toEqual([
      AUTH_MESSAGES.usernameCharacters,
    ]);
  });

  it('trims names and the email', () => {
    const parsed = registerRequestSchema.parse({
      ...valid,
      firstName: ' Ada ',
      email: ' Ada@Example.test ',
    });
    expect(parsed.firstName).toBe('Ada');
    expect(parsed.email).toBe('Ada@Example.test');
  });
});

describe('other auth requests', () => {
  it('verify-recent needs a password; verify-email a token of sane length', () => {
    expect(messages(verifyRecentRequestSchema.safeParse({ password: '' }))).toEqual([
      'Password is required',
    ]);
    expect(messages(verifyEmailRequestSchema.safeParse({ token: '' }))).toEqual([
      'Verification token is required',
    ]);
    expect(verifyEmailRequestSchema.safeParse({ token: 'x'.repeat(129) }).success).toBe(false);
  });
});
