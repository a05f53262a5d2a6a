import { oneTimeFragment } from '../../lib/one-time-fragment';

/**
 * A new studio's owner arrives from the sign-up on the bare domain at
 * `{studio host}/onboarding#studioWelcome={code}`: a one-time code the boot exchanges for the
 * owner's session (POST /public/studio/welcome).
 */
const fragment = oneTimeFragment('studioWelcome');

export const captureStudioWelcomeFragment = fragment.capture;
export const takeStudioWelcomeCode = fragment.take;
