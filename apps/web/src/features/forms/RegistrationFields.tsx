import { type CustomForm, FORM_TEXTAREA_MAX, type FormField } from '@atrium/contracts';
import {
  Alert,
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
import type { ChangeEvent } from 'react';
import {
  type IdentityKey,
  minorAge,
  type RegistrationProblems,
  type RegistrationValues,
  signingGuardian,
} from './registration-values';
import { SignaturePad } from './SignaturePad';

const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;
const optionsOf = (field: FormField) => OPTION_KEYS.map((k) => field[k]).filter(Boolean);

/** Rich text the server sanitised. */
function Html({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the form's texts are sanitised on save (sanitizePageHtml)
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
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

export interface RegistrationFieldsProps {
  form: CustomForm;
  values: RegistrationValues;
  onChange: (update: (values: RegistrationValues) => RegistrationValues) => void;
  problems: RegistrationProblems;
  /** Preview: everything shown, nothing can be typed. */
  disabled: boolean;
  isStudent: boolean;
  timeZone: string;
  /** The banner's heading: the page's own (1) or a section of a larger page (2). */
  titleOrder: 1 | 2;
  titleId: string;
}

/**
 * A public form's sections in the spec's order (spec 3 §2.3): the banner (name and before-text), the
 * subheader, the person's name, email and phone, the fields in sequence, Other Info, Guardians' Info,
 * the signature with its date and clear button, and the after-text. The caller holds the values and
 * owns the submit button.
 */
export function RegistrationFields({
  form,
  values,
  onChange,
  problems,
  disabled,
  isStudent,
  timeZone,
  titleOrder,
  titleId,
}: RegistrationFieldsProps) {
  const { identity } = values;
  const dateText = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(new Date());
  const set = (key: IdentityKey) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    onChange((v) => ({ ...v, identity: { ...v.identity, [key]: value } }));
  };
  const problem = (key: string) => problems[key] || undefined;
  // A minor's registration asks for a guardian, who signs for them.
  const minorUnder = minorAge(form, values, timeZone);
  const personName = `${identity.firstName} ${identity.lastName}`.trim() || 'the person registering';
  const guardianName = signingGuardian(values);
  const text = (key: IdentityKey) => ({ disabled, value: identity[key], onChange: set(key), error: problem(key) });

  return (
    <Stack gap="md">
      <header>
        <Title order={titleOrder} id={titleId} size="h2">
          {form.name}
        </Title>
        {form.beforeForm.description ? <Html html={form.beforeForm.description} /> : null}
      </header>
      {form.subHeader.description ? <Html html={form.subHeader.description} /> : null}
      {disabled ? <Alert color="blue">Preview: the form cannot be submitted.</Alert> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {form.isName || !isStudent ? (
          <>
            <TextInput label="First Name" required autoComplete="given-name" {...text('firstName')} />
            <TextInput label="Last Name" required autoComplete="family-name" {...text('lastName')} />
          </>
        ) : null}
        {form.isEmail || !isStudent ? (
          <TextInput label="Email" type="email" required={!isStudent} autoComplete="email" {...text('email')} />
        ) : null}
        {form.isPhone ? <TextInput label="Phone" type="tel" autoComplete="tel" {...text('phone')} /> : null}
      </SimpleGrid>
      {form.customFields.map((field) => (
        <FieldInput
          key={field.guId}
          field={field}
          disabled={disabled}
          value={values.answers[field.guId] ?? ''}
          error={problems[field.guId] ?? null}
          onChange={(value) => onChange((v) => ({ ...v, answers: { ...v.answers, [field.guId]: value } }))}
        />
      ))}
      {form.isShowEmergencyContact || form.isShowBirthdate ? (
        <Fieldset legend="Other Info">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {form.isShowEmergencyContact ? (
              <>
                <TextInput label="Emergency Contact Name" {...text('emergencyContactName')} />
                <TextInput label="Emergency Contact Number" type="tel" {...text('emergencyContactPhone')} />
              </>
            ) : null}
            {form.isShowBirthdate ? <TextInput label="Date of Birth" type="date" {...text('dateOfBirth')} /> : null}
          </SimpleGrid>
        </Fieldset>
      ) : null}
      {form.isShowGuardian || minorUnder !== null ? (
        <Fieldset legend="Guardians' Info">
          {minorUnder !== null ? (
            <Text size="sm" mb="sm" id="guardian-needed" aria-live="polite">
              {`${personName} is under ${minorUnder}: add a guardian with their name, email and phone. The guardian signs for them.`}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {(['mother', 'father'] as const).flatMap((guardian) => {
              const label = guardian === 'mother' ? 'Mother' : 'Father';
              // The first guardian is the one a minor must name.
              const needed = minorUnder !== null && guardian === 'mother' && !identity.fatherName;
              return [
                <TextInput
                  key={`${guardian}Name`}
                  label={`${label} Name`}
                  required={needed}
                  autoComplete="off"
                  {...text(`${guardian}Name`)}
                />,
                <TextInput
                  key={`${guardian}Email`}
                  label={`${label} Email`}
                  type="email"
                  required={needed}
                  autoComplete="off"
                  {...text(`${guardian}Email`)}
                />,
                <TextInput
                  key={`${guardian}Phone`}
                  label={`${label} Phone`}
                  type="tel"
                  required={needed}
                  autoComplete="off"
                  {...text(`${guardian}Phone`)}
                />,
              ];
            })}
          </SimpleGrid>
        </Fieldset>
      ) : null}
      {form.isSignRequired ? (
        <SignaturePad
          disabled={disabled}
          error={problems.sign}
          typed={values.typed}
          onTyped={(typed) => onChange((v) => ({ ...v, typed }))}
          onDrawn={(drawn) => onChange((v) => ({ ...v, drawn }))}
          dateText={dateText}
          signedFor={minorUnder !== null ? { guardian: guardianName || 'The guardian', person: personName } : undefined}
        />
      ) : null}
      {form.afterForm.description ? <Html html={form.afterForm.description} /> : null}
    </Stack>
  );
}
