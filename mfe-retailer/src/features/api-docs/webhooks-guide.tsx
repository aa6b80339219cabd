import {
  SIGNATURE_HEADER,
  SIGNATURE_TOLERANCE_SECONDS,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ATTEMPTS,
} from 'shared-contracts/webhook-events';
import { CodeBlock } from '../../shared/code-block';

/** The receiver a retailer writes: a short Node example of verifying our signature. */
export const VERIFY_EXAMPLE = `import crypto from 'node:crypto';
import express from 'express';

const app = express();
const SECRET = process.env.CURBRUN_WEBHOOK_SECRET; // whsec_… from the onboarding page
const TOLERANCE_SECONDS = ${SIGNATURE_TOLERANCE_SECONDS};

// Keep the raw body: the signature covers the exact bytes we sent.
app.post('/webhooks/curbrun', express.raw({ type: 'application/json' }), (req, res) => {
  const header = req.get('${SIGNATURE_HEADER}') ?? '';
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const timestamp = Number(parts.t);
  const body = req.body.toString('utf8');
  const expected = crypto
    .createHmac('sha256', SECRET)
    .update(\`\${timestamp}.\${body}\`)
    .digest('hex');
  const valid =
    typeof parts.v1 === 'string' &&
    parts.v1.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
  if (!valid || Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) {
    return res.status(400).send('Invalid signature');
  }
  const event = JSON.parse(body);
  // At least once: skip an event.id you have already handled.
  console.log(event.type, event.data.object.id, event.data.object.status);
  res.sendStatus(200);
});

app.listen(3000);`;

export const EVENT_EXAMPLE = JSON.stringify(
  {
    id: 'evt_3kTq8ZyLw0XcVbN1mRt5sPaQ',
    object: 'event',
    type: 'delivery.status_changed',
    api_version: '2026-11-01',
    created: 1795300000,
    livemode: false,
    data: {
      object: {
        id: '9b2f4c1e-6a7d-4e8f-b0c3-5d2a1f9e7c64',
        object: 'delivery',
        livemode: false,
        status: 'en_route',
        order_number: 'CR-100512',
        order_reference: 'ACME-1001',
        delivery_type: 'home',
        store_id: 'acme-outfitters-downtown',
        courier: { kind: 'driver', name: 'Maria G.', location: { lat: 30.27, lng: -97.74 } },
        eta: '2026-11-21T16:05:00.000Z',
        '…': '…',
      },
      previous_status: 'pickup_confirmed',
    },
  },
  null,
  2,
);

export function WebhooksGuide() {
  return (
    <section aria-labelledby="webhooks-guide-title">
      <h2 id="webhooks-guide-title">Webhooks</h2>
      <p>
        Add endpoints on the <a href="/retailer-onboarding">onboarding page</a> (one set for test
        mode, one for live). We POST a JSON event to each endpoint that chose its type, signed with
        the endpoint’s secret.
      </p>
      <table>
        <caption>Events</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <tr key={type}>
              <td>
                <code>{type}</code>
              </td>
              <td>{WEBHOOK_EVENT_DESCRIPTIONS[type]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Delivery and retries</h3>
      <ul>
        <li>
          Each event has a unique <code>id</code> (<code>evt_…</code>), also sent as the{' '}
          <code>CurbRun-Event-Id</code> header. Delivery is at least once: deduplicate by id.
        </li>
        <li>
          Answer with any 2xx within 10 seconds. Anything else (or no answer) is retried with
          exponential backoff and jitter: after about 1 minute, 5 minutes, 30 minutes, 2, 5, 10 and
          10 hours — {WEBHOOK_MAX_ATTEMPTS} attempts over more than a day. Events wait in a durable
          outbox, so restarts on our side lose nothing.
        </li>
        <li>
          Every attempt (status code, latency) is in the endpoint’s delivery log, where you can send
          a test event or retry a delivery at once.
        </li>
      </ul>
      <h3>Verifying the signature</h3>
      <p>
        The <code>{SIGNATURE_HEADER}</code> header is{' '}
        <code>t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>, where <code>v1</code> is the HMAC-SHA256
        of <code>&lt;t&gt;.&lt;raw body&gt;</code> with your signing secret as the key. Compare in
        constant time and reject a timestamp more than {SIGNATURE_TOLERANCE_SECONDS / 60} minutes
        from your clock, so a captured request cannot be replayed later.
      </p>
      <CodeBlock
        caption="Verify a webhook (Node.js, Express)"
        code={VERIFY_EXAMPLE}
        accessibleCopyLabel="Copy the signature verification example"
      />
      <h3>Example event</h3>
      <CodeBlock
        caption="delivery.status_changed"
        code={EVENT_EXAMPLE}
        accessibleCopyLabel="Copy the example event"
      />
    </section>
  );
}
