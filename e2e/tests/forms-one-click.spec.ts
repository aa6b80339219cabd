import type { Locator, Page } from '@playwright/test';
import { AuthPage, expect, newAccountData, openToasts, test, tokenOf } from '../fixtures/test';
import { CurbsidePage, readPinFromOutbox } from '../pages/curbside';
import { SchedulePickupPage } from '../pages/customer-schedule';
import { ContactPage } from '../pages/marketing';
import { onboardByApi } from '../pages/retailer';
import { DeliveriesApi } from '../pages/tracking';

// A form that validates on blur shows a message when the pointer goes down on
// the submit button, the button moves, and the click lands on nothing. Every test here clicks
// submit exactly once per attempt, with a real pointer (the click blurs the field typed in last):
// invalid values → the messages show; valid values → the form submits.

/** Types into the field with the keyboard after clicking it, as a person does. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

/** The position of the button now: nothing that appears on blur may move it. */
async function positionOf(button: Locator) {
  const box = await button.boundingBox();
  return box ? { x: Math.round(box.x), y: Math.round(box.y) } : null;
}

/** Blurs the focused field by pressing on the button without releasing; then reads where it is. */
async function pressDoesNotMove(page: Page, button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const before = await positionOf(button);
  const box = await button.boundingBox();
  if (!box) throw new Error('submit button not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // A blur-time message would render now, before the button is released.
  await page.waitForTimeout(150);
  expect(await positionOf(button)).toEqual(before);
  await page.mouse.up();
}

test.describe('forms take the first click (validate on submit, then as fields change)', () => {
  test('Register: one click shows the messages; one click registers', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.goto('register');
    const form = auth.registerForm;
    const submit = auth.registerButton;
    await typeInto(form.getByLabel('Username'), 'ab');
    await typeInto(form.getByLabel('Password', { exact: true }), 'short');
    // The press itself blurs the password field; the button stays where the pointer is and the
    // release completes the click.
    await pressDoesNotMove(page, submit);
    await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(form.getByText('First name is required')).toBeVisible();

    // Corrected fields lose their message as they are typed.
    await typeInto(form.getByLabel('Username'), 'c');
    await expect(form.getByText('Username must be at least 3 characters')).toBeHidden();

    await auth.register(newAccountData());
    await expect(openToasts(page)).toContainText('Registration Successful');
  });

  test('Login: one click shows the messages; one click signs in', async ({ page, account }) => {
    const auth = new AuthPage(page);
    await auth.goto('login');
    const form = auth.loginForm;
    const submit = auth.loginButton;
    await typeInto(form.getByLabel('Password', { exact: true }), '123');
    await pressDoesNotMove(page, submit);
    await expect(form.getByText('Email or username is required')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();

    await auth.login(account.username, account.password);
    await expect(page).toHaveURL(/\/$/);
  });

  test('Schedule a pickup, order details and delivery options: one click per step', async ({
    signedInPage: page,
  }) => {
    const schedule = new SchedulePickupPage(page);
    await schedule.open();
    await schedule.chooseStore('Nordstrom', 'Nordstrom NorthPark Center');
    await schedule.next();
    await schedule.expectStep('order-details', 'Order Details');

    const next = schedule.nextButton;
    await page.getByLabel('Name on the order').fill('');
    await page.getByLabel("Retailer's order number").click();
    await pressDoesNotMove(page, next);
    await expect(page.getByText("Enter the retailer's order number")).toBeVisible();
    await expect(page.getByText('Enter the name on the order')).toBeVisible();

    await schedule.fillOrderDetails({ orderNumber: 'NP-4471', name: 'Ada Lovelace' });
    await expect(page.getByText("Enter the retailer's order number")).toBeHidden();
    await next.click();
    await schedule.expectStep('delivery-details', 'Delivery Details');

    // Delivery options: nothing chosen, one click says what is missing.
    await next.click();
    await expect(page.getByText('Choose curbside pickup or home delivery')).toBeVisible();
    await schedule.chooseDelivery('Curbside pickup');
    await schedule.window('6-hour window').check();
    await next.click();
    await schedule.expectStep('payment', 'Payment');
  });

  test('Curbside arrival form and PIN dialog: one click each', async ({
    signedInPage: page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const api = await DeliveriesApi.of(page, request);
    const order = await api.placeCurbsideOrder();
    const curbside = new CurbsidePage(page);
    await curbside.goto(`?orderNumber=${encodeURIComponent(order.orderNumber)}`);
    await curbside.start();
    const notify = curbside.notifyButton;
    await typeInto(page.getByLabel('Phone number'), '214');
    await pressDoesNotMove(page, notify);
    await expect(page.getByText('Parking spot number is required')).toBeVisible();
    await expect(page.getByText('Valid phone number is required')).toBeVisible();

    const phone = `(214) 555-${String(Date.now() % 10_000).padStart(4, '0')}`;
    await page.getByLabel('Parking spot number').fill('12');
    await page.getByLabel('Phone number').fill(phone);
    await notify.click();
    await expect(page).toHaveURL(/[?&]pickup=[0-9a-f-]{36}/);

    const dialog = curbside.pinDialog;
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const { pinInput, verifyButton: verify } = curbside;
    await pinInput.fill('12');
    await pressDoesNotMove(page, verify);
    await expect(dialog.getByText('PIN must be 4 digits')).toBeVisible();

    const pin = await readPinFromOutbox(request, baseURL ?? '', phone);
    await pinInput.fill(pin);
    await verify.click();
    await expect(dialog).toBeHidden();
    await expect(curbside.toast('Verification Successful!')).toBeVisible();
  });

  test('Contact form: one click shows the messages; one click sends', async ({ page }) => {
    const contact = new ContactPage(page);
    await contact.goto();
    const send = contact.form.getByRole('button', { name: 'Send message' });
    await typeInto(contact.form.getByLabel('Email'), 'not-an-email');
    await pressDoesNotMove(page, send);
    await expect(contact.form.getByText('Please enter your name')).toBeVisible();
    await expect(contact.form.getByText('Invalid email address')).toBeVisible();

    await contact.fill({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      topic: 'Becoming a retailer partner',
      message: 'Where is my order?',
    });
    await expect(contact.form.getByText('Invalid email address')).toBeHidden();
    await contact.submit();
    await expect(page.getByText('Thanks, Ada Lovelace! Your message has been sent.')).toBeVisible();
  });

  test('Retailer widget panel: one click refuses a bad domain; one click saves', async ({
    signedInPage: page,
    request,
  }) => {
    await onboardByApi(request, await tokenOf(page));
    await page.goto('/retailer-onboarding');
    await page.getByRole('tab', { name: 'Widget' }).click();
    const domains = page.getByLabel('Allowed domains');
    const save = page.getByRole('button', { name: 'Save allowed domains' });
    await domains.fill('');
    await typeInto(domains, 'https://shop.example.com/path');
    await pressDoesNotMove(page, save);
    await expect(page.getByText(/Enter a domain such as shop\.example\.com/)).toBeVisible();

    await domains.fill('shop.example.com');
    await expect(page.getByText(/Enter a domain such as shop\.example\.com/)).toBeHidden();
    await save.click();
    await expect(openToasts(page)).toContainText('Allowed domains saved');
  });
});
