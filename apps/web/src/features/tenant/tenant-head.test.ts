import { describe, expect, it } from 'vitest';
import { makeTenant } from '../../test/fixtures';
import { computeHead, DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './tenant-head';

describe('document head', () => {
  it('uses the org title and SEO description first', () => {
    const tenant = makeTenant({
      title: 'Tenant title',
      seoDescription: 'Tenant description',
      org: { ...makeTenant().org, title: 'Org title', seoDescription: 'Org description' },
    });
    expect(computeHead(tenant)).toMatchObject({ title: 'Org title', description: 'Org description' });
    expect(computeHead(tenant, 'About us').title).toBe('About us | Org title');
  });

  it('falls back to the tenant, then to the defaults', () => {
    const tenant = makeTenant({ title: '', name: 'Demo Studio', seoDescription: 'Yoga in town' });
    expect(computeHead(tenant)).toMatchObject({ title: 'Demo Studio', description: 'Yoga in town' });
    expect(computeHead(null)).toMatchObject({ title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION });
  });

  it('does not repeat a page title equal to the site title', () => {
    expect(computeHead(makeTenant({ name: 'Demo Studio', title: '' }), 'Demo Studio').title).toBe('Demo Studio');
  });
});
