import {
  DISCOUNT_TYPE_LABELS,
  DISCOUNT_TYPES,
  type DiscountType,
  OFFER_APPLIES_ON,
  OFFER_APPLIES_ON_LABELS,
  OFFER_COUNT_MAX,
  OFFER_ITEM_TYPE_LABELS,
  OFFER_ITEM_TYPES,
  OFFER_MESSAGES,
  OFFER_TYPE_LABELS,
  OFFER_TYPES,
  type OfferAppliesOn,
  OfferInput,
  type OfferItemType,
  type OfferType,
  type OfferView,
  offerProblem,
} from '@atrium/contracts';
import { NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { FormDialog, showServerError } from '../../app/components/FormDialog';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useOfferTargets, useSaveOffer } from './hooks';

interface Props {
  opened: boolean;
  offer: OfferView | null;
  onClose: () => void;
}

interface Form {
  offerCode: string;
  description: string;
  offerType: OfferType;
  discountType: DiscountType;
  discount: string;
  active: boolean;
  itemType: OfferItemType;
  appliesOn: OfferAppliesOn;
  courseGuId: string | null;
  buyCategory: string | null;
  buyCount: number | string;
  getCategory: string | null;
  getCount: number | string;
  startDate: string;
  endDate: string;
  usageLimit: number | string;
  discountsSubscription: boolean;
  discountsRegistrationFees: boolean;
}

function formOf(offer: OfferView | null): Form {
  return {
    offerCode: offer?.offerCode ?? '',
    description: offer?.description ?? '',
    offerType: offer?.offerType ?? 'flat',
    discountType: offer?.discountType ?? 'percentage',
    discount: offer ? String(offer.discount) : '',
    active: offer ? offer.status === 'ACTIVE' : true,
    itemType: offer?.itemType ?? 'item',
    appliesOn: offer?.appliesOn ?? 'item',
    courseGuId: offer?.courseGuId ?? null,
    buyCategory: offer?.primaryItem?.category ?? null,
    buyCount: offer?.primaryItem?.count ?? 1,
    getCategory: offer?.secondaryItem?.category ?? null,
    getCount: offer?.secondaryItem?.count ?? 1,
    startDate: offer?.startDate ?? '',
    endDate: offer?.endDate ?? '',
    usageLimit: offer?.usageLimit ?? '',
    discountsSubscription: offer?.discountsSubscription ?? true,
    discountsRegistrationFees: offer?.discountsRegistrationFees ?? false,
  };
}

/** The body the form sends (a create takes every field; an update the same, all of them). */
function bodyOf(form: Form, wasExpired: boolean) {
  const buyAndGet = form.offerType === 'buyFirstAndGetOther';
  const number = (value: number | string) => (value === '' ? Number.NaN : Number(value));
  return {
    offerCode: form.offerCode,
    description: form.description,
    offerType: form.offerType,
    discountType: form.discountType,
    discount: form.discount.trim() === '' ? (undefined as unknown as number) : Number(form.discount.trim()),
    // Switched off, an offer the admin had marked EXPIRED stays so; switched on, it is ACTIVE.
    status: form.active ? 'ACTIVE' : wasExpired ? 'EXPIRED' : 'DISABLED',
    itemType: buyAndGet ? 'item' : form.itemType,
    appliesOn: buyAndGet || form.itemType !== 'item' ? null : form.appliesOn,
    courseGuId: buyAndGet || form.itemType === 'item' ? null : form.courseGuId,
    primaryItem: buyAndGet && form.buyCategory ? { category: form.buyCategory, count: number(form.buyCount) } : null,
    secondaryItem: buyAndGet && form.getCategory ? { category: form.getCategory, count: number(form.getCount) } : null,
    startDate: form.startDate || null,
    endDate: form.endDate || null,
    usageLimit: form.usageLimit === '' ? null : number(form.usageLimit),
    discountsSubscription: form.discountsSubscription,
    discountsRegistrationFees: form.discountsRegistrationFees,
  } as const;
}

/** The first message per field, from the same schema and rules the server applies. */
function validate(body: ReturnType<typeof bodyOf>): Record<string, string> {
  const parsed = OfferInput.safeParse(body);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.map(String).join('.');
      if (!errors[field]) errors[field] = issue.message;
    }
    return errors;
  }
  const problem = offerProblem(parsed.data);
  if (problem) errors[problem.field] = problem.message;
  return errors;
}

/** Add or edit an offer code: its discount, what it applies to, its dates and its usage limit. */
export function OfferDialog({ opened, offer, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 600px)');
  const tenant = useTenant();
  const save = useSaveOffer();
  const targets = useOfferTargets(opened);
  const [form, setForm] = useState<Form>(() => formOf(offer));
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);

  useEffect(() => {
    if (!opened) return;
    setForm(formOf(offer));
    setSubmitted(false);
    setServerError(null);
  }, [opened, offer]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((current) => ({ ...current, [key]: value }));
  const body = bodyOf(form, offer?.status === 'EXPIRED');
  const errors = validate(body);
  const show = (...fields: string[]) => {
    for (const field of fields) {
      if (submitted && errors[field]) return errors[field];
      if (serverError?.field === field) return serverError.message;
    }
    return null;
  };

  const forCourse = form.itemType === 'course';
  const categoryOptions = targets.categories
    .filter((c) => (forCourse ? c.categoryType === 'SERVICE' : c.categoryType !== 'SERVICE'))
    .map((c) => ({ value: c.guId, label: c.name }));
  const itemOptions = targets.items
    .filter((i) => (forCourse ? i.kind === 'service' : i.kind !== 'service'))
    .map((i) => ({ value: i.guId, label: i.name }));
  const targetOptions = [
    { group: forCourse ? 'Courses' : 'Categories', items: categoryOptions },
    { group: 'Items', items: itemOptions },
  ].filter((group) => group.items.length > 0);
  if (form.courseGuId && offer?.courseGuId === form.courseGuId && offer.courseName) {
    const known = targetOptions.some((g) => g.items.some((o) => o.value === form.courseGuId));
    if (!known) targetOptions.push({ group: 'Current', items: [{ value: form.courseGuId, label: offer.courseName }] });
  }
  const allCategories = targets.categories.map((c) => ({ value: c.guId, label: c.name }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(errors).length > 0 || save.isPending) return;
    try {
      await save.mutateAsync({ guId: offer?.guId ?? null, body });
      showSuccessToast(offer ? OFFER_MESSAGES.offerUpdated : OFFER_MESSAGES.offerAdded);
      onClose();
    } catch (error) {
      showServerError(error, (field, message) => setServerError({ field, message }));
    }
  }

  const title = offer ? 'Edit Offer' : 'Add Offer';
  const buyAndGet = form.offerType === 'buyFirstAndGetOther';
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={title}
      size={640}
      fullScreen={phone}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel="Submit"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Offer code"
          description="Buyers type it at checkout, in any case"
          required
          maxLength={50}
          value={form.offerCode}
          onChange={(e) => set('offerCode', e.currentTarget.value)}
          error={show('offerCode')}
        />
        <TextInput
          label="Description"
          maxLength={200}
          value={form.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={show('description')}
        />
        <Select
          label="Offer type"
          data={OFFER_TYPES.map((value) => ({ value, label: OFFER_TYPE_LABELS[value] }))}
          value={form.offerType}
          onChange={(value) => value && set('offerType', value as OfferType)}
          allowDeselect={false}
        />
        <Select
          label="Discount type"
          data={DISCOUNT_TYPES.map((value) => ({ value, label: DISCOUNT_TYPE_LABELS[value] }))}
          value={form.discountType}
          onChange={(value) => value && set('discountType', value as DiscountType)}
          allowDeselect={false}
        />
        <TextInput
          label={form.discountType === 'percentage' ? 'Discount (%)' : `Discount (${tenant.csymbol || '$'})`}
          required
          inputMode="decimal"
          value={form.discount}
          onChange={(e) => set('discount', e.currentTarget.value)}
          error={show('discount')}
        />
        <NumberInput
          label="Usage limit"
          description="How many times the code may be used in all; empty for no limit"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={form.usageLimit}
          onChange={(value) => set('usageLimit', value)}
          error={show('usageLimit')}
        />
      </SimpleGrid>

      {buyAndGet ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Buy from category"
            placeholder="Choose a category"
            data={allCategories}
            searchable
            value={form.buyCategory}
            onChange={(value) => set('buyCategory', value)}
            error={show('primaryItem', 'primaryItem.category')}
          />
          <NumberInput
            label="How many to buy"
            min={1}
            max={OFFER_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={form.buyCount}
            onChange={(value) => set('buyCount', value)}
            error={show('primaryItem.count')}
          />
          <Select
            label="Get from category"
            placeholder="Choose a category"
            data={allCategories}
            searchable
            value={form.getCategory}
            onChange={(value) => set('getCategory', value)}
            error={show('secondaryItem', 'secondaryItem.category')}
          />
          <NumberInput
            label="How many get the discount"
            min={1}
            max={OFFER_COUNT_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={form.getCount}
            onChange={(value) => set('getCount', value)}
            error={show('secondaryItem.count')}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Applies to"
            data={OFFER_ITEM_TYPES.map((value) => ({ value, label: OFFER_ITEM_TYPE_LABELS[value] }))}
            value={form.itemType}
            onChange={(value) => {
              if (!value) return;
              setForm((current) => ({ ...current, itemType: value as OfferItemType, courseGuId: null }));
            }}
            allowDeselect={false}
          />
          {form.itemType === 'item' ? (
            <Select
              label="Kind of item"
              data={OFFER_APPLIES_ON.map((value) => ({ value, label: OFFER_APPLIES_ON_LABELS[value] }))}
              value={form.appliesOn}
              onChange={(value) => value && set('appliesOn', value as OfferAppliesOn)}
              allowDeselect={false}
            />
          ) : (
            <Select
              label={forCourse ? 'Course' : 'Product or category'}
              placeholder="Choose one"
              data={targetOptions}
              searchable
              required
              value={form.courseGuId}
              onChange={(value) => set('courseGuId', value)}
              error={show('courseGuId')}
              nothingFoundMessage="Nothing found"
            />
          )}
        </SimpleGrid>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          type="date"
          label="Start date"
          description={`First day it works (${tenant.timezone || 'the studio’s time zone'})`}
          value={form.startDate}
          onChange={(e) => set('startDate', e.currentTarget.value)}
          error={show('startDate')}
        />
        <TextInput
          type="date"
          label="End date"
          description="Last day it works"
          value={form.endDate}
          onChange={(e) => set('endDate', e.currentTarget.value)}
          error={show('endDate')}
        />
      </SimpleGrid>

      <Switch
        label="Discount the subscription price of memberships"
        checked={form.discountsSubscription}
        onChange={(e) => set('discountsSubscription', e.currentTarget.checked)}
      />
      <Switch
        label="Discount the registration fees of memberships"
        checked={form.discountsRegistrationFees}
        onChange={(e) => set('discountsRegistrationFees', e.currentTarget.checked)}
      />
      <Switch label="Active" checked={form.active} onChange={(e) => set('active', e.currentTarget.checked)} />
    </FormDialog>
  );
}
