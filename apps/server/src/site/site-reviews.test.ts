import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, homePage, newMember, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import type { App } from '../app.ts';
import { withTenant } from '../db/client.ts';
import { contacts, reviews } from '../db/schema/index.ts';
import { createUsers } from '../seed/tenants.ts';
import { authorName, fillSiteReviews } from './site-reviews.ts';

// Member reviews on the public site (issue 27): the builder's "Member reviews" section is filled per
// request with the newest consented reviews of the studio, on PGlite and PostgreSQL.

/** What the designer's "Member reviews" block saves (apps/web designer-blocks.ts memberReviewsSection). */
const BLOCK = `<section class="sb-section sb-testimonials" data-site-reviews-section=""><div class="sb-inner"><h2>What our members say</h2><div class="sb-quotes" data-site-reviews="6"><figure class="sb-quote"><blockquote>“Sample”</blockquote><figcaption>Member name</figcaption></figure></div></div></section>`;
const page = (tenantName: string) => homePage(`<h1>Welcome to ${tenantName}</h1>${BLOCK}<p>After the reviews</p>`);

let app: App;
let a: TestTenant;
let b: TestTenant;
let empty: TestTenant;
let withdrawing: TestTenant;

const get = (host: string, url = '/') => app.inject({ url, headers: { host } });

let seq = 0;
/** A member of the studio with a review written `minutesAgo` minutes ago; returns the review's id. */
async function review(
  tenant: TestTenant,
  who: { name: string; lastName: string },
  values: { stars: number; reviewText: string; isShownOnWebsite: boolean; minutesAgo: number },
  email = `r${++seq}-${Date.now()}@${tenant.orgId}.test`,
): Promise<string> {
  const existing = await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.email, email))),
  );
  if (!existing.length)
    await createUsers(app.platform.db, tenant.tenantId, [
      { email, password: 'Password1!', name: who.name, lastName: who.lastName, role: 'student' },
    ]);
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [contact] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.email, email)));
    if (!contact) throw new Error('no contact');
    const [row] = await tx
      .insert(reviews)
      .values({
        tenantId: tenant.tenantId,
        contactId: contact.id,
        stars: values.stars,
        reviewText: values.reviewText,
        isShownOnWebsite: values.isShownOnWebsite,
        createdAt: new Date(Date.now() - values.minutesAgo * 60_000),
      })
      .returning({ id: reviews.id });
    if (!row) throw new Error('no review');
    return row.id;
  });
}

/** The quotes container's contents on the served page. */
const quotesOf = (html: string) => html.match(/data-site-reviews="6">(.*?)<\/div><\/div><\/section>/s)?.[1] ?? null;

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app, { pages: [page('Studio A')] });
  b = await newTenant(app, { pages: [page('Studio B')] });
  empty = await newTenant(app, { pages: [page('Studio E')] });
  withdrawing = await newTenant(app, { pages: [page('Studio W')] });

  // Studio A: seven consented reviews (one too many), one without consent, one with a hostile text.
  for (let i = 1; i <= 6; i++)
    await review(
      a,
      { name: `Member${i}`, lastName: `Zed${i}` },
      { stars: (i % 5) + 1, reviewText: `Consented review number ${i}`, isShownOnWebsite: true, minutesAgo: 10 + i },
    );
  await review(
    a,
    { name: 'Oldest', lastName: 'One' },
    { stars: 5, reviewText: 'The oldest consented review', isShownOnWebsite: true, minutesAgo: 500 },
  );
  await review(
    a,
    { name: 'Private', lastName: 'Person' },
    { stars: 5, reviewText: 'Please keep this one private', isShownOnWebsite: false, minutesAgo: 1 },
  );
  await review(
    a,
    { name: '<b>Eve</b>', lastName: 'ökland' },
    {
      stars: 4,
      reviewText: `Great <script>alert("x")</script> & <img src=x onerror=alert(1)> classes`,
      isShownOnWebsite: true,
      minutesAgo: 2,
    },
  );
  // Studio B: a consented review of its own, never on A's site.
  await review(
    b,
    { name: 'Bea', lastName: 'Other' },
    { stars: 3, reviewText: 'Studio B is where I go', isShownOnWebsite: true, minutesAgo: 0 },
  );
  // The empty studio: only an unconsented review.
  await review(
    empty,
    { name: 'Quiet', lastName: 'Member' },
    { stars: 5, reviewText: 'Not for the website please', isShownOnWebsite: false, minutesAgo: 0 },
  );
});

describe('member reviews on the public site', () => {
  it('shows up to six consented reviews of the studio, newest first, with stars and first name + last initial', async () => {
    const response = await get(a.host);
    expect(response.statusCode).toBe(200);
    const quotes = quotesOf(response.body);
    if (quotes === null) throw new Error('no reviews section');
    expect(quotes).not.toContain('Sample');
    expect(quotes.match(/<figure class="sb-quote">/g)).toHaveLength(6);
    // the hostile one (2 minutes ago) first, then 1..5 (11..15 minutes ago); 6 and the oldest are cut
    expect(quotes.indexOf('Great &lt;script&gt;')).toBeLessThan(quotes.indexOf('Consented review number 1'));
    for (let i = 1; i <= 4; i++)
      expect(quotes.indexOf(`Consented review number ${i}`)).toBeLessThan(
        quotes.indexOf(`Consented review number ${i + 1}`),
      );
    expect(quotes).not.toContain('Consented review number 6');
    expect(quotes).not.toContain('The oldest consented review');
    expect(quotes).toContain('<figcaption>Member1 Z.</figcaption>');
    expect(quotes).not.toContain('Zed1');
    expect(quotes).toContain('aria-label="2 out of 5 stars">★★☆☆☆</p>');
    expect(response.body).toContain('<p>After the reviews</p>');
  });

  it('never shows a review without the member’s consent, nor another studio’s', async () => {
    const html = (await get(a.host)).body;
    expect(html).not.toContain('Please keep this one private');
    expect(html).not.toContain('Private P.');
    expect(html).not.toContain('Studio B is where I go');
    const other = quotesOf((await get(b.host)).body);
    expect(other).toContain('Studio B is where I go');
    expect(other).not.toContain('Consented review');
  });

  it('escapes the review text and the member name', async () => {
    const html = (await get(a.host)).body;
    expect(html).toContain(
      '“Great &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt; classes”',
    );
    expect(html).toContain('<figcaption>&lt;b&gt;Eve&lt;/b&gt; Ö.</figcaption>');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
  });

  it('leaves the whole section out when no review is consented', async () => {
    const html = (await get(empty.host)).body;
    expect(html).not.toContain('data-site-reviews');
    expect(html).not.toContain('What our members say');
    expect(html).not.toContain('Not for the website please');
    expect(html).toContain('<h1>Welcome to Studio E</h1><p>After the reviews</p>');
  });

  it('takes a review off the site at once when its member withdraws consent', async () => {
    const member = await newMember(app, withdrawing, 'Wanda', 'Withdraw');
    const id = await review(
      withdrawing,
      { name: 'Wanda', lastName: 'Withdraw' },
      { stars: 5, reviewText: 'Happy to be quoted for now', isShownOnWebsite: true, minutesAgo: 0 },
      member.email,
    );
    expect((await get(withdrawing.host)).body).toContain('Happy to be quoted for now');
    const put = await app.inject({
      method: 'PUT',
      url: `/providerservice/review/${id}`,
      headers: bearer(member.token, withdrawing.host),
      payload: { isShownOnWebsite: false },
    });
    expect(put.statusCode).toBe(200);
    const html = (await get(withdrawing.host)).body;
    expect(html).not.toContain('Happy to be quoted for now');
    expect(html).not.toContain('What our members say');
  });
});

describe('fillSiteReviews', () => {
  const one = [{ stars: 5, text: 'Lovely', author: 'Ann B.' }];

  it('replaces only the marked container, nested elements and all', () => {
    const html = `<div class="x"><div data-site-reviews="2"><div><div>old</div></div></div><div>kept</div></div>`;
    expect(fillSiteReviews(html, one)).toBe(
      `<div class="x"><div data-site-reviews="2"><figure class="sb-quote"><p class="sb-stars" role="img" aria-label="5 out of 5 stars">★★★★★</p><blockquote>“Lovely”</blockquote><figcaption>Ann B.</figcaption></figure></div><div>kept</div></div>`,
    );
  });

  it('shows at most the number the container asks for', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ stars: 4, text: `T${i}`, author: 'A' }));
    const filled = fillSiteReviews('<div data-site-reviews="2"></div>', many);
    expect(filled.match(/<figure/g)).toHaveLength(2);
  });

  it('empties the container when the section marker was removed, and leaves other HTML alone', () => {
    expect(fillSiteReviews('<section><div data-site-reviews="6"><p>x</p></div></section>', [])).toBe(
      '<section><div data-site-reviews="6"></div></section>',
    );
    const plain = '<section data-site-reviews-section><p>no container</p></section>';
    expect(fillSiteReviews(plain, [])).toBe(plain);
  });

  it('names the member by first name and last initial', () => {
    expect(authorName('Priya', 'sharma')).toBe('Priya S.');
    expect(authorName('Priya', '')).toBe('Priya');
    expect(authorName('', '')).toBe('A member');
  });
});
