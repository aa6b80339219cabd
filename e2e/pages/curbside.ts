import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** A fresh phone number, so the outbox holds exactly this test's PIN message. */
export const randomPhone = () => `(214) 555-${String(randomInt(0, 10_000)).padStart(4, '0')}`;

/** The PIN from the newest SMS to `phone` in the development outbox. */
export async function readPinFromOutbox(
  request: APIRequestContext,
  baseURL: string,
  phone: string,
): Promise<string> {
  let pin: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(
        `${baseURL}/api/dev/outbox?to=${encodeURIComponent(phone)}`,
      );
      const [sms] = (await response.json()) as Array<{ text: string }>;
      pin = sms?.text.match(/PIN for order CR-\d{6} is (\d{4})\./)?.[1];
      return pin;
    })
    .toBeTruthy();
  return pin ?? '';
}

/** Page object of `/curbside-pickup` (mfe-curbside). */
export class CurbsidePage {
  readonly status: Locator;
  readonly notifyButton: Locator;
  readonly pinDialog: Locator;
  readonly pinInput: Locator;
  readonly verifyButton: Locator;

  /** `baseURL`: a suite's own server; the suite's default server when empty. */
  constructor(
    readonly page: Page,
    readonly baseURL = '',
  ) {
    this.status = page.getByTestId('pickup-status');
    this.notifyButton = page.getByRole('button', { name: 'Notify Store' });
    this.pinDialog = page.getByRole('dialog', { name: 'Robot Arrived' });
    this.pinInput = this.pinDialog.getByLabel('Robot has arrived! Enter your verification PIN:');
    this.verifyButton = this.pinDialog.getByRole('button', { name: 'Verify' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${this.baseURL}/curbside-pickup${query}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: 'Curbside Pickup with Robot Delivery' }),
    ).toBeVisible();
  }

  async start(): Promise<void> {
    await this.page.getByRole('button', { name: 'Start Curbside Pickup' }).click();
    await expect(
      this.page.getByRole('heading', { name: 'Notify the store of your arrival' }),
    ).toBeVisible();
  }

  /** Fills the arrival form; the order is chosen in the selector unless it came in the URL. */
  async fillArrival(values: {
    orderNumber?: string;
    parkingSpotNumber: string;
    phoneNumber: string;
    vehicleDescription?: string;
  }): Promise<void> {
    if (values.orderNumber) {
      const select = this.page.getByLabel('Order', { exact: true });
      const option = select.locator('option', { hasText: `${values.orderNumber} ·` });
      await select.selectOption({ label: (await option.textContent()) ?? '' });
    }
    await this.page.getByLabel('Parking spot number').fill(values.parkingSpotNumber);
    await this.page.getByLabel('Phone number').fill(values.phoneNumber);
    if (values.vehicleDescription) {
      await this.page.getByLabel('Vehicle description (optional)').fill(values.vehicleDescription);
    }
  }

  async notify(): Promise<string> {
    await this.recordStatuses();
    await this.notifyButton.click();
    await expect(this.page).toHaveURL(/[?&]pickup=[0-9a-f-]{36}/);
    return new URL(this.page.url()).searchParams.get('pickup') ?? '';
  }

  /**
   * Starts recording every status label the page shows (the robot's steps last about a second
   * each at the e2e time scale, too short to wait for one by one).
   */
  async recordStatuses(): Promise<void> {
    await this.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __curbsideStatuses: string[] }).__curbsideStatuses = seen;
      const read = () => {
        const text = document.querySelector('[data-testid="pickup-status"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      };
      read();
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
  }

  recordedStatuses(): Promise<string[]> {
    return this.page.evaluate(
      () => (window as unknown as { __curbsideStatuses: string[] }).__curbsideStatuses,
    );
  }

  async enterPin(pin: string): Promise<void> {
    await this.pinInput.fill(pin);
    await this.verifyButton.click();
  }

  /**
   * Enters a PIN the server refuses and waits until the dialog has handled the refusal (it empties
   * the field). The live update with the new attempt count can arrive before the refusal itself;
   * typing the next PIN in between would be wiped by that handling.
   */
  async enterWrongPin(pin: string): Promise<void> {
    await this.enterPin(pin);
    await expect(this.pinDialog.getByRole('alert')).toBeVisible();
    await expect(this.pinInput).toHaveValue('');
  }

  /** From the arrival form back to the info view. */
  async backToInfo(): Promise<void> {
    await this.page.getByRole('button', { name: /Back to Info/ }).click();
  }

  toast(title: string): Locator {
    // By CSS, not role: while the PIN dialog is open the rest of the page, toasts included, is
    // hidden from the accessibility tree (the dialog repeats the message for screen readers).
    return this.page
      .locator('[role="region"][aria-label^="Notifications"] li[data-state="open"]')
      .filter({ hasText: title });
  }
}
