import type { CustomForm, CustomFormInput, FormFieldType } from '@atrium/contracts';
import { useTenant } from '../session/session-store';
import { FilledForm } from './PublicFormPage';

/** The builder's preview: the form as visitors will see it, inputs disabled, nothing submitted. */
export function FormPreview({ draft }: { draft: CustomFormInput }) {
  const tenant = useTenant();
  const form: CustomForm = {
    guId: 'preview',
    name: draft.name || 'Untitled form',
    formType: draft.formType ?? 'CUSTOM',
    customFormName: draft.customFormName ?? '',
    isCustomForm: draft.formType !== 'STUDENT_REGISTRATION',
    isName: draft.isName ?? true,
    isEmail: draft.isEmail ?? true,
    isPhone: draft.isPhone ?? true,
    isShowEmergencyContact: draft.isShowEmergencyContact ?? false,
    isShowBirthdate: draft.isShowBirthdate ?? false,
    isShowGuardian: draft.isShowGuardian ?? false,
    isSignRequired: draft.isSignRequired ?? false,
    isPublished: draft.isPublished ?? false,
    // Texts are shown once saved (the server sanitises them); the preview shows them as plain text.
    beforeForm: { description: '' },
    subHeader: { description: '' },
    afterForm: { description: '' },
    course: null,
    customFields: (draft.customFields ?? []).map((f, i) => ({
      guId: f.guId ?? `new-${i}`,
      name: f.name || `Field ${i + 1}`,
      type: f.type as FormFieldType,
      sequence: i,
      isMandatory: f.isMandatory ?? false,
      placeholder: f.placeholder ?? '',
      fieldName: f.fieldName ?? '',
      phonenumber: f.phonenumber ?? false,
      option1: f.option1 ?? '',
      option2: f.option2 ?? '',
      option3: f.option3 ?? '',
      option4: f.option4 ?? '',
      option5: f.option5 ?? '',
      option6: f.option6 ?? '',
    })),
  };
  return <FilledForm form={form} preview isStudent={false} timeZone={tenant.timezone} />;
}
