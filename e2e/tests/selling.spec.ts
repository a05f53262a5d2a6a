import { expect, test } from '@playwright/test';
import { expectAccessible, fillStockedProduct, hostUrl, logIn } from './helpers';
import { holdDemoCardStandIn, runMailbox, SHARED_PORT_WAIT_MS } from './shared-ports';

// Selling (issue 10), "Done when", as one story on the demo tenant: an admin adds a T-shirt with 3 in
// stock and a 10% code; a visitor buys 2 with the code and pays on the Stripe stand-in's page (the
// demo tenant's seeded account); the invoice is paid, the stock is 1 and the buyer has the paid
// invoice's email; the front desk sells the last one to the walk-in for cash; an admin refunds half
// of the visitor's invoice; riverside sees none of it. Each run adds its own product, code and
// buyer: nothing else reads them.
const smtp = runMailbox();
const stub = holdDemoCardStandIn(SHARED_PORT_WAIT_MS * 2);

test('a T-shirt with 3 in stock and a 10% code: a visitor buys 2 and pays by card, the desk sells the last, an admin refunds half; riverside sees none of it', async ({
  browser,
  page,
}) => {
  // five people, a dozen screens and as many axe scans: a long walk on a 2-core machine
  test.setTimeout(240_000);
  const stamp = Date.now();
  const product = `Selling tee ${stamp}`;
  const category = `Selling tees ${stamp}`;
  const code = `sell${stamp}`;
  const buyerEmail = `vera.${stamp}@example.test`;

  // --- The admin adds the T-shirt (3 in stock, in a new category) from the catalogue screen.
  await logIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard|\/getstarted/);
  await page.goto(hostUrl('demo', '/products/new'));
  await expect(page.getByRole('heading', { name: 'New Product', level: 1 })).toBeVisible();
  await fillStockedProduct(page, { name: product, category, price: '20.00', stock: '3' });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Product added successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/products$/);
  const productRow = page.getByRole('row', { name: new RegExp(product) });
  await expect(productRow).toContainText(category);
  await expect(productRow).toContainText('$20.00');
  await expect(productRow).toContainText('3 in stock');
  await expect(productRow).toContainText('Visible');
  await expectAccessible(page);

  // --- ... and a 10% code for it on Offers.
  await page.getByRole('link', { name: 'Offers' }).click();
  await expect(page).toHaveURL(/\/offers$/);
  await expect(page.getByRole('heading', { name: 'Offers', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Offer' }).click();
  const offerDialog = page.getByRole('dialog', { name: 'Add Offer' });
  await offerDialog.getByRole('textbox', { name: 'Offer code' }).fill(code);
  await offerDialog.getByRole('textbox', { name: 'Description' }).fill('Tees for the season');
  await offerDialog.getByRole('textbox', { name: 'Discount (%)' }).fill('10');
  await offerDialog.getByRole('combobox', { name: 'Applies to' }).click();
  await page.getByRole('option', { name: 'One product or category' }).click();
  await offerDialog.getByRole('combobox', { name: 'Product or category' }).click();
  await page.getByRole('option', { name: product, exact: true }).click();
  await expectAccessible(page);
  await offerDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Offer added successfully.')).toBeVisible();
  await expect(offerDialog).toBeHidden();
  const offerRow = page.getByRole('row', { name: new RegExp(code) });
  await expect(offerRow).toContainText('10%');
  await expect(offerRow).toContainText(product);
  await expect(offerRow).toContainText('Active');
  await expectAccessible(page);

  // --- A visitor on a phone buys 2 on the public site with the code (typed in capitals).
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(hostUrl('demo', '/merchandise'));
  await expect(visitor.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
  const shirt = visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: product }) });
  await expect(shirt).toContainText('$20.00');
  await expect(shirt).toContainText('Only 3 left');
  const cart = visitor.getByRole('region', { name: 'Your cart' });
  await expect(cart).toContainText('Your cart is empty.');
  await expect(visitor.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(visitor);
  await shirt.getByRole('combobox', { name: `Quantity of ${product}` }).selectOption('2');
  await shirt.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cart.getByRole('combobox', { name: `Quantity of ${product}` })).toHaveValue('2');
  await expect(cart).toContainText('$40.00');
  await cart.getByRole('textbox', { name: 'Offer code' }).fill(code.toUpperCase());
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(cart.getByText(`Code '${code}' applied: $4.00 off.`)).toBeVisible();
  await expect(visitor.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(visitor);

  await cart.getByRole('link', { name: 'Checkout' }).click();
  await expect(visitor).toHaveURL(/\/checkout$/);
  await expect(visitor.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Order summary' })).toContainText(`2 × ${product}`);
  await visitor.getByRole('textbox', { name: 'First name' }).fill('Vera');
  await visitor.getByRole('textbox', { name: 'Last name' }).fill('Visitor');
  await visitor.getByRole('textbox', { name: 'Email' }).fill(buyerEmail);
  await visitor.getByRole('textbox', { name: 'Phone' }).fill('+1 555 0100');
  await expect(visitor.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(visitor);
  await visitor.getByRole('button', { name: 'Place order and pay' }).click();

  // The order goes straight on to the provider's page; the visitor goes back to read the invoice first.
  await expect(visitor).toHaveURL(/\/c\/pay\/cs_test_/);
  await visitor.getByRole('link', { name: 'Back' }).click();
  await expect(visitor).toHaveURL(/\/invoice\/[A-Za-z0-9_-]{24}\?payment=cancel$/);
  const publicId = new URL(visitor.url()).pathname.replace('/invoice/', '');
  const heading = visitor.getByRole('heading', { name: /^Invoice INV-\d{5}$/ });
  await expect(heading).toBeVisible();
  const number = ((await heading.textContent()) ?? '').replace('Invoice ', '');
  await expect(visitor.getByRole('status').filter({ hasText: 'Payment cancelled' })).toBeVisible();

  // The invoice: 2 × $20.00 less 10% (the demo tenant adds no tax or card fee), paid on the provider's page.
  await expect(visitor.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
  await expect(visitor.getByText('Vera Visitor').first()).toBeVisible();
  // the line: 2 at $20.00, no tax, $36.00 after the code; the totals show the $4.00 off
  await expect(visitor.getByRole('row', { name: new RegExp(product) }).getByRole('cell')).toHaveText([
    product,
    '2',
    '$20.00',
    '$0.00',
    '$36.00',
  ]);
  await expect(visitor.getByTestId('invoice-subtotal')).toHaveText('$40.00');
  await expect(visitor.getByTestId('invoice-discount')).toHaveText('-$4.00');
  await expect(visitor.getByTestId('invoice-total')).toHaveText('$36.00');
  const pay = visitor.getByRole('button', { name: 'Pay $36.00' });
  await expect(pay).toBeVisible();
  await expect(visitor.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(visitor);
  await pay.click();

  await expect(visitor).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(visitor.locator('body')).toContainText('36.00');
  await visitor.getByLabel('Card number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByRole('button', { name: 'Pay' }).click();
  await expect(visitor).toHaveURL(hostUrl('demo', `/invoice/${publicId}?payment=success`));
  await expect(visitor.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible({ timeout: 20_000 });
  await expect(visitor.getByText('Complete', { exact: true })).toBeVisible();
  await expect(visitor.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(visitor.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expect(visitor.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(visitor);
  expect(stub().stripeCheckout.deliveries).toContain(200);

  // The buyer's email for the paid invoice (invoice_success; the order's pending invoice came first)
  // names the invoice and links its page.
  await smtp.waitFor(buyerEmail, 20_000);
  const paidSubject = `Payment received: invoice ${number} from`;
  await expect
    .poll(async () => (await smtp.received(buyerEmail)).filter((m) => m.text.includes(paidSubject)).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const paidMail = (await smtp.received(buyerEmail)).find((m) => m.text.includes(paidSubject));
  expect(paidMail?.text).toContain('Thank you: your invoice is paid.');
  expect(paidMail?.text).toContain(`/invoice/${publicId}`);
  expect(paidMail?.text).toContain('Total: $36.00');
  // ... and carries the invoice's PDF; the page it links offers it too.
  expect(paidMail?.text).toMatch(new RegExp(`Content-Type: application/pdf; name=${number}\\.pdf`));
  await expect(visitor.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  const pdfType = await visitor.evaluate(
    async (id) => (await fetch(`/cform/pdf/ireport/${id}`)).headers.get('content-type'),
    publicId,
  );
  expect(pdfType).toBe('application/pdf');
  await visitorContext.close();

  // --- The stock is 1 on the admin's list.
  await page.goto(hostUrl('demo', '/products'));
  await expect(page.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
  await expect(productRow).toContainText('1 in stock');

  // --- The front desk sells the last T-shirt to the walk-in for cash.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await logIn(desk, 'frontdesk@demo.test');
  // (signed in before leaving: a navigation that races the login response lands on the login page)
  await expect(desk).toHaveURL(/\/calendar$/);
  await desk.goto(hostUrl('demo', '/store/new'));
  await expect(desk.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
  // A second till has the same T-shirt in its cart already (its sale is tried after the first).
  const till = await deskContext.newPage();
  await till.goto(hostUrl('demo', '/store/new'));
  await expect(till.getByRole('heading', { name: 'New sale', level: 1 })).toBeVisible();
  await till.getByRole('combobox', { name: 'Add item' }).fill(product);
  await till.getByRole('option', { name: `${product} (1 in stock)` }).click();
  await expect(till.getByTestId('sale-total')).toHaveText('$20.00');

  await expect(desk.getByRole('radio', { name: 'Walk-in' })).toBeChecked();
  await desk.getByRole('combobox', { name: 'Add item' }).fill(product);
  await desk.getByRole('option', { name: `${product} (1 in stock)` }).click();
  await expect(desk.getByRole('textbox', { name: `Quantity of ${product}` })).toHaveValue('1');
  await expect(desk.getByRole('cell', { name: /\$20\.00 each$/ })).toBeVisible();
  await expect(desk.getByTestId('sale-total')).toHaveText('$20.00');
  await expect(desk.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await expectAccessible(desk);
  await desk.getByRole('button', { name: 'Complete sale' }).click();
  await expect(desk).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(desk.getByRole('heading', { name: /^Invoice INV-\d+$/, level: 1 })).toBeVisible();
  await expect(desk.getByText('Complete', { exact: true })).toBeVisible();
  await expect(desk.getByText(product).first()).toBeVisible();
  await expect(desk.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expectAccessible(desk);

  // The other till's sale is refused with the server's message; a new sale offers it out of stock.
  await till.bringToFront();
  await till.getByRole('button', { name: 'Complete sale' }).click();
  await expect(till.getByRole('alert').filter({ hasText: `${product} is out of stock.` })).toBeVisible();
  await expect(till).toHaveURL(/\/store\/new$/);
  await expectAccessible(till);
  await desk.goto(hostUrl('demo', '/store/new'));
  await desk.getByRole('combobox', { name: 'Add item' }).fill(product);
  const soldOut = desk.getByRole('option', { name: `${product} (out of stock)` });
  await expect(soldOut).toBeVisible();
  await expect(soldOut).toHaveAttribute('aria-disabled', 'true');
  await deskContext.close();

  await page.reload();
  await expect(productRow).toContainText('Out of stock');

  // --- The admin refunds half of the visitor's invoice, found on Invoices by its number.
  await page.goto(hostUrl('demo', '/invoices'));
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill(number);
  const invoiceRow = page.getByRole('row').filter({ hasText: number });
  await expect(invoiceRow).toHaveCount(1);
  await expect(invoiceRow).toContainText('Vera Visitor');
  await expect(invoiceRow.getByText('Complete')).toBeVisible();
  await expect(invoiceRow.getByText('$36.00').first()).toBeVisible();
  await expectAccessible(page);
  await invoiceRow.getByRole('link', { name: number }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: `Invoice ${number}`, level: 1 })).toBeVisible();
  const history = page.getByRole('table', { name: 'Payment history' });
  await expect(history).toContainText('$36.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Refund payment of $36.00' }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refundDialog.getByLabel('Amount')).toHaveValue('36.00');
  await refundDialog.getByLabel('Amount').fill('18.00');
  await expectAccessible(page);
  await refundDialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  await expect(refundDialog).toBeHidden();
  // Half given back: the sale stays complete with $18.00 refunded, $18.00 of the payment still refundable.
  await expect(page.getByTestId('invoice-refunded')).toHaveText('$18.00');
  await expect(page.getByTestId('invoice-paid')).toHaveText('$36.00');
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByText('Complete', { exact: true })).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Card' })).toContainText(/\$36\.00\s*\$18\.00/);
  await expect(page.getByRole('button', { name: 'Refund payment of $36.00' })).toBeVisible();
  await expect(page.getByText('-$18.00')).toBeVisible();
  await expectAccessible(page);
  expect(stub().stripeCheckout.refunds.filter((refund) => refund.amount === 1800)).toHaveLength(1);
  expect(stub().stripeCheckout.refunds).toHaveLength(1);

  // The buyer's contact detail shows the invoice and, in its payments, the card payment and the refund.
  await page.goto(hostUrl('demo', '/contacts'));
  await page.getByPlaceholder('Search Contact').fill(buyerEmail);
  await page.getByRole('link', { name: 'Vera Visitor' }).click();
  await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}\/detail$/);
  const money = page.getByRole('region', { name: 'Invoices and payments' });
  await expect(money.getByRole('table', { name: 'Latest invoices' })).toContainText(number);
  const paymentsOfContact = money.getByRole('table', { name: 'Latest payments' });
  await expect(paymentsOfContact.getByRole('row').filter({ hasText: 'Refund, Card' })).toContainText('-$18.00');
  await expect(
    paymentsOfContact.getByRole('row').filter({ hasText: 'Card' }).filter({ hasNotText: 'Refund' }),
  ).toContainText('$36.00');
  await expectAccessible(page);

  // --- Riverside sees none of it.
  const riversideContext = await browser.newContext();
  const riverside = await riversideContext.newPage();
  await logIn(riverside, 'admin@riverside.test', 'riverside');
  await expect(riverside).toHaveURL(/\/dashboard$/);
  await riverside.goto(hostUrl('riverside', '/products'));
  await expect(riverside.getByRole('heading', { name: 'Merchandise', level: 1 })).toBeVisible();
  await expect(riverside.getByText('No products yet.').or(riverside.getByRole('table')).first()).toBeVisible();
  await expect(riverside.getByText(product)).toHaveCount(0);
  await riverside.getByRole('textbox', { name: 'Search products' }).fill(product);
  await expect(riverside.getByText('No products match.').or(riverside.getByText('No products yet.'))).toBeVisible();
  await riverside.goto(hostUrl('riverside', '/invoices'));
  await expect(riverside.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  // (each search waited for at the server: the list keeps the previous rows while it asks)
  const searched = (term: string) =>
    riverside.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/item/ireport' &&
        new URL(response.url()).searchParams.get('search') === term,
    );
  const byEmail = searched(buyerEmail);
  await riverside.getByLabel('Search').fill(buyerEmail);
  expect((await (await byEmail).json()).total).toBe(0);
  await expect(riverside.getByText('No invoices found')).toBeVisible();
  // riverside numbers its own invoices: the same number may be one of its own, never the visitor's
  const byNumber = searched(number);
  await riverside.getByLabel('Search').fill(number);
  const sameNumber: { contact: { email: string } }[] = (await (await byNumber).json()).data;
  expect(sameNumber.filter((row) => row.contact.email === buyerEmail)).toEqual([]);
  await expect(riverside.getByText('Vera Visitor')).toHaveCount(0);
  await expect(riverside.getByText(buyerEmail)).toHaveCount(0);
  await riverside.goto(hostUrl('riverside', `/invoices/${invoiceId}`));
  await expect(riverside.getByText('This invoice could not be loaded.')).toBeVisible({ timeout: 20_000 });
  await expect(riverside.getByText(product)).toHaveCount(0);
  await expectAccessible(riverside);
  await riversideContext.close();
  // ... nor does its public site: the visitor's link on riverside's host finds no invoice.
  const strangerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const stranger = await strangerContext.newPage();
  await stranger.goto(hostUrl('riverside', `/invoice/${publicId}`));
  await expect(stranger.getByText('Invoice not found', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(stranger.getByText('This invoice link is not valid.')).toBeVisible();
  await expect(stranger.getByText(product)).toHaveCount(0);
  await expect(stranger.locator('body')).not.toContainText(/atrium/i);
  await expectAccessible(stranger);
  await strangerContext.close();
});
