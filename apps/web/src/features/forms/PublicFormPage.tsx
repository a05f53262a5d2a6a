import {
  type CustomForm,
  FORM_EMAIL_PATTERN,
  FORM_TEXTAREA_MAX,
  FORM_TEXTS,
  type FormField,
  type FormSubmissionResult,
} from '@atrium/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { MantineScope } from '../../app/MantineScope';
import { ApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { formsApi, solveHumanCheck } from './api';
import { SignaturePad } from './SignaturePad';

const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;
const optionsOf = (field: FormField) => OPTION_KEYS.map((k) => field[k]).filter(Boolean);

/** Rich text the server sanitised. */
function Html({ html, as = 'div' }: { html: string; as?: 'div' }) {
  const Tag = as;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the form's texts are sanitised on save (sanitizePageHtml)
  return <Tag dangerouslySetInnerHTML={{ __html: html }} />;
}

type Identity = Record<
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'emergencyContactName'
  | 'emergencyContactPhone'
  | 'dateOfBirth'
  | 'motherName'
  | 'motherEmail'
  | 'motherPhone'
  | 'fatherName'
  | 'fatherEmail'
  | 'fatherPhone',
  string
>;
const EMPTY: Identity = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  dateOfBirth: '',
  motherName: '',
  motherEmail: '',
  motherPhone: '',
  fatherName: '',
  fatherEmail: '',
  fatherPhone: '',
};

/** The message for one answer as the browser checks it (spec 3 §5); the server checks it again. */
function answerMessage(field: FormField, value: string): string | null {
  const v = value.trim();
  if (field.type === 'header') return null;
  if (!v || (field.type === 'checkbox' && v !== 'true')) return field.isMandatory ? `${field.name} is required` : null;
  if (field.type === 'email' && !FORM_EMAIL_PATTERN.test(v)) return `${field.name} must be a valid email address`;
  if (field.type === 'textarea' && v.length > FORM_TEXTAREA_MAX) {
    return `${field.name} must be at most ${FORM_TEXTAREA_MAX} characters`;
  }
  return null;
}

function FieldInput({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: FormField;
  value: string;
  error: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const common = {
    label: field.name,
    description: field.fieldName || undefined,
    required: field.isMandatory,
    disabled,
    error: error ?? undefined,
  };
  switch (field.type) {
    case 'header':
      return (
        <Title order={3} size="h4" mt="sm">
          {field.name}
        </Title>
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          placeholder={field.placeholder}
          value={value}
          maxLength={FORM_TEXTAREA_MAX}
          autosize
          minRows={3}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          placeholder={field.placeholder}
          value={value}
          onChange={(v) => onChange(String(v ?? ''))}
        />
      );
    case 'checkbox':
      return (
        <Checkbox
          label={field.name}
          description={field.fieldName || undefined}
          required={field.isMandatory}
          disabled={disabled}
          error={error ?? undefined}
          checked={value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')}
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Group mt={4}>
            {optionsOf(field).map((option) => (
              <Radio key={option} value={option} label={option} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'dropdown':
      return (
        <Select
          {...common}
          placeholder={field.placeholder || 'Select'}
          data={optionsOf(field)}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          clearable={!field.isMandatory}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.phonenumber ? 'tel' : 'text'}
          placeholder={field.placeholder}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

function DocumentDownload({ initial }: { initial: FormSubmissionResult }) {
  const [result, setResult] = useState(initial);
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      const next = await formsApi.status(result._id);
      setResult(next);
      if (next.status === 'COMPLETE') window.open(next.downloadUrl, '_blank', 'noopener');
    } catch (error) {
      showErrorToast(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  if (result.status === 'COMPLETE') {
    return (
      <Anchor href={result.downloadUrl} download>
        {FORM_TEXTS.downloadFile}
      </Anchor>
    );
  }
  if (result.status === 'ERROR') return <Alert color="red">{FORM_TEXTS.failed}</Alert>;
  return (
    <Stack gap="xs" align="flex-start">
      <Text>{FORM_TEXTS.inProgress}</Text>
      <Button variant="default" onClick={refresh} loading={busy}>
        Refresh
      </Button>
    </Stack>
  );
}

/**
 * The public form (spec 3 §2.3) at /regform/{guId} and /registration/{id}; at /preview/regform/{guId}
 * (or with preview) inputs are disabled and nothing is submitted.
 */
export default function PublicFormPage({ preview = false }: { preview?: boolean }) {
  // The public shell is plain CSS: this screen brings Mantine and the query client itself.
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <PublicForm preview={preview} />
      </QueryClientProvider>
    </MantineScope>
  );
}

function PublicForm({ preview }: { preview: boolean }) {
  const params = useParams();
  const guId = params.guId ?? params.id ?? '';
  const tenant = useTenant();
  const { user } = useSession();
  const form = useQuery({
    queryKey: ['forms', 'public', guId],
    queryFn: () => formsApi.publicForm(guId),
    retry: false,
  });
  useDocumentHead(tenant, form.data?.name ?? 'Form');
  if (form.isPending) return <Busy />;
  if (form.isError || !form.data) {
    return (
      <Stack>
        <Title order={1}>Form not found</Title>
        <Text>This form is not available.</Text>
      </Stack>
    );
  }
  return (
    <FilledForm form={form.data} preview={preview} isStudent={user?.role === 'student'} timeZone={tenant.timezone} />
  );
}

export function FilledForm({
  form,
  preview,
  isStudent,
  timeZone,
}: {
  form: CustomForm;
  preview: boolean;
  isStudent: boolean;
  timeZone: string;
}) {
  const [identity, setIdentity] = useState<Identity>(EMPTY);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [drawn, setDrawn] = useState('');
  const [typed, setTyped] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<FormSubmissionResult | null>(null);
  const dateText = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(new Date());
  const set = (key: keyof Identity) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setIdentity((v) => ({ ...v, [key]: value }));
  };
  const fieldError = (key: string) => errors[key] ?? undefined;

  if (done) {
    return (
      <Stack aria-live="polite">
        <Title order={1}>{FORM_TEXTS.submitted(form.name)}</Title>
        <DocumentDownload initial={done} />
      </Stack>
    );
  }

  const validate = (): Record<string, string | null> => {
    const next: Record<string, string | null> = {};
    if (!isStudent || identity.firstName || identity.lastName) {
      if (!identity.firstName.trim()) next.firstName = FORM_TEXTS.namesRequired;
      if (!identity.lastName.trim()) next.lastName = FORM_TEXTS.namesRequired;
    }
    if (!isStudent || identity.email) {
      const email = identity.email.trim().toLowerCase();
      if (!email) next.email = 'Email is required!';
      else if (!FORM_EMAIL_PATTERN.test(email)) next.email = 'Please enter a valid email address.';
    }
    for (const field of form.customFields) {
      const message = answerMessage(field, answers[field.guId] ?? '');
      if (message) next[field.guId] = message;
    }
    if (form.isSignRequired && !drawn && !typed.trim()) next.sign = FORM_TEXTS.signatureRequired;
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (preview) return;
    const found = validate();
    setErrors(found);
    const messages = Object.values(found).filter(Boolean) as string[];
    if (messages.length > 0) {
      if (found.firstName || found.lastName) showErrorToast(FORM_TEXTS.namesRequired);
      else if (found.sign && messages.length === 1) showErrorToast(FORM_TEXTS.signatureRequired);
      return;
    }
    setSubmitting(true);
    try {
      let rToken: string;
      try {
        rToken = await solveHumanCheck(await formsApi.challenge());
      } catch (error) {
        showErrorToast(error instanceof Error ? error.message : String(error));
        return;
      }
      const result = await formsApi.submit(
        isStudent && form.formType === 'STUDENT_REGISTRATION'
          ? '/studentreg/register'
          : isStudent
            ? '/cform/regform'
            : '/cform/regform/public',
        {
          ...identity,
          email: identity.email.trim().toLowerCase(),
          formId: form.guId,
          formType: form.formType,
          rToken,
          customField: form.customFields
            .filter((f) => f.type !== 'header')
            .map((f) => ({
              guId: f.guId,
              sequence: f.sequence,
              type: f.type,
              name: f.name,
              value: answers[f.guId] ?? '',
            })),
          sign: drawn,
          typedSign: drawn ? '' : typed.trim(),
          signDate: new Date().toISOString(),
        },
      );
      showSuccessToast(FORM_TEXTS.registered);
      setDone(result);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      showErrorToast(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="form-title">
      <Stack gap="md" maw={720}>
        <header>
          <Title order={1} id="form-title" size="h2">
            {form.name}
          </Title>
          {form.beforeForm.description ? <Html html={form.beforeForm.description} /> : null}
        </header>
        {form.subHeader.description ? <Html html={form.subHeader.description} /> : null}
        {preview ? <Alert color="blue">Preview: the form cannot be submitted.</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {form.isName || !isStudent ? (
            <>
              <TextInput
                label="First Name"
                required
                disabled={preview}
                value={identity.firstName}
                onChange={set('firstName')}
                error={fieldError('firstName')}
                autoComplete="given-name"
              />
              <TextInput
                label="Last Name"
                required
                disabled={preview}
                value={identity.lastName}
                onChange={set('lastName')}
                error={fieldError('lastName')}
                autoComplete="family-name"
              />
            </>
          ) : null}
          {form.isEmail || !isStudent ? (
            <TextInput
              label="Email"
              type="email"
              required={!isStudent}
              disabled={preview}
              value={identity.email}
              onChange={set('email')}
              error={fieldError('email')}
              autoComplete="email"
            />
          ) : null}
          {form.isPhone ? (
            <TextInput
              label="Phone"
              type="tel"
              disabled={preview}
              value={identity.phone}
              onChange={set('phone')}
              autoComplete="tel"
            />
          ) : null}
        </SimpleGrid>
        {form.customFields.map((field) => (
          <FieldInput
            key={field.guId}
            field={field}
            disabled={preview}
            value={answers[field.guId] ?? ''}
            error={errors[field.guId] ?? null}
            onChange={(value) => setAnswers((a) => ({ ...a, [field.guId]: value }))}
          />
        ))}
        {form.isShowEmergencyContact || form.isShowBirthdate ? (
          <Fieldset legend="Other Info">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {form.isShowEmergencyContact ? (
                <>
                  <TextInput
                    label="Emergency Contact Name"
                    disabled={preview}
                    value={identity.emergencyContactName}
                    onChange={set('emergencyContactName')}
                  />
                  <TextInput
                    label="Emergency Contact Number"
                    type="tel"
                    disabled={preview}
                    value={identity.emergencyContactPhone}
                    onChange={set('emergencyContactPhone')}
                  />
                </>
              ) : null}
              {form.isShowBirthdate ? (
                <TextInput
                  label="Date of Birth"
                  type="date"
                  disabled={preview}
                  value={identity.dateOfBirth}
                  onChange={set('dateOfBirth')}
                />
              ) : null}
            </SimpleGrid>
          </Fieldset>
        ) : null}
        {form.isShowGuardian ? (
          <Fieldset legend="Guardians' Info">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {(['mother', 'father'] as const).flatMap((guardian) => {
                const label = guardian === 'mother' ? 'Mother' : 'Father';
                return [
                  <TextInput
                    key={`${guardian}Name`}
                    label={`${label} Name`}
                    disabled={preview}
                    value={identity[`${guardian}Name`]}
                    onChange={set(`${guardian}Name`)}
                  />,
                  <TextInput
                    key={`${guardian}Email`}
                    label={`${label} Email`}
                    type="email"
                    disabled={preview}
                    value={identity[`${guardian}Email`]}
                    onChange={set(`${guardian}Email`)}
                  />,
                  <TextInput
                    key={`${guardian}Phone`}
                    label={`${label} Phone`}
                    type="tel"
                    disabled={preview}
                    value={identity[`${guardian}Phone`]}
                    onChange={set(`${guardian}Phone`)}
                  />,
                ];
              })}
            </SimpleGrid>
          </Fieldset>
        ) : null}
        {form.isSignRequired ? (
          <SignaturePad
            disabled={preview}
            error={errors.sign}
            typed={typed}
            onTyped={setTyped}
            onDrawn={setDrawn}
            dateText={dateText}
          />
        ) : null}
        {form.afterForm.description ? <Html html={form.afterForm.description} /> : null}
        <Group>
          <Button type="submit" disabled={preview} loading={submitting}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
