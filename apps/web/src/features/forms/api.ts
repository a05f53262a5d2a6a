import type {
  CustomForm,
  CustomFormInput,
  FormSettings,
  FormSubmissionInput,
  FormSubmissionResult,
  FormType,
  HumanChallenge,
  PublicCourseSummary,
  PublicFormSummary,
  SignedDocument,
  SignedDocumentVerification,
  WaiverConfirmResult,
  WaiverStatus,
} from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** Spec 2 §7 custom-form calls and spec 3 §7.9 form calls. */
export const formsApi = {
  list: (type?: FormType) => apiRequest<CustomForm[]>('/rest/customForm', { query: { type } }),
  create: (body: CustomFormInput) => apiRequest<CustomForm>('/rest/customForm', { method: 'POST', body, silent: true }),
  update: (guId: string, body: CustomFormInput) =>
    apiRequest<CustomForm>(`/rest/customForm/${id(guId)}`, { method: 'PUT', body, silent: true }),
  remove: (guId: string) => apiRequest<{ message: string }>(`/rest/customForm/${id(guId)}`, { method: 'DELETE' }),
  publicForm: (guId: string) => apiRequest<CustomForm>(`/public/customForm/${id(guId)}`, { silent: true }),
  /** The host's published forms of one type, by name (spec 3 §7.9 GET /public/customForm). */
  publicForms: (type: FormType) =>
    apiRequest<PublicFormSummary[]>('/public/customForm', { query: { type }, silent: true }),
  challenge: () =>
    apiRequest<HumanChallenge>('/public/humanCheck', { query: { action: 'custom_form_checkout' }, silent: true }),
  submit: (path: string, body: FormSubmissionInput) =>
    apiRequest<FormSubmissionResult>(path, { method: 'POST', body, silent: true }),
  status: (submissionId: string) =>
    apiRequest<FormSubmissionResult>(`/cform/regform/${id(submissionId)}`, { silent: true }),
  mine: () => apiRequest<SignedDocument[]>('/cform/myregistration'),
  contactDocuments: (contactId: string) =>
    apiRequest<SignedDocument[]>(`/rest/contact/${id(contactId)}/signedDocuments`),
  /** Staff: whether a signed form is unchanged since signed (both hashes recomputed). */
  verify: (submissionId: string) =>
    apiRequest<SignedDocumentVerification>(`/cform/regform/${id(submissionId)}/verify`, { silent: true }),
  contactWaiver: (contactId: string) => apiRequest<WaiverStatus>(`/rest/contact/${id(contactId)}/waiver`),
  /** The member confirms a waiver from the link emailed to them. */
  confirmWaiver: (token: string) =>
    apiRequest<WaiverConfirmResult>('/public/waiver/confirm', { method: 'POST', body: { token }, silent: true }),
  /** The demo-course list a form may enrol in (published; free or with a demo chapter). */
  courses: () => apiRequest<PublicCourseSummary[]>('/rest/customForm/courses'),
  settings: () => apiRequest<FormSettings>('/rest/settings/forms'),
  saveSettings: (body: FormSettings) =>
    apiRequest<FormSettings>('/rest/settings/forms', { method: 'PUT', body, silent: true }),
};

export function useFormSettings() {
  return useQuery({ queryKey: ['forms', 'settings'], queryFn: formsApi.settings });
}

export function useSaveFormSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: formsApi.saveSettings,
    onSuccess: (saved) => client.setQueryData(['forms', 'settings'], saved),
  });
}

/** The builder's course choice; asked only while the studio has courses on. */
export function useFormCourses(enabled: boolean) {
  return useQuery({ queryKey: ['forms', 'courses'], queryFn: formsApi.courses, enabled });
}

export const formKeys = { all: ['forms'] as const, list: ['forms', 'list'] as const };

export function useForms() {
  return useQuery({ queryKey: formKeys.list, queryFn: () => formsApi.list(), staleTime: 0 });
}

export function useSaveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: CustomFormInput }) =>
      guId ? formsApi.update(guId, body) : formsApi.create(body),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.all }),
  });
}

export function useRemoveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guId: string) => formsApi.remove(guId),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.all }),
  });
}

const toHex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** Solves the human check in the browser (ALTCHA's proof of work): the rToken to send. */
export async function solveHumanCheck(challenge: HumanChallenge): Promise<string> {
  const encoder = new TextEncoder();
  for (let n = 0; n <= challenge.maxnumber; n += 1) {
    const digest = await crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n));
    if (toHex(digest) === challenge.challenge) {
      return btoa(JSON.stringify({ ...challenge, number: n }));
    }
  }
  throw new Error('The human check could not be solved.');
}
