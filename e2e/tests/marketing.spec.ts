import type { Locator } from '@playwright/test';
import { AuthPage, axeViolations, DEMO_ACCOUNT, expect, signInPage, test } from '../fixtures/test';
import {
  ContactPage,
  HomePage,
  MARKETING_PAGES,
  pageHeading,
  SupportChat,
} from '../pages/marketing';

/** hrefs of the links inside `scope`, as written in the page. */
async function hrefs(scope: Locator): Promise<string[]> {
  return scope
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test.describe('every marketing page', () => {
  for (const { path, heading, title } of MARKETING_PAGES) {
    test(`${path} has one h1, its title and a meta description, and no axe violations`, async ({
      visitorDesktopPage: page,
    }) => {
      await page.goto(path);
      await expect(pageHeading(page, heading)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(40);
      // Nothing on the marketing pages mentions a second retailer figure.
      await expect(page.locator('main')).not.toContainText('1000+');
      // Loading placeholders finished before axe looks.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('home', () => {
  test('hero: headline, two sized backgrounds from this site, and the two buttons', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();
    const backgrounds = home.hero.locator('img');
    await expect(backgrounds).toHaveCount(2);
    for (const img of await backgrounds.all()) {
      await expect(img).toHaveAttribute('width', '1600');
      await expect(img).toHaveAttribute('height', '900');
      // From this site: a file it serves, or (the first, the page's largest paint) the site's own
      // SVG inlined in the page as a data URL (ADR 012). Never another host.
      const src = (await img.getAttribute('src')) ?? '';
      if (src.startsWith('data:')) expect(src).toMatch(/^data:image\/svg\+xml,/);
      else expect(new URL(src, page.url()).origin).toBe(new URL(page.url()).origin);
      // And it is a picture the browser could decode.
      await expect
        .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect(home.heroButton('Schedule a Pickup')).toHaveAttribute(
      'href',
      '/schedule-pickup/store-details',
    );
    await expect(home.heroButton('Curbside Delivery')).toHaveAttribute('href', '/curbside-pickup');
  });

  test('the hero stays still for people who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const home = new HomePage(page);
    await home.goto();
    await expect(page.getByRole('button', { name: 'Pause background animation' })).toHaveCount(0);
    await expect(home.hero.locator('img[data-visible="true"]')).toHaveCount(1);
    const first = await home.hero.locator('img').first().getAttribute('data-visible');
    expect(first).toBe('true');
  });

  test('signed out, a hero button remembers its target; after login the person lands there', async ({
    page,
  }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.heroButton('Schedule a Pickup').click();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBe(
      JSON.stringify('/schedule-pickup/store-details'),
    );

    const authPage = new AuthPage(page);
    await expect(authPage.loginForm).toBeVisible();
    await authPage.login(DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    await expect(page).toHaveURL(/\/schedule-pickup\/store-details$/);
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();
  });

  test('signed in, the hero buttons go straight to their pages', async ({ signedInPage: page }) => {
    const home = new HomePage(page);
    await home.goto();
    await home.heroButton('Curbside Delivery').click();
    await expect(page).toHaveURL(/\/curbside-pickup$/);
  });

  test('the 13 partner retailers open their sites in a new tab', async ({ page, context }) => {
    // The retailers' real sites are not ours to load in a test.
    await context.route(/^https:\/\/(?!localhost)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Retailer</title>' }),
    );
    const home = new HomePage(page);
    await home.goto();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Visit our Retailer Partners' }),
    ).toBeVisible();
    const links = home.retailerLinks();
    await expect(links).toHaveCount(13);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      const logo = link.getByRole('img');
      await expect(logo).toHaveAttribute('width', '180');
      await expect(logo).toHaveAttribute('height', '60');
    }
    const nike = home.strip.getByRole('link', { name: /^Nike/ });
    await nike.scrollIntoViewIfNeeded();
    const [popup] = await Promise.all([page.waitForEvent('popup'), nike.click()]);
    await expect(popup).toHaveURL('https://www.nike.com/');
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();
  });

  test('the strip scrolls while an arrow is hovered, and by keyboard', async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    await expect(home.retailerLinks()).toHaveCount(13);
    await home.strip.scrollIntoViewIfNeeded();
    expect(await home.scrollLeft()).toBe(0);

    // Hovering: 5 px every 10 ms, so half a second moves it well along.
    await home.arrow('right').hover();
    await expect.poll(() => home.scrollLeft()).toBeGreaterThan(100);
    await page.mouse.move(0, 0);
    const stopped = await home.scrollLeft();
    await page.waitForTimeout(200);
    expect(await home.scrollLeft()).toBe(stopped);

    // Keyboard: the arrow buttons page, and the focused strip scrolls with the arrow keys.
    await home.arrow('left').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => home.scrollLeft()).toBeLessThan(stopped);
    await home.strip.focus();
    const before = await home.scrollLeft();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => home.scrollLeft()).toBeGreaterThan(before);
  });

  test("'Why Choose' has its three cards", async ({ page }) => {
    await new HomePage(page).goto();
    const section = page.getByRole('region', { name: 'Why Choose CurbRun' });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText([
      'Fast Delivery',
      'Secure Handling',
      'Multiple Retailers',
    ]);
  });
});

test.describe('information pages', () => {
  test('About: the five steps, partners, values, six features, and its two buttons', async ({
    page,
  }) => {
    await page.goto('/about-us');
    const steps = page.getByRole('region', { name: 'From the store to you in five steps' });
    await expect(steps.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('heading', { level: 2, name: 'Our partners' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Our values' })).toBeVisible();
    const features = page.getByRole('region', { name: 'Everything in one service' });
    await expect(features.getByRole('heading', { level: 3 })).toHaveCount(6);
    const cta = page.getByRole('region', { name: 'Ready when you are' });
    expect(await hrefs(cta)).toEqual(['/schedule-pickup', '/help-center']);
    await cta.getByRole('link', { name: 'Visit the Help Center' }).click();
    await expect(pageHeading(page, 'Help Center')).toBeVisible();
  });

  test('How it works: the five steps', async ({ page }) => {
    await page.goto('/how-it-works');
    const steps = page.getByRole('region', { name: 'Five steps to your order' });
    await expect(steps.getByRole('listitem')).toHaveCount(5);
    const checkpoints = page.getByRole('region', { name: 'Every delivery, step by step' });
    await expect(checkpoints.getByRole('heading', { level: 3 })).toHaveText([
      'Pickup Confirmed',
      'En Route',
      'Arriving',
      'Delivered',
    ]);
  });

  test('Team: the four groups, and working links to careers and contact', async ({ page }) => {
    await page.goto('/team');
    for (const group of ['Leadership', 'Engineering', 'Partnerships', 'Advisors']) {
      await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
    }
    const links = await hrefs(page.locator('main'));
    expect(links).toContain('/careers');
    expect(links).toContain('/contact');

    await page.getByRole('link', { name: 'See open roles' }).click();
    await expect(pageHeading(page, 'Careers')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Open roles' }).getByRole('article')).toHaveCount(
      5,
    );
    await page.getByRole('link', { name: 'Apply for Frontend Engineer' }).click();
    await expect(pageHeading(page, 'Contact Us')).toBeVisible();
    await expect(page.getByLabel('Topic')).toHaveValue('careers');

    await page.goto('/team');
    await page.getByRole('link', { name: 'Contact us', exact: true }).click();
    await expect(pageHeading(page, 'Contact Us')).toBeVisible();
  });

  test('Deliveries & Partners: partner cards, the lost/stolen guide and support contacts', async ({
    page,
  }) => {
    await page.goto('/delivery-info');
    const partners = page.getByRole('region', { name: 'Our delivery partners' });
    await expect(partners.getByRole('heading', { level: 3 })).toHaveCount(4);
    const guide = page.getByRole('region', { name: 'Lost or stolen package?' });
    await expect(guide.getByRole('listitem')).toHaveCount(3);
    const support = page.getByRole('region', { name: 'Contact support' });
    const links = await hrefs(support);
    expect(links).toEqual([
      '/#chat',
      'mailto:support@curbrun.com',
      'tel:+12145550142',
      '/help-center',
    ]);
  });

  test('Help Center: search filters the FAQ, topics open dialogs, chat and email', async ({
    page,
  }) => {
    await page.goto('/help-center');
    const faq = page.locator('#faq-results');
    await expect(faq.locator('details')).toHaveCount(15);
    const search = page.getByRole('searchbox', { name: 'Search the help center' });
    await search.fill('robot');
    await expect(faq.getByRole('status')).toContainText('questions match “robot”');
    const count = await faq.locator('details').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(15);
    await search.fill('zzzz');
    await expect(faq.getByText('No questions match your search')).toBeVisible();
    await search.fill('');
    await expect(faq.locator('details')).toHaveCount(15);

    // An answer opens in place.
    const question = faq.getByText('Can I tip my driver?');
    await question.click();
    await expect(
      faq.getByText('100% of every tip goes to the driver or robot handler'),
    ).toBeVisible();

    for (const topic of ['Getting Started', 'Orders & Tracking', 'Deliveries & Robots']) {
      const tile = page.getByRole('button', { name: new RegExp(`^${topic}`) });
      await tile.click();
      const dialog = page.getByRole('dialog', { name: topic });
      await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(5);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(tile).toBeFocused();
    }

    const contact = page.getByRole('region', { name: 'Still need help?' });
    await expect(contact.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
      'href',
      'mailto:support@curbrun.com',
    );
    await contact.getByRole('link', { name: 'Start Live Chat' }).click();
    await expect(page).toHaveURL(/\/#chat$/);
    await expect(new SupportChat(page).panel).toBeVisible();
  });

  test('Platform Services: Get Started goes to login when signed out', async ({ page }) => {
    await page.goto('/platform-services');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/auth\?mode=login$/);
  });

  test('Platform Services: Get Started goes home when signed in', async ({
    signedInPage: page,
  }) => {
    await page.goto('/platform-services');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute(
      'href',
      '/',
    );
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(pageHeading(page, 'DELIVERY REDEFINED')).toBeVisible();
  });
});

test.describe('Customer Support chat', () => {
  test('/#chat opens it on any page; the badge goes at the first open and stays gone', async ({
    page,
  }) => {
    const chat = new SupportChat(page);
    await page.goto('/about-us');
    await expect(chat.badge).toHaveText('1');
    await expect(chat.panel).toHaveCount(0);

    await page.goto('/team#chat');
    await expect(chat.panel).toBeVisible();
    await expect(chat.input).toBeFocused();
    await expect(chat.badge).toHaveCount(0);
    await expect(chat.panel).toContainText('Welcome to CurbRun support');
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(chat.panel).toBeHidden();
    await expect(chat.launcher).toBeFocused();

    await page.reload();
    await expect(chat.launcher).toBeVisible();
    await expect(chat.badge).toHaveCount(0);
  });

  test("a visitor's message is stored, acknowledged, and shown again after a reload", async ({
    page,
  }) => {
    const chat = new SupportChat(page);
    await page.goto('/#chat');
    await expect(chat.input).toBeVisible();
    const text = `Where is order CR-${Date.now()}?`;
    await chat.send(text);
    const ack = chat.messages().filter({
      hasText: 'Live chat is staffed 24/7, and our phone line is open 9 a.m.–9 p.m. CT.',
    });
    await expect(ack).toBeVisible();
    await expect(page.getByTestId('support-announcer')).toContainText('Support replied:');

    // The address still ends in #chat, so the reloaded page opens the chat by itself.
    await page.reload();
    await expect(chat.input).toBeVisible();
    await expect(chat.panel.getByText(text, { exact: true })).toBeVisible();
    await expect(ack).toBeVisible();
    await expect(chat.messages()).toHaveCount(3);
  });

  test('a signed-in customer finds their conversation again in another browser', async ({
    signedInPage: page,
    browser,
    authApi,
    account,
  }) => {
    const chat = new SupportChat(page);
    await page.goto('/help-center#chat');
    const text = `My robot is late (${Date.now()})`;
    await chat.send(text);

    const other = await browser.newContext();
    try {
      const later = await other.newPage();
      await signInPage(later, authApi, account);
      await later.goto('/#chat');
      const laterChat = new SupportChat(later);
      await expect(laterChat.panel.getByText(text, { exact: true })).toBeVisible();
      // A signed-out visitor in that browser does not see it.
      await later.evaluate(() => localStorage.clear());
      await later.goto('/');
      await laterChat.open();
      await expect(laterChat.messages()).toHaveCount(1);
    } finally {
      await other.close();
    }
  });

  test('the contact form validates, sends to support, confirms, and shows up in the chat', async ({
    page,
  }) => {
    const contact = new ContactPage(page);
    await contact.goto();
    await contact.submit();
    await expect(contact.form.getByText('Please enter your name')).toBeVisible();
    await expect(contact.form.getByText('Invalid email address')).toBeVisible();
    await expect(contact.form.getByText('Please choose a topic')).toBeVisible();
    await expect(contact.form.getByText('Please enter a message')).toBeVisible();
    await expect(contact.form.getByLabel('Name')).toBeFocused();

    const message = `We would like curbside delivery in our store (${Date.now()}).`;
    await contact.fill({
      name: 'Ann Lee',
      email: 'ann.lee@example.test',
      topic: 'Becoming a retailer partner',
      message,
    });
    await contact.submit();
    await expect(
      page.getByRole('heading', { name: 'Thanks, Ann Lee! Your message has been sent.' }),
    ).toBeFocused();
    await expect(page.getByText(/We received your message and will reply by email/)).toBeVisible();

    // Support got it: the inbox notification in the development outbox.
    const outbox = await page.request.get('/api/dev/outbox?to=support@curbrun.com');
    const mails = (await outbox.json()) as Array<{ subject: string; text: string }>;
    expect(mails.find((mail) => mail.text.includes(message))?.subject).toBe(
      'Contact form: Becoming a retailer partner from Ann Lee',
    );

    // The same visitor's chat shows the message too.
    await page.goto('/contact#chat');
    await expect(new SupportChat(page).panel.getByText(message)).toBeVisible();
  });
});
