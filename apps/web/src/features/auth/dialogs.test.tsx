import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { AccountNotFoundContent } from './AccountNotFoundDialog';
import { accountNotFoundMessage, LOGIN_FAILED_MESSAGE, loginErrorMessage } from './login-messages';
import { canSubmitOrgChoice, SelectOrgPicker } from './SelectOrgDialog';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

const orgs = [
  { orgId: 'demo', name: 'Demo Studio' },
  { orgId: 'riverside', name: 'Riverside Yoga' },
];

/** The Submit button's opening tag in rendered markup. */
const submitTag = (html: string) => html.match(/<button[^>]*>(?:(?!<\/button>).)*Submit/s)?.[0] ?? '';

describe("'Select Org To Login.' dialog", () => {
  it('says it found the person in several orgs and shows each org as a card', () => {
    const html = render(<SelectOrgPicker orgs={orgs} selected={null} onSelect={() => {}} onSubmit={() => {}} />);
    expect(html).toContain('We found you in multiple orgs');
    expect(html).toContain('Demo Studio');
    expect(html).toContain('Riverside Yoga');
    expect(html.match(/role="radio"/g)).toHaveLength(2);
  });

  it('keeps Submit disabled until an org is chosen', () => {
    const none = render(<SelectOrgPicker orgs={orgs} selected={null} onSelect={() => {}} onSubmit={() => {}} />);
    expect(submitTag(none)).toContain('disabled');
    const chosen = render(<SelectOrgPicker orgs={orgs} selected="riverside" onSelect={() => {}} onSubmit={() => {}} />);
    expect(submitTag(chosen)).not.toContain('disabled');
    expect(chosen).toMatch(/aria-checked="true"[^>]*>(?:(?!role="radio").)*Riverside Yoga/s);
  });

  it('requires a selection among the listed orgs', () => {
    expect(canSubmitOrgChoice(null, orgs)).toBe(false);
    expect(canSubmitOrgChoice('elsewhere', orgs)).toBe(false);
    expect(canSubmitOrgChoice('demo', orgs)).toBe(true);
  });
});

describe("'Account Not Found' dialog", () => {
  it('shows the reason in the spec message and offers to register', () => {
    const html = render(<AccountNotFoundContent reason="no account uses this email" onClose={() => {}} />);
    expect(html).toContain('Sorry, no account uses this email. Please check your email or register for a new account.');
    expect(html).toContain('href="/register"');
    expect(accountNotFoundMessage('x')).toBe('Sorry, x. Please check your email or register for a new account.');
  });
});

describe('login failure text', () => {
  it("shows the spec's text, or the server's message for too many attempts", () => {
    expect(LOGIN_FAILED_MESSAGE).toBe('error occured by during login');
    expect(loginErrorMessage(new ApiError(401, 'invalid_credentials', 'Invalid email or password'))).toBe(
      'error occured by during login',
    );
    expect(loginErrorMessage(new Error('network'))).toBe('error occured by during login');
    expect(
      loginErrorMessage(new ApiError(429, 'rate_limited', 'Too many login attempts. Try again in 15 minutes.')),
    ).toBe('Too many login attempts. Try again in 15 minutes.');
  });
});
