import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { type ExtraServer, startExtraServer } from '../fixtures/extra-server';
import {
  AuthApi,
  DEMO_ACCOUNT,
  expect,
  mainAxeViolations,
  signInPage,
  test,
} from '../fixtures/test';
import { CurbsidePage, randomPhone, readPinFromOutbox } from '../pages/curbside';

/**
 * Curbside pickup end to end on the composed site, the robot simulated by the server at
 * SIM_TIME_SCALE 0.25 (each step at least 2.5 s): at the other suites' 0.1, a loaded machine's
 * page may connect its live stream, or be busy, for longer than two steps and show fewer steps.
 * The suite runs its own server: it consumes the demo customer's ready orders, which other
 * suites may read as seeded.
 */
const SIM_TIME_SCALE = 0.25;
/** How long to wait for the robot at the car: its 45 simulated seconds, with room for a busy machine. */
const ROBOT_ARRIVAL_TIMEOUT_MS = 45_000 * SIM_TIME_SCALE + 15_000;
test.describe.configure({ mode: 'serial' });

let server: ExtraServer;
let api: APIRequestContext;
let authApi: AuthApi;

test.beforeAll(async () => {
  // A fresh database migrates and seeds first: on a busy machine, longer than the default minute.
  test.setTimeout(120_000);
  server = await startExtraServer({ SIM_TIME_SCALE: String(SIM_TIME_SCALE) });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  authApi = new AuthApi(api);
});

/** The demo customer, whose seeded ready orders curbside accepts, signed in on this suite's server. */
const signInDemo = (page: Page) => signInPage(page, authApi, DEMO_ACCOUNT, server.baseURL);

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('a customer with a ready order completes a curbside pickup with the PIN from the SMS', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInDemo(page);
  const curbside = new CurbsidePage(page, server.baseURL);
  await curbside.goto();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await curbside.start();

  // The validation messages, before anything is sent.
  await curbside.notifyButton.click();
  await expect(page.getByText('Order number is required')).toBeVisible();
  await expect(page.getByText('Parking spot number is required')).toBeVisible();
  await expect(page.getByText('Valid phone number is required')).toBeVisible();

  const phone = randomPhone();
  await curbside.fillArrival({
    orderNumber: 'CR-100234',
    parkingSpotNumber: '14',
    phoneNumber: phone,
    vehicleDescription: 'Red pickup truck',
  });
  await curbside.notify();
  await expect(curbside.toast('Store Notified!')).toContainText(
    'The store has been notified of your arrival. A robot will be dispatched shortly.',
  );
  await expect(page.getByText('Order CR-100234', { exact: true })).toBeVisible();
  // The server moves the robot; each step shows up live.
  await expect(curbside.status).toHaveText(/Robot Dispatched|Collecting Order|Robot En Route/);
  await expect(page.getByText(/^CurbBot /).first()).toBeVisible();
  await expect(page.getByText('Estimated arrival')).toBeVisible();
  await expect(page.getByTestId('live-mode')).toHaveText('Live updates on');

  await expect(curbside.pinDialog).toBeVisible({ timeout: ROBOT_ARRIVAL_TIMEOUT_MS });
  await expect(curbside.status).toHaveText('Robot Arrived');
  // The page followed the robot in order. A step can be replaced within the same second by the
  // next one on a busy machine, so the page must show the steps in order, missing at most one.
  const steps = [
    "You've Arrived",
    'Robot Dispatched',
    'Collecting Order',
    'Robot En Route',
    'Robot Arrived',
  ];
  const seen = await curbside.recordedStatuses();
  expect(seen.map((label) => steps.indexOf(label))).toEqual(
    [...seen.map((label) => steps.indexOf(label))].sort((a, b) => a - b),
  );
  expect(seen.every((label) => steps.includes(label))).toBe(true);
  expect(seen.length).toBeGreaterThanOrEqual(steps.length - 1);
  expect(seen.at(-1)).toBe('Robot Arrived');
  await expect(curbside.pinInput).toBeFocused();
  await expect(curbside.pinInput).toHaveAttribute('placeholder', 'Enter 4-digit PIN');
  await expect(curbside.pinDialog.getByText('Attempts remaining: 3')).toBeVisible();

  const pin = await readPinFromOutbox(api, server.baseURL, phone);
  // The PIN appears nowhere on the page before it is typed: as a number of its own, since four
  // random digits can be part of the order number (1002 in CR-100234).
  await expect(page.locator('body')).not.toContainText(new RegExp(`\\b${pin}\\b`));
  await curbside.enterPin(pin);
  await expect(curbside.toast('Verification Successful!')).toContainText(
    'Please collect your order from the robot compartment.',
  );
  await expect(curbside.pinDialog).toBeHidden();
  await expect(curbside.status).toHaveText('Verified');

  await page.getByRole('button', { name: "I've collected my order" }).click();
  await expect(curbside.status).toHaveText('Delivered');
  await expect(page.getByText('Estimated arrival')).toBeHidden();

  // Every step is in the timeline, once (the PIN dialog hid it from assistive tech until now).
  const timeline = page.getByRole('region', { name: 'Delivery Timeline' });
  for (const label of steps.slice(1)) {
    await expect(timeline.getByText(label, { exact: true })).toHaveCount(1);
  }
  await expect(timeline.getByText('Real-time updates on your curbside pickup')).toBeVisible();
  await expect(timeline.getByRole('listitem').first()).toContainText('Order collected.');
  await expect(timeline.getByRole('listitem').last()).toContainText('Order CR-100234');

  // The order has been picked up: the selector no longer offers it.
  await page.getByRole('button', { name: /Back to Arrival Form/ }).click();
  await expect(page).toHaveURL(`${server.baseURL}/curbside-pickup`);
  const select = page.getByLabel('Order', { exact: true });
  await expect(select.locator('option', { hasText: 'CR-100235' })).toHaveCount(1);
  await expect(select.locator('option', { hasText: 'CR-100234' })).toHaveCount(0);
});

test('a wrong PIN is refused with attempts remaining; three wrong PINs fail the delivery', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInDemo(page);
  const curbside = new CurbsidePage(page, server.baseURL);
  await curbside.goto();
  await curbside.start();
  const phone = randomPhone();
  await curbside.fillArrival({
    orderNumber: 'CR-100235',
    parkingSpotNumber: '3',
    phoneNumber: phone,
  });
  await curbside.notify();
  await expect(curbside.pinDialog).toBeVisible({ timeout: ROBOT_ARRIVAL_TIMEOUT_MS });
  const pin = await readPinFromOutbox(api, server.baseURL, phone);
  const wrong = pin === '0000' ? '1111' : '0000';

  await curbside.pinInput.fill('12');
  await curbside.verifyButton.click();
  await expect(curbside.pinDialog.getByText('PIN must be 4 digits')).toBeVisible();

  await curbside.enterWrongPin(wrong);
  await expect(curbside.toast('Verification Failed')).toContainText(
    'Invalid PIN. Please try again.',
  );
  await expect(curbside.pinDialog.getByRole('alert')).toHaveText('Invalid PIN. Please try again.');
  await expect(curbside.pinDialog.getByText('Attempts remaining: 2')).toBeVisible();

  await curbside.enterWrongPin(wrong);
  await expect(curbside.pinDialog.getByText('Attempts remaining: 1')).toBeVisible();
  await curbside.enterPin(wrong);
  await expect(curbside.status).toHaveText('Failed');
  await expect(curbside.pinDialog).toBeHidden();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Delivery failed - contact support' }),
  ).toBeVisible();
  await expect(page.getByTestId('live-mode')).toHaveText('This pickup has ended');
});

test('reloading during tracking keeps the view, and the link reopens it', async ({ page }) => {
  test.setTimeout(60_000);
  await signInDemo(page);
  const curbside = new CurbsidePage(page, server.baseURL);
  await curbside.goto();
  await curbside.start();
  await curbside.fillArrival({
    orderNumber: 'CR-100236',
    parkingSpotNumber: '21',
    phoneNumber: randomPhone(),
  });
  const id = await curbside.notify();
  // Tracking is on screen. Which step it shows depends on how busy the machine is: at this suite's
  // time scale the robot reaches the car 11.25 s after the arrival.
  await expect(curbside.status).toHaveText(
    /You've Arrived|Robot Dispatched|Collecting Order|Robot En Route|Robot Arrived/,
  );

  await page.reload();
  await expect(page).toHaveURL(new RegExp(`pickup=${id}`));
  await expect(page.getByText('Order CR-100236', { exact: true })).toBeVisible();
  await expect(curbside.status).toBeVisible();
  await expect(page.getByText('21', { exact: true })).toBeVisible();
  // Still live after the reload: the robot's arrival reaches the page without another reload.
  // ('Robot Arrived' is where the robot stays until the PIN; the steps before it pass.)
  await expect(curbside.status).toHaveText('Robot Arrived', { timeout: ROBOT_ARRIVAL_TIMEOUT_MS });
  await expect(curbside.pinDialog).toBeVisible();
  await expect(page.getByTestId('live-mode')).toHaveText('Live updates on');
  expect(await mainAxeViolations(page)).toEqual([]);

  // A shared link opens the same tracking view in a new tab.
  const other = await page.context().newPage();
  await other.goto(`${server.baseURL}/curbside-pickup?pickup=${id}`);
  await expect(other.getByText('Order CR-100236', { exact: true })).toBeVisible();
  await other.close();
});

test('?orderNumber= prefills the arrival form', async ({ page }) => {
  await signInDemo(page);
  const curbside = new CurbsidePage(page, server.baseURL);
  await curbside.goto('?orderNumber=CR-100237');
  expect(await mainAxeViolations(page)).toEqual([]);
  await curbside.start();
  await expect(page.getByLabel('Order number')).toHaveValue('CR-100237');
  expect(await mainAxeViolations(page)).toEqual([]);
  // Down to 320 px wide, nothing overflows sideways.
  await page.setViewportSize({ width: 320, height: 720 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expect(page.getByLabel('Your name')).not.toHaveValue('');
  await curbside.backToInfo();
  await expect(page.getByRole('button', { name: 'Start Curbside Pickup' })).toBeVisible();
});

test('signed out, the page asks to sign in and comes back after login', async ({ page }) => {
  await page.goto(`${server.baseURL}/curbside-pickup?orderNumber=CR-100237`);
  await expect(page).toHaveURL(`${server.baseURL}/auth`);
  const stored = await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'));
  expect(JSON.parse(stored ?? 'null')).toBe('/curbside-pickup?orderNumber=CR-100237');
});
