import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './bearer-token.ts';

const withAuthorization = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as FastifyRequest;

describe('bearerToken', () => {
  it('reads the credential of a bearer header, whatever the scheme case and spacing', () => {
    expect(bearerToken(withAuthorization('Bearer abc.DEF_123-~+/='))).toBe('abc.DEF_123-~+/=');
    expect(bearerToken(withAuthorization('bearer   sk_test_x  '))).toBe('sk_test_x');
  });

  it('tells a missing header (null) from one that is not a bearer credential (empty)', () => {
    expect(bearerToken(withAuthorization())).toBeNull();
    expect(bearerToken(withAuthorization(''))).toBeNull();
    expect(bearerToken(withAuthorization('Basic dXNlcjpwYXNz'))).toBe('');
    expect(bearerToken(withAuthorization('Bearer'))).toBe('');
    expect(bearerToken(withAuthorization('Bearer two parts'))).toBe('');
    expect(bearerToken(withAuthorization(`Bearer ${'x'.repeat(513)}`))).toBe('');
  });
});
