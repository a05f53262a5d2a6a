import { SeoSettingsWriteShape, WebsiteSettingsWrite } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { contractErrors, toWebsiteWriteBody, type WebsiteFormValues, websiteFormErrors } from './website-settings-form';

const blank: WebsiteFormValues = {
  logo: '',
  logoWidth: '',
  logoHeight: '',
  favIcon: '',
  title: '',
  headerColor: '',
  themeColor: '',
  twitter: '',
  facebook: '',
  instagram: '',
  linkedin: '',
  footerInfo: '',
  isShowFooter: true,
  privacyPolicyLink: '',
  tosLink: '',
  googleReviewLink: '',
  page1: '',
  page2: '',
  page3: '',
  page4: '',
  page5: '',
  siteTheme: { fontPair: 'system', buttonStyle: 'solid', cornerStyle: 'soft' },
};

describe('website settings form', () => {
  it('accepts an empty form and sends empty images and links as null', () => {
    expect(websiteFormErrors(blank)).toEqual({});
    const parsed = WebsiteSettingsWrite.parse(toWebsiteWriteBody(blank));
    expect(parsed).toMatchObject({ logo: null, logoWidth: null, headerColor: null, page1: null, tosLink: null });
  });

  it('sends the site theme as chosen, and names a choice it does not offer', () => {
    const theme = { fontPair: 'modern', buttonStyle: 'outline', cornerStyle: 'round' } as const;
    expect(WebsiteSettingsWrite.parse(toWebsiteWriteBody({ ...blank, siteTheme: theme })).siteTheme).toEqual(theme);
    const bad = { ...blank, siteTheme: { ...theme, fontPair: 'comic' } } as unknown as WebsiteFormValues;
    expect(websiteFormErrors(bad).siteTheme).toMatch(/fontPair must be one of system, classic, modern, warm/);
  });

  it("names each bad field with the contract's message", () => {
    const errors = websiteFormErrors({
      ...blank,
      logoHeight: 0,
      headerColor: 'blue',
      facebook: 'not a link',
      page2: 'Shop',
    });
    expect(errors).toEqual({
      logoHeight: 'Logo height must be at least 1px',
      headerColor: 'Header colour must be a colour like #1a2b3c',
      facebook: 'Facebook must be a web address',
      page2: "Link 2 must read 'title::address'",
    });
    expect(
      websiteFormErrors({
        ...blank,
        page1: 'Shop::shop.example.com',
        logo: '/media/0b8e9c1a-3f7e-4a51-9a55-2b8f7c9d1e22',
      }),
    ).toEqual({});
  });

  it('keeps the SEO limit of 255 characters', () => {
    expect(contractErrors(SeoSettingsWriteShape, { seoKeywords: 'k'.repeat(256), seoDescription: '' })).toEqual({
      seoKeywords: 'Keywords cannot exceed 255 characters',
    });
    expect(contractErrors(SeoSettingsWriteShape, { seoKeywords: 'k'.repeat(255), seoDescription: 'd' })).toEqual({});
  });
});
