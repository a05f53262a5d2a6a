import type { LoginResponse } from '@atrium/contracts';
import { signIn } from '../session/session-actions';
import { takeLanding } from './sign-in-landing';

/** Login and registration end the same way: work out the landing, then adopt the session. */
export async function completeSignIn(response: LoginResponse, returnUrl: string | null): Promise<void> {
  await signIn(response, takeLanding(response, returnUrl));
}
