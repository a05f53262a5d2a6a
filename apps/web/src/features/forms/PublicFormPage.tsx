import {
  COURSE_MESSAGES,
  type CustomForm,
  FORM_COURSE_TEXTS,
  FORM_MESSAGES,
  FORM_TEXTS,
  type FormSubmissionResult,
  WAIVER_CONFIRM_TEXTS,
} from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { MantineScope } from '../../app/MantineScope';
import { ApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { queryClient } from '../../lib/query-client';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { formsApi, solveHumanCheck } from './api';
import { CourseEnrolled } from './CourseEnrolled';
import { registrantOf, rememberRegistrant } from './course-registrant';
import { RegistrationFields } from './RegistrationFields';
import {
  changedKeys,
  emptyRegistration,
  problemKeyOf,
  problemToast,
  type RegistrationProblems,
  type RegistrationValues,
  registrationProblems,
  submissionOf,
  withoutProblems,
} from './registration-values';

/** The signed document's download, or its progress (spec 3 §4 'Registration form'). */
export function DocumentDownload({ initial }: { initial: FormSubmissionResult }) {
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
  // Spec 3 §2.3: the page reads ?isDemo (a form tied to a course then enrols in its demo).
  const [search] = useSearchParams();
  const isDemo = search.get('isDemo') === 'true';
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
    <FilledForm
      form={form.data}
      preview={preview}
      isStudent={user?.role === 'student'}
      timeZone={tenant.timezone}
      isDemo={isDemo}
      studio={tenant.name}
    />
  );
}

export function FilledForm({
  form,
  preview,
  isStudent,
  timeZone,
  isDemo = false,
  studio = '',
}: {
  form: CustomForm;
  preview: boolean;
  isStudent: boolean;
  timeZone: string;
  /** The page's ?isDemo=true: a form tied to a course enrols in its demo. */
  isDemo?: boolean;
  /** The studio's name, for the demo-course flow's app notice. */
  studio?: string;
}) {
  const [values, setValues] = useState<RegistrationValues>(emptyRegistration);
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<FormSubmissionResult | null>(null);

  if (done?.course?.status === 'enrolled') {
    return (
      <CourseEnrolled course={done.course} studio={studio}>
        <DocumentDownload initial={done} />
      </CourseEnrolled>
    );
  }
  if (done?.course?.status === 'purchase') {
    // A paid course: the registrant is kept for its page, which opens next (spec 3 §4).
    return (
      <Stack aria-live="polite">
        <Text>{FORM_COURSE_TEXTS.goingToCourse}</Text>
        <Anchor href={done.course.courseUrl}>{done.course.message}</Anchor>
      </Stack>
    );
  }
  if (done) {
    return (
      <Stack aria-live="polite">
        <Title order={1}>{FORM_TEXTS.submitted(form.name)}</Title>
        {form.isSignRequired ? <Text>{FORM_MESSAGES.signed(form.name)}</Text> : null}
        {done.awaitingConfirmation ? (
          <Alert color="blue" title="Please confirm from your email">
            {WAIVER_CONFIRM_TEXTS.emailSent}
          </Alert>
        ) : null}
        <DocumentDownload initial={done} />
      </Stack>
    );
  }

  const change = (update: (before: RegistrationValues) => RegistrationValues) => {
    const after = update(values);
    setValues(after);
    setProblems((shown) => withoutProblems(shown, changedKeys(values, after)));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (preview) return;
    const found = registrationProblems(form, values, isStudent, timeZone);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const toast = problemToast(found);
      if (toast) showErrorToast(toast);
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
        { ...submissionOf(form, values, rToken), isDemo },
      );
      if (result.course?.status === 'purchase') {
        rememberRegistrant(registrantOf(values.identity));
        setDone(result);
        window.location.assign(result.course.courseUrl);
        return;
      }
      showSuccessToast(result.course ? COURSE_MESSAGES.enrolledToast : FORM_TEXTS.registered);
      setDone(result);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : String(error);
      // The server's refusal shows beside its field too (a minor's missing guardian, a birth date).
      const key = error instanceof ApiError ? problemKeyOf(error.field) : null;
      if (key) setProblems({ [key]: message });
      showErrorToast(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="form-title">
      <Stack gap="md" maw={720}>
        <RegistrationFields
          form={form}
          values={values}
          onChange={change}
          problems={problems}
          disabled={preview}
          isStudent={isStudent}
          timeZone={timeZone}
          titleOrder={1}
          titleId="form-title"
        />
        <Group>
          <Button type="submit" disabled={preview} loading={submitting}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
