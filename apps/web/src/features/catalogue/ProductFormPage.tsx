import { CATALOGUE_MESSAGES, type Item } from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormActions } from '../../app/components/FormDialog';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { isPriced, NoCardPaymentsAlert } from '../payment-settings/NoCardPaymentsAlert';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { CategoryDialog, SupplierDialog } from './CatalogueDialogs';
import { parsePrice } from './catalogue-format';
import { useCategories, useItem, useSaveItem, useSuppliers } from './hooks';
import { ImagePicker } from './ImagePicker';
import { useMayManageCatalogue } from './ProductsPage';

interface FormValues {
  name: string;
  categoryId: string | null;
  price: string;
  description: string;
  sku: string;
  isTaxable: boolean;
  isChargeCreditCardFees: boolean;
  isVisible: boolean;
  imageId: string | null;
  trackStock: boolean;
  stock: number | string;
  supplierId: string | null;
}
type Field = keyof FormValues;

const EMPTY: FormValues = {
  name: '',
  categoryId: null,
  price: '',
  description: '',
  sku: '',
  isTaxable: true,
  isChargeCreditCardFees: true,
  isVisible: true,
  imageId: null,
  trackStock: false,
  stock: 0,
  supplierId: null,
};

function fromItem(item: Item): FormValues {
  return {
    name: item.name,
    categoryId: item.categoryId,
    price: String(item.price),
    description: item.description,
    sku: item.sku,
    isTaxable: item.isTaxable,
    isChargeCreditCardFees: item.isChargeCreditCardFees,
    isVisible: item.isVisible,
    imageId: item.imageId,
    trackStock: item.stock !== null,
    stock: item.stock ?? 0,
    supplierId: item.supplierId,
  };
}

function formErrors(values: FormValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = CATALOGUE_MESSAGES.nameRequired;
  if (!values.categoryId) errors.categoryId = CATALOGUE_MESSAGES.categoryRequired;
  if (!values.price.trim()) errors.price = CATALOGUE_MESSAGES.priceRequired;
  else if (parsePrice(values.price) === null) errors.price = 'Enter a price such as 12.50 (0 or more)';
  if (values.trackStock && (typeof values.stock !== 'number' || !Number.isInteger(values.stock) || values.stock < 0)) {
    errors.stock = 'Stock must be a whole number, 0 or more';
  }
  return errors;
}

/** /products/new (and /products/new?guId= to edit): the product form. */
export default function ProductFormPage() {
  const tenant = useTenant();
  const [params] = useSearchParams();
  const guId = params.get('guId');
  useDocumentHead(tenant, guId ? 'Edit Product' : 'New Product');
  const navigate = useNavigate();
  const mayManage = useMayManageCatalogue();
  const existing = useItem(guId);
  const categories = useCategories('product');
  const suppliers = useSuppliers();
  const save = useSaveItem();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [dialog, setDialog] = useState<'category' | 'supplier' | null>(null);

  useEffect(() => {
    if (existing.data) setValues(fromItem(existing.data));
  }, [existing.data]);

  const errors = { ...formErrors(values), ...serverErrors };
  const set = <K extends Field>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors((current) => {
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  };
  const shown = (key: Field) => (submitted || serverErrors[key] ? errors[key] : undefined);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(formErrors(values)).length > 0 || save.isPending) return;
    const body = {
      name: values.name.trim(),
      categoryId: values.categoryId ?? '',
      price: parsePrice(values.price) ?? 0,
      description: values.description.trim(),
      sku: values.sku.trim(),
      isTaxable: values.isTaxable,
      isChargeCreditCardFees: values.isChargeCreditCardFees,
      isVisible: values.isVisible,
      imageId: values.imageId,
      stock: values.trackStock ? Number(values.stock) : null,
      supplierId: values.supplierId,
    };
    try {
      await save.mutateAsync({ guId, body });
      showSuccessToast(guId ? CATALOGUE_MESSAGES.productUpdated : CATALOGUE_MESSAGES.productAdded);
      navigate('/products');
    } catch (error) {
      const key = isApiError(error) ? (error.field as Field | undefined) : undefined;
      if (isApiError(error) && key && key in values) setServerErrors({ [key]: error.message });
      else showErrorToast(error instanceof Error ? error.message : String(error));
    }
  }

  if (!mayManage) {
    return (
      <Alert color="gray" title="Read only">
        Only an administrator or staff member can change products.
      </Alert>
    );
  }
  if (guId && existing.isPending) return <Loader aria-label="Loading the product" />;
  if (guId && existing.isError) {
    return (
      <Alert color="red" title="Product not found">
        <Anchor component={Link} to="/products">
          Back to Merchandise
        </Anchor>
      </Alert>
    );
  }

  const title = guId ? 'Edit Product' : 'New Product';
  return (
    <Stack component="section" aria-labelledby="product-form-title" gap="md" maw={760}>
      <Group gap="xs">
        <Button component={Link} to="/products" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Merchandise
        </Button>
      </Group>
      <Title order={1} id="product-form-title">
        {title}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby="product-form-title">
        <Stack gap="md">
          <Card withBorder radius="md">
            <Stack gap="sm">
              <TextInput
                label="Name"
                required
                value={values.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={shown('name')}
              />
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label="Category"
                  required
                  placeholder="Choose a category"
                  data={(categories.data?.data ?? []).map((c) => ({ value: c.guId, label: c.name }))}
                  value={values.categoryId}
                  onChange={(value) => set('categoryId', value)}
                  error={shown('categoryId')}
                  searchable
                  w={{ base: '100%', sm: 300 }}
                />
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setDialog('category')}
                >
                  New Category
                </Button>
              </Group>
              <TextInput
                label={`Price (${tenant.csymbol || '$'})`}
                required
                inputMode="decimal"
                value={values.price}
                onChange={(e) => set('price', e.currentTarget.value)}
                error={shown('price')}
                w={{ base: '100%', sm: 200 }}
              />
              <NoCardPaymentsAlert paymentProvider={tenant.paymentProvider} priced={isPriced(values.price)} />
              <Group gap="lg">
                <Checkbox
                  label="Charge tax"
                  checked={values.isTaxable}
                  onChange={(e) => set('isTaxable', e.currentTarget.checked)}
                />
                <Checkbox
                  label="Charge card fees"
                  checked={values.isChargeCreditCardFees}
                  onChange={(e) => set('isChargeCreditCardFees', e.currentTarget.checked)}
                />
              </Group>
              <Textarea
                label="Description"
                autosize
                minRows={2}
                value={values.description}
                onChange={(e) => set('description', e.currentTarget.value)}
                error={shown('description')}
              />
              <TextInput
                label="SKU"
                value={values.sku}
                onChange={(e) => set('sku', e.currentTarget.value)}
                error={shown('sku')}
                w={{ base: '100%', sm: 200 }}
              />
              <ImagePicker value={values.imageId} onChange={(id) => set('imageId', id)} />
              <Switch
                label="Visible in the store"
                checked={values.isVisible}
                onChange={(e) => set('isVisible', e.currentTarget.checked)}
              />
            </Stack>
          </Card>

          <Card withBorder radius="md" component="section" aria-labelledby="product-stock-title">
            <Stack gap="sm">
              <Title order={2} size="h4" id="product-stock-title">
                Stock
              </Title>
              <Switch
                label="Track stock"
                checked={values.trackStock}
                onChange={(e) => set('trackStock', e.currentTarget.checked)}
              />
              {values.trackStock ? (
                <NumberInput
                  label="Quantity in stock"
                  min={0}
                  allowDecimal={false}
                  allowNegative={false}
                  value={values.stock}
                  onChange={(value) => set('stock', value)}
                  error={shown('stock')}
                  w={{ base: '100%', sm: 200 }}
                />
              ) : null}
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label="Supplier"
                  placeholder="No supplier"
                  data={(suppliers.data ?? []).map((s) => ({ value: s.guId, label: s.name }))}
                  value={values.supplierId}
                  onChange={(value) => set('supplierId', value)}
                  error={shown('supplierId')}
                  clearable
                  searchable
                  w={{ base: '100%', sm: 300 }}
                />
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  onClick={() => setDialog('supplier')}
                >
                  New Supplier
                </Button>
              </Group>
            </Stack>
          </Card>

          <FormActions cancelTo="/products" pending={save.isPending} submitLabel="Submit" />
        </Stack>
      </form>
      <CategoryDialog
        opened={dialog === 'category'}
        type="PRODUCT"
        onClose={() => setDialog(null)}
        onCreated={(category) => {
          set('categoryId', category.guId);
          setDialog(null);
        }}
      />
      <SupplierDialog
        opened={dialog === 'supplier'}
        onClose={() => setDialog(null)}
        onCreated={(supplier) => {
          set('supplierId', supplier.guId);
          setDialog(null);
        }}
      />
    </Stack>
  );
}
