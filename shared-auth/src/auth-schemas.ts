import type * as AuthContracts from 'shared-contracts/auth';

/**
 * The auth answers' zod schemas, loaded on demand: shared-auth is on every first load and a
 * signed-out visitor of `/` makes none of these calls, so zod stays out of that load (the
 * first-load budget). Each call loads them beside its request, so no round trip is added.
 */
export const authSchemas = () => import('shared-contracts/auth');

type AnswerSchemaName =
  | 'meResponseSchema'
  | 'loginResponseSchema'
  | 'authMessageResponseSchema'
  | 'sensitiveWindowResponseSchema';

/** `answer` (a request under way) checked against the named schema of shared-contracts/auth. */
export async function parseWith<Name extends AnswerSchemaName>(
  name: Name,
  answer: Promise<unknown>,
): Promise<ReturnType<(typeof AuthContracts)[Name]['parse']>> {
  const [schemas, body] = await Promise.all([authSchemas(), answer]);
  return schemas[name].parse(body) as ReturnType<(typeof AuthContracts)[Name]['parse']>;
}
