import {
  CHECKOUT_REGISTRATION_TEXTS,
  type CheckoutRegistrationResult,
  type CustomForm,
  FORM_TEXTS,
} from '@atrium/contracts';
import { Alert, Fieldset, Stack, Text } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { MantineScope } from '../../app/MantineScope';
import { ApiError, isApiError } from '../../lib/api-error';
import { showErrorToast } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { formsApi, solveHumanCheck } from '../forms/api';
import { DocumentDownload } from '../forms/PublicFormPage';
import { RegistrationFields } from '../forms/RegistrationFields';
import {
  changedKeys,
  emptyRegistration,
  problemKeyOf,
  problemToast,
  type RegistrationProblems,
  type RegistrationValues,
  registrationProblems,
  withoutProblems,
} from '../forms/registration-values';
import { money } from '../invoices/invoice-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { shopApi } from './api';
import { AddressNoteFields, CheckoutFrame, PlaceOrderButton, ThankYou } from './CheckoutPage';
import { checkoutPayment, paymentPathOf } from './checkout-payment';
import {
  type OrderDetailField,
  type OrderDetails,
  orderDetailProblems,
  registrationOrderBody,
} from './checkout-registration';
import { useCart } from './useCart';
import { useCheckoutRegistration } from './useCheckoutRegistration';
import { usePlaceOrder } from './usePlaceOrder';
import './shop.css';

/**
 * /checkout/register (spec 1 public route "checkout register form"; decisions.md "Checkout with
 * registration"): the studio's Student Registration form beside the order summary, one button that
 * registers the visitor and places the order for them, then (as the plain checkout) straight into the
 * card payment, or, paid at the studio, the checkout's thank-you view. With the
 * setting off or no published registration form it is the plain /checkout.
 */
export default function CheckoutRegisterPage() {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <CheckoutRegister />
      </QueryClientProvider>
    </MantineScope>
  );
}

function CheckoutRegister() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Checkout');
  const { pending, formId } = useCheckoutRegistration();
  const form = useQuery({
    queryKey: ['forms', 'public', formId],
    queryFn: () => formsApi.publicForm(formId ?? ''),
    enabled: formId !== null,
    retry: false,
  });
  if (pending || (formId !== null && form.isPending)) return <Busy label="Loading the checkout" />;
  // No form to show (none published, or it could not be read): the plain checkout, told not to send
  // the visitor back here (its list of forms may be older than this answer).
  if (!form.data) return <Navigate to="/checkout" replace state={{ plain: true }} />;
  return <RegisterAndOrder form={form.data} timeZone={tenant.timezone} />;
}

const NO_DETAILS: OrderDetails = { address: '', note: '' };

function RegisterAndOrder({ form, timeZone }: { form: CustomForm; timeZone: string }) {
  const payment = checkoutPayment(useTenant().paymentProvider);
  const state = useCart();
  const { cart } = state;
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [details, setDetails] = useState<OrderDetails>(NO_DETAILS);
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const [detailProblems, setDetailProblems] = useState<Partial<Record<OrderDetailField, string>>>({});
  const { placing, failure, order, place } = usePlaceOrder<CheckoutRegistrationResult>(state.reload);
  const formRef = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState(0);

  // After a check that found problems, the first field with one takes the focus (keyboard and screen readers).
  useEffect(() => {
    if (checked === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [checked]);

  if (order) {
    // A card order goes on into its payment at once, as the plain checkout's does (the registration is
    // done and emailed); one paid at the studio gets the thank-you with the signed form's download.
    const payNow = paymentPathOf(order);
    if (payNow) return <Navigate to={payNow} replace />;
    return (
      <ThankYou order={order} shopPath="/merchandise">
        <Text>{FORM_TEXTS.submitted(form.name)}</Text>
        {order.registration && form.isSignRequired ? <DocumentDownload initial={order.registration} /> : null}
      </ThankYou>
    );
  }

  const change = (update: (before: RegistrationValues) => RegistrationValues) => {
    const after = update(values);
    setValues(after);
    setProblems((shown) => withoutProblems(shown, changedKeys(values, after)));
  };

  const setDetail = (field: OrderDetailField) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setDetails((before) => ({ ...before, [field]: value }));
    if (detailProblems[field]) setDetailProblems((before) => ({ ...before, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = registrationProblems(form, values, false, timeZone);
    const foundInDetails = orderDetailProblems(details);
    setProblems(found);
    setDetailProblems(foundInDetails);
    if (Object.keys(found).length > 0 || Object.keys(foundInDetails).length > 0) {
      const toast = problemToast(found);
      if (toast) showErrorToast(toast);
      setChecked((n) => n + 1);
      return;
    }
    if (!cart || cart.lines.length === 0) return;
    await place(
      async (idempotencyKey) => {
        let rToken: string;
        try {
          rToken = await solveHumanCheck(await formsApi.challenge());
        } catch (cause) {
          if (isApiError(cause)) throw cause;
          throw new ApiError(0, 'human_check', cause instanceof Error ? cause.message : String(cause));
        }
        return shopApi.placeRegisteredOrder(registrationOrderBody(form, values, details, cart, rToken, idempotencyKey));
      },
      (cause) => {
        if (!isApiError(cause)) return false;
        if (cause.field === 'address' || cause.field === 'note') {
          setDetailProblems({ [cause.field]: cause.message });
        } else {
          const key = problemKeyOf(cause.field);
          if (!key) return false;
          setProblems({ [key]: cause.message });
        }
        setChecked((n) => n + 1);
        return true;
      },
    );
  };

  return (
    <CheckoutFrame cart={cart} shopPath="/merchandise" summary>
      {(cart) => (
        <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="checkout-form-title" aria-busy={placing}>
          <Stack gap="md">
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <RegistrationFields
              form={form}
              values={values}
              onChange={change}
              problems={problems}
              disabled={false}
              isStudent={false}
              timeZone={timeZone}
              titleOrder={2}
              titleId="checkout-form-title"
            />
            <Fieldset legend="Order details">
              <Stack gap="sm">
                <AddressNoteFields
                  address={{ value: details.address, onChange: setDetail('address'), error: detailProblems.address }}
                  note={{ value: details.note, onChange: setDetail('note'), error: detailProblems.note }}
                />
              </Stack>
            </Fieldset>
            <Text fw={600}>Total to pay: {money(cart.total, cart.currency)}</Text>
            <PlaceOrderButton
              label={CHECKOUT_REGISTRATION_TEXTS.submit}
              note={payment.note}
              working={CHECKOUT_REGISTRATION_TEXTS.working}
              placing={placing}
              saving={state.saving}
            />
          </Stack>
        </form>
      )}
    </CheckoutFrame>
  );
}
