import { createHash } from 'node:crypto';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { Platform } from '../../platform.ts';
import { jwtSecret } from '../../secrets.ts';
import { HumanCheck } from './human-check.ts';

const shared = new WeakMap<Platform, HumanCheck>();

/**
 * The forms' human check (action 'custom_form_checkout', GET /public/humanCheck): one per platform,
 * so the form submissions and the checkout with registration verify with the same key and take
 * each solution once from the same store.
 */
export function formHumanCheck(platform: Platform): HumanCheck {
  const known = shared.get(platform);
  if (known) return known;
  let key: Promise<Buffer> | null = null;
  const made = new HumanCheck(
    () => {
      key ??= jwtSecret(platform.db, platform.config).then((secret) =>
        createHash('sha256').update(`human-check:${secret}`).digest(),
      );
      return key;
    },
    (ttl) => new SingleUseStore(platform.db, 'human-check', ttl),
  );
  shared.set(platform, made);
  return made;
}
