import { expect, test } from '@playwright/test';
import { expectAccessible, hostUrl, logIn, PASSWORD } from './helpers';

// The demo tenant's seeded catalogue (Studio T-shirt $25, 20 in stock), bought by a visitor on a phone.
const ORG = 'demo';

test.describe('public shop', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a visitor adds 2 Studio T-shirts, keeps them over a reload, applies a code, checks out and opens the invoice', async ({
    page,
  }) => {
    // an API setup, four screens, four axe scans: well over 30 s on a busy 2-core machine
    test.setTimeout(120_000);
    const code = `shop${Date.now()}`;
    // the admin makes a 10% code through the API, from the tenant's own origin
    await page.goto(hostUrl(ORG, '/login'));
    await page.evaluate(
      async ({ password, code }) => {
        const post = async (url: string, body: object, token?: string) => {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          });
          if (response.status >= 300) throw new Error(`${url}: ${response.status} ${await response.text()}`);
          return response.json();
        };
        const login = await post('/login', { userId: 'admin@demo.test', password });
        await post(
          '/item/offer',
          {
            offerCode: code,
            offerType: 'flat',
            discountType: 'percentage',
            discount: 10,
            itemType: 'item',
            appliesOn: 'item',
          },
          login.access_token as string,
        );
      },
      { password: PASSWORD, code },
    );

    await page.goto(hostUrl(ORG, '/merchandise'));
    await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
    const shirt = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Studio T-shirt' }) });
    await expect(shirt).toContainText('$25.00');
    const cart = page.getByRole('region', { name: 'Your cart' });
    await expect(cart).toContainText('Your cart is empty.');
    await expect(page.getByText(/Atrium/)).toHaveCount(0);
    await expectAccessible(page);

    await shirt.getByRole('combobox', { name: 'Quantity of Studio T-shirt' }).selectOption('2');
    await shirt.getByRole('button', { name: 'Add to cart' }).click();
    await expect(cart.getByRole('combobox', { name: 'Quantity of Studio T-shirt' })).toHaveValue('2');
    await expect(cart).toContainText('$50.00');

    // the cart is kept by the server: a reload shows it again
    await page.reload();
    await expect(cart.getByRole('combobox', { name: 'Quantity of Studio T-shirt' })).toHaveValue('2');
    // the top bar counts what is in the cart, on every public screen
    await expect(page.getByRole('link', { name: 'Cart (2)' })).toHaveAttribute('href', '/checkout');
    // ... the server-rendered website pages too
    await page.goto(hostUrl(ORG, '/'));
    await expect(page.getByRole('link', { name: 'Cart (2)' })).toHaveAttribute('href', '/checkout');
    await expectAccessible(page);
    await page.goto(hostUrl(ORG, '/merchandise'));
    await expect(cart.getByRole('combobox', { name: 'Quantity of Studio T-shirt' })).toHaveValue('2');

    // a code the studio does not have shows its alert; the admin's code takes 10% off
    await cart.getByRole('textbox', { name: 'Offer code' }).fill('nope');
    await cart.getByRole('button', { name: 'Apply' }).click();
    await expect(cart.getByRole('alert')).toHaveText(/Offer code 'nope' is invalid\./);
    await cart.getByRole('textbox', { name: 'Offer code' }).fill(code.toUpperCase());
    await cart.getByRole('button', { name: 'Apply' }).click();
    await expect(cart.getByText(`Code '${code}' applied: $5.00 off.`)).toBeVisible();
    await expectAccessible(page);

    await cart.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary).toContainText('2 × Studio T-shirt');
    // the public user form's rules (spec 3 §5)
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'First name' }).fill('Vera');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill(`vera.${Date.now()}@example.com`);
    await page.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page.getByRole('heading', { name: 'Thank you', level: 1 })).toBeVisible();
    const pay = page.getByRole('link', { name: /^View and pay invoice INV-\d{5}$/ });
    await expect(pay).toHaveAttribute('href', /^\/invoice\/[A-Za-z0-9_-]{24}$/);
    const number = ((await pay.textContent()) ?? '').replace('View and pay invoice ', '');
    await expectAccessible(page);

    await pay.click();
    await expect(page).toHaveURL(/\/invoice\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByRole('link', { name: /^Cart \(/ })).toHaveCount(0);
    await expect(page.getByText(number).first()).toBeVisible();
    await expect(page.getByText('Studio T-shirt').first()).toBeVisible();
    await expect(page.getByText('Vera Visitor').first()).toBeVisible();
    await expectAccessible(page);

    // the order emptied the cart
    await page.goto(hostUrl(ORG, '/merchandise'));
    await expect(page.getByRole('region', { name: 'Your cart' })).toContainText('Your cart is empty.');
  });

  test('a member buys a Water bottle from My Store with no form, billed to them', async ({ page }) => {
    test.setTimeout(90_000);
    await logIn(page, 'student@demo.test');
    await expect(page).toHaveURL(/\/classes$/);
    // on a phone the student menu opens from its button
    const menu = page.getByRole('navigation', { name: 'Student menu' });
    await menu.getByRole('button', { name: 'Open student menu' }).click();
    await page.getByRole('link', { name: 'My Store' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('heading', { name: 'My Store', level: 1 })).toBeVisible();
    const bottle = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Water bottle' }) });
    await bottle.getByRole('button', { name: 'Add to cart' }).click();
    const cart = page.getByRole('region', { name: 'Your cart' });
    await expect(cart.getByRole('combobox', { name: 'Quantity of Water bottle' })).toHaveValue('1');
    await expectAccessible(page);
    await cart.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/cartcheckout$/);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('1 × Water bottle');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: /^View and pay invoice INV-\d{5}$/ }).click();
    await expect(page).toHaveURL(/\/invoice\/[A-Za-z0-9_-]{24}$/);
    await expect(page.getByText('Water bottle').first()).toBeVisible();
    await expectAccessible(page);
  });
});
