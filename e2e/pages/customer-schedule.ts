import { expect, type Locator, type Page } from '@playwright/test';

/** Page object of `/schedule-pickup` and its five steps (mfe-customer). */
export class SchedulePickupPage {
  readonly progress: Locator;
  readonly payButton: Locator;
  readonly nextButton: Locator;

  constructor(readonly page: Page) {
    this.progress = page.getByRole('navigation', { name: 'Pickup steps' });
    this.payButton = page.getByRole('button', { name: /^Pay \$/ });
    this.nextButton = page.getByRole('button', { name: 'Next', exact: true });
  }

  /** Opens step 1, Store Details. */
  async open() {
    await this.page.goto('/schedule-pickup/store-details');
    await this.expectStep('store-details', 'Store Details');
  }

  stepHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name, exact: true });
  }

  async expectStep(path: string, heading: string) {
    await expect(this.page).toHaveURL(new RegExp(`/schedule-pickup/${path}$`));
    await expect(this.stepHeading(heading)).toBeVisible();
  }

  async next() {
    await this.nextButton.click();
  }

  async back() {
    await this.page.getByRole('button', { name: 'Back', exact: true }).click();
  }

  async chooseStore(retailer: string, store: string) {
    await this.page
      .getByRole('group', { name: 'Retailer' })
      .getByRole('radio', { name: new RegExp(`^${retailer}\\b`) })
      .check();
    await this.page
      .getByRole('group', { name: `${retailer} store` })
      .getByRole('radio', { name: new RegExp(`^${store}`) })
      .check();
  }

  async fillOrderDetails(details: {
    orderNumber: string;
    name?: string;
    bags?: number;
    size?: string;
    notes?: string;
  }) {
    await this.page.getByLabel("Retailer's order number").fill(details.orderNumber);
    if (details.name !== undefined)
      await this.page.getByLabel('Name on the order').fill(details.name);
    await this.page.getByLabel('Number of bags').fill(String(details.bags ?? 2));
    await this.page
      .getByRole('radio', { name: new RegExp(`^${details.size ?? 'Small'}\\b`) })
      .check();
    if (details.notes)
      await this.page.getByLabel('Notes for the store (optional)').fill(details.notes);
  }

  async chooseDelivery(type: 'Curbside pickup' | 'Home delivery') {
    await this.page.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
  }

  async fillNewAddress(address: { line1: string; city: string; zip: string }) {
    await this.page.getByLabel('Street address').fill(address.line1);
    await this.page.getByLabel('City').fill(address.city);
    await this.page.getByLabel('ZIP code').fill(address.zip);
  }

  window(label: string | RegExp): Locator {
    return this.page.getByRole('radio', {
      name: typeof label === 'string' ? new RegExp(`^${label}`) : label,
    });
  }

  async chooseTip(label: string) {
    await this.page.getByRole('button', { name: label, exact: true }).click();
  }

  /** Steps 1–3 for a curbside order at Nordstrom NorthPark, ending on the Payment step. */
  async throughDeliveryCurbside(orderNumber = 'NP-4471') {
    await this.open();
    await this.chooseStore('Nordstrom', 'Nordstrom NorthPark Center');
    await this.next();
    await this.expectStep('order-details', 'Order Details');
    await this.fillOrderDetails({ orderNumber, bags: 2, size: 'Medium' });
    await this.next();
    await this.expectStep('delivery-details', 'Delivery Details');
    await this.chooseDelivery('Curbside pickup');
    await this.window('6-hour window').check();
    await this.next();
    await this.expectStep('payment', 'Payment');
  }
}
