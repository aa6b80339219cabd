import { apiRequest, ensureVisitorId } from 'shared-client';
import {
  type ContactFormValues,
  createSupportMessageResponseSchema,
} from 'shared-contracts/support';

/**
 * Sends the contact form to the support API (the same thread as the chat). Signed in, the bearer
 * token files it with the account; otherwise the browser's visitor id does. The answer is parsed:
 * the confirmation shows its reference and support's reply.
 */
export async function sendContactMessage(values: ContactFormValues, signedIn: boolean) {
  return createSupportMessageResponseSchema.parse(
    await apiRequest<unknown>(
      'POST',
      '/api/support/messages',
      { source: 'contact', ...values, ...(signedIn ? {} : { visitorId: ensureVisitorId() }) },
      { auth: signedIn },
    ),
  );
}
