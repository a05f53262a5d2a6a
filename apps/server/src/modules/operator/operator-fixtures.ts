import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { newTenant, startTestApp } from '../../../test/helpers.ts';
import { studioSignupGuards } from '../../db/schema/index.ts';

/**
 * A test app whose platform operator is a studio of its own (a fresh org id), with the sign-up guards
 * of the `net` addresses cleared (so a run on a kept database starts clean): the operator's site and
 * one studio.
 */
export async function startOperatorApp(net: string) {
  const operatorOrgId = `op${randomBytes(4).toString('hex')}`;
  const app = await startTestApp({ operatorOrgId });
  await app.platform.db.delete(studioSignupGuards).where(like(studioSignupGuards.key, `${net}.%`));
  const operatorSite = await newTenant(app, { orgId: operatorOrgId, name: 'Platform Operator' });
  const studio = await newTenant(app);
  return { app, operatorSite, studio };
}
