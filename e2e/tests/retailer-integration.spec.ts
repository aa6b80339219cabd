import { createHmac } from 'node:crypto';
import { expect, mainAxeViolations, signInPage, test, tokenOf } from '../fixtures/test';
import { CARDS, fillCard } from '../pages/customer-common';
import { onboardByApi, startLocalServer } from '../pages/retailer';

/**
 * The retailer integration end to end: a retailer onboards, integrates with its test key, a
 * customer pays at /checkout, the delivery appears on the dashboard and a signed webhook reaches a
 * real receiver; and the widget on a shop page served from another port opens the checkout.
 */

test('onboard, initialize a checkout with the test key, customer pays, dashboard and webhook follow', async ({
  signedInPage: page,
  browser,
  authApi,
  request,
  baseURL,
}) => {
  // The whole integration in one test (onboarding, two accounts, checkout, dashboard, webhook,
  // two axe scans): beside another worker on a busy machine it can outlast the default 60 s.
  test.slow();
  const receiver = await startLocalServer(() => ({ status: 200, body: 'ok' }));
  try {
    await page.goto('/retailer-onboarding');
    // Display names are unique (a retry must not find its own earlier account's name taken).
    const suffix = crypto.randomUUID().slice(0, 8);
    const businessName = `Lone Star Outfitters ${suffix}`;
    await page.getByLabel('Business name').fill(businessName);
    await page.getByLabel('Website').fill('https://lonestar.example.com');
    await page.getByLabel('Contact name').fill('Grace Hopper');
    await page.getByLabel('Contact email').fill('grace@lonestar.example.com');
    await page.getByLabel('Contact phone').fill('512 555 0100');
    await page.getByLabel('Store name').fill('Congress Ave');
    await page.getByLabel('Street address').fill('500 Congress Ave');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('ZIP code').fill('78701');
    await page.getByRole('button', { name: 'Create retailer account' }).click();

    await expect(page.getByText('Your new secret keys')).toBeVisible();
    const testKey = (await page.getByTestId('secret-test-secret-key').textContent()) ?? '';
    expect(testKey).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    const retailerId = `lone-star-outfitters-${suffix}`;
    await expect(page.getByText(retailerId, { exact: true })).toBeVisible();
    expect(await mainAxeViolations(page)).toEqual([]);

    // A webhook endpoint at the local receiver, through the form; its secret is shown once.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByLabel('Endpoint URL').fill(`${receiver.origin}/hooks`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = (await page.getByTestId('secret-signing-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);

    // The retailer's server initializes a checkout with the test key.
    const initialized = await request.post('/api/checkout/initialize', {
      headers: { authorization: `Bearer ${testKey}`, 'idempotency-key': 'e2e-order-1' },
      data: {
        retailer_id: retailerId,
        store_id: `${retailerId}-congress-ave`,
        order_reference: 'LS-1001',
        order_items: [{ sku: 'HAT-1', name: 'Felt hat', quantity: 1, unit_price_cents: 4500 }],
        customer_info: { name: 'Ada Lovelace', email: 'ada@example.test' },
      },
    });
    expect(initialized.status(), await initialized.text()).toBe(201);
    const session = (await initialized.json()) as { id: string; checkout_url: string };
    expect(session.checkout_url).toBe(`${baseURL}/checkout?session=${session.id}`);

    // The customer pays at /checkout in their own browser.
    const customerContext = await browser.newContext();
    const customer = await customerContext.newPage();
    await signInPage(customer, authApi, await authApi.createUser({ firstName: 'Ada' }));
    await customer.goto(
      new URL(session.checkout_url).pathname + new URL(session.checkout_url).search,
    );
    await expect(
      customer.getByRole('heading', { name: `Your order from ${businessName}` }),
    ).toBeVisible();
    await customer.getByRole('radio', { name: /^Curbside pickup/ }).check();
    await customer.getByRole('radio', { name: /^2-hour window/ }).check();
    // A test key's session is labelled and takes only test cards: no wallet, no saved cards.
    await expect(customer.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(customer.getByRole('radio', { name: /^Wallet/ })).toHaveCount(0);
    await fillCard(customer, CARDS.success);
    await customer.getByRole('button', { name: /^Pay / }).click();
    await expect(customer.getByText('Payment received')).toBeVisible();
    await customerContext.close();

    // The delivery shows on the retailer's dashboard (test data).
    await page.goto('/delivery-tracking-dashboard');
    await expect(page.getByRole('button', { name: 'Test data' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText('LS-1001', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('count-pickup_confirmed')).toHaveText('1');
    expect(await mainAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Live data' }).click();
    await expect(page.getByText('No deliveries yet.')).toBeVisible();

    // The signed webhook reached the receiver.
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const hook = receiver.received[0];
    const event = JSON.parse(hook?.body ?? '{}') as {
      type: string;
      data: { object: { order_reference: string } };
    };
    expect(event.type).toBe('delivery.created');
    expect(event.data.object.order_reference).toBe('LS-1001');
    const [t, v1] = String(hook?.headers['curbrun-signature'])
      .split(',')
      .map((part) => part.split('=')[1]);
    expect(createHmac('sha256', secret).update(`${t}.${hook?.body}`).digest('hex')).toBe(v1);

    // The delivery log on the onboarding page shows the 200.
    await page.goto('/retailer-onboarding');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await expect(page.getByRole('table', { name: 'Delivery log' })).toContainText('HTTP 200');
    expect(await mainAxeViolations(page)).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test('the widget on a shop page from another port shows fees and opens the checkout; other origins are refused', async ({
  signedInPage: page,
  request,
  baseURL,
}) => {
  const token = await tokenOf(page);
  await onboardByApi(request, token, 'Widget Shop');
  const keys = (await (
    await request.get('/api/retailer/api-keys', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { kind: string; mode: string; display: string }[];
  const publishable = keys.find(
    (key) => key.kind === 'publishable' && key.mode === 'test',
  )?.display;
  const shopHtml = `<!doctype html><html lang="en"><head><title>Shop</title>
<script src="${baseURL}/remotes/retailer/checkout-widget.js" defer></script></head>
<body><main><h1>Your cart</h1>
<curbrun-checkout publishable-key="${publishable}" button-label="Deliver it" theme-color="#7a1fa2"
 cart='[{"name":"Felt hat","quantity":1,"unit_price_cents":4500}]'></curbrun-checkout></main></body></html>`;
  const shop = await startLocalServer(() => ({ status: 200, type: 'text/html', body: shopHtml }));
  const other = await startLocalServer(() => ({ status: 200, type: 'text/html', body: shopHtml }));
  try {
    const saved = await request.put('/api/retailer/account/allowed-domains', {
      headers: { authorization: `Bearer ${token}` },
      data: { domains: [`127.0.0.1:${shop.port}`] },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`${other.origin}/`);
    const refused = page.locator('curbrun-checkout');
    await expect(refused.getByRole('alert')).toContainText(
      `The origin ${other.origin} is not on this retailer's allowed domains`,
    );

    await page.goto(`${shop.origin}/`);
    const widget = page.locator('curbrun-checkout');
    await expect(widget.getByText('Delivery from Widget Shop')).toBeVisible();
    await expect(widget.getByText('Test mode')).toBeVisible();
    await expect(widget.getByRole('list', { name: 'Delivery options' })).toContainText(
      'Curbside pickup',
    );
    await expect(widget.getByRole('list', { name: 'Delivery options' })).toContainText(
      'from $6.99',
    );
    await widget.getByRole('button', { name: 'Deliver it' }).click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/checkout\\?session=[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { name: 'Your order from Widget Shop' })).toBeVisible();
  } finally {
    await shop.close();
    await other.close();
  }
});
