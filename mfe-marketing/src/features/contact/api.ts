import { apiRequest, ensureVisitorId } from 'shared-client';
import type { ContactFormValues, CreateSupportMessageResponse } from 'shared-contracts/support';

/**
 * Sends the contact form to the support API (the same thread as the chat). Signed in, the bearer
 * token files it with the account; otherwise the browser's visitor id does.
 */
export function sendContactMessage(values: ContactFormValues, signedIn: boolean) {
  return apiRequest<CreateSupportMessageResponse>(
    'POST',
    '/api/support/messages',
    { source: 'contact', ...values, ...(signedIn ? {} : { visitorId: ensureVisitorId() }) },
    { auth: signedIn },
  );
}
