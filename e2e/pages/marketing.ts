import { expect, type Locator, type Page } from '@playwright/test';

/** Every page of the marketing remote, with its h1 and the title it sets. */
export const MARKETING_PAGES = [
  { path: '/', heading: 'DELIVERY REDEFINED', title: 'DELIVERY REDEFINED · CurbRun' },
  { path: '/about-us', heading: 'About Us', title: 'About Us · CurbRun' },
  {
    path: '/platform-services',
    heading: 'Platform Services',
    title: 'Platform Services · CurbRun',
  },
  { path: '/how-it-works', heading: 'How It Works', title: 'How It Works · CurbRun' },
  { path: '/team', heading: 'Our Team', title: 'Our Team · CurbRun' },
  { path: '/help-center', heading: 'Help Center', title: 'Help Center · CurbRun' },
  {
    path: '/delivery-info',
    heading: 'Deliveries & Partners',
    title: 'Deliveries & Partners · CurbRun',
  },
  { path: '/careers', heading: 'Careers', title: 'Careers · CurbRun' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact Us · CurbRun' },
] as const;

/** The page's one h1 (the marketing pages each have exactly one). */
export function pageHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Home page (`/`): the hero and the partner strip. */
export class HomePage {
  readonly hero: Locator;
  readonly strip: Locator;

  constructor(readonly page: Page) {
    this.hero = page.getByTestId('hero');
    this.strip = page.getByRole('region', { name: 'Partner retailer logos' });
  }

  async goto() {
    await this.page.goto('/');
    await expect(pageHeading(this.page, 'DELIVERY REDEFINED')).toBeVisible();
  }

  heroButton(name: 'Schedule a Pickup' | 'Curbside Delivery'): Locator {
    return this.hero.getByRole('link', { name, exact: true });
  }

  retailerLinks(): Locator {
    return this.strip.getByRole('link');
  }

  arrow(direction: 'left' | 'right'): Locator {
    return this.page.getByRole('button', { name: `Scroll retailers ${direction}` });
  }

  scrollLeft(): Promise<number> {
    return this.strip.evaluate((element) => element.scrollLeft);
  }
}

/** The shell's Customer Support chat widget, on every page. */
export class SupportChat {
  readonly launcher: Locator;
  readonly badge: Locator;
  readonly panel: Locator;
  readonly input: Locator;

  constructor(readonly page: Page) {
    this.launcher = page.getByTestId('support-launcher');
    this.badge = page.getByTestId('support-badge');
    this.panel = page.getByRole('dialog', { name: 'Customer Support' });
    this.input = this.panel.getByLabel('Your message');
  }

  /** Opens the chat with its launcher, unless it is open already (a `#chat` URL opens it). */
  async open() {
    if ((await this.launcher.getAttribute('aria-expanded')) !== 'true') await this.launcher.click();
    await expect(this.input).toBeVisible();
  }

  async close() {
    await this.panel.getByRole('button', { name: 'Close chat' }).click();
    await expect(this.panel).toBeHidden();
  }

  async send(text: string) {
    await this.input.fill(text);
    await this.panel.getByRole('button', { name: 'Send' }).click();
    await expect(this.panel.getByText(text, { exact: true })).toBeVisible();
    await expect(this.input).toHaveValue('');
  }

  /** The messages of the conversation as read in order (the welcome message first). */
  messages(): Locator {
    return this.panel.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
  }
}

/** `/contact`: the contact form. */
export class ContactPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Contact form' });
  }

  async goto(query = '') {
    await this.page.goto(`/contact${query}`);
    await expect(this.form).toBeVisible();
  }

  async fill(values: { name: string; email: string; topic: string; message: string }) {
    await this.form.getByLabel('Name').fill(values.name);
    await this.form.getByLabel('Email').fill(values.email);
    await this.form.getByLabel('Topic').selectOption({ label: values.topic });
    await this.form.getByLabel('Message').fill(values.message);
  }

  async submit() {
    await this.form.getByRole('button', { name: 'Send message' }).click();
  }
}
