import { useQuery } from '@tanstack/react-query';
import { formsApi } from '../forms/api';
import { useTenant } from '../session/session-store';
import { checkoutRegistrationFormId } from './checkout-registration';

export interface CheckoutRegistration {
  /** True while it is not known yet whether the checkout asks for a registration. */
  pending: boolean;
  /** The Student Registration form the checkout asks for; null for the plain checkout. */
  formId: string | null;
}

/**
 * Whether a visitor's checkout registers them too: the studio has isRegAndPurchaseOnSamePage on (from
 * ping) and a published Student Registration form. Nothing is asked of the server while the setting
 * is off; a failed read is the plain checkout (never a dead page).
 */
export function useCheckoutRegistration(): CheckoutRegistration {
  const isOn = useTenant().isRegAndPurchaseOnSamePage;
  const forms = useQuery({
    queryKey: ['forms', 'public', 'type', 'STUDENT_REGISTRATION'],
    queryFn: () => formsApi.publicForms('STUDENT_REGISTRATION'),
    enabled: isOn,
    retry: false,
    staleTime: 60_000,
  });
  if (!isOn) return { pending: false, formId: null };
  return { pending: forms.isPending, formId: checkoutRegistrationFormId(true, forms.data) };
}
