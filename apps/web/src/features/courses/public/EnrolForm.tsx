import { COURSE_MESSAGES, type PublicCourse } from '@atrium/contracts';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { showSuccessToast } from '../../../lib/notify';

interface Result {
  status: 'enrolled' | 'purchase';
  message: string;
  toast: string | null;
  courseUrl: string;
}

/**
 * A visitor enrols in a free course, or takes a course's demo, with name, email and phone: the
 * demo-course flow of spec 3 §2.3 ('{course} enrolled successfully', 'Course enrolled successfully').
 */
export function EnrolForm({ course, demo }: { course: PublicCourse; demo: boolean }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ fullName?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<Result | null>(null);

  if (done)
    return (
      <Alert color="teal" role="status" title={done.message}>
        <Text size="sm">{COURSE_MESSAGES.detailsByEmail}</Text>
        <Text size="sm">Sign in with this email to start the course in My Courses.</Text>
      </Alert>
    );

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      fullName: fullName.trim() ? undefined : 'First name and Last name required!',
      email: /^\S+@\S+\.\S+$/.test(email.trim()) ? undefined : 'Email is required!',
    };
    setErrors(next);
    if (next.fullName || next.email) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await apiRequest<Result>('/public/course/register', {
        method: 'POST',
        silent: true,
        body: { categoryGuId: course.guId, user: { fullName, email, phone }, isFreeClass: !demo, isDemo: demo },
      });
      if (result.toast) showSuccessToast(result.toast);
      setDone(result);
    } catch (cause) {
      setFailure(isApiError(cause) ? cause.message : 'The enrolment could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="enrol-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="enrol-title">
          {demo ? 'Try the demo' : 'Enrol for free'}
        </Title>
        <TextInput
          label="Full name"
          required
          value={fullName}
          onChange={(e) => setFullName(e.currentTarget.value)}
          error={errors.fullName}
          autoComplete="name"
        />
        <TextInput
          label="Email"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          autoComplete="email"
        />
        <TextInput
          label="Phone"
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          autoComplete="tel"
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Button type="submit" loading={busy}>
          {demo ? 'Start the demo' : 'Enrol'}
        </Button>
      </Stack>
    </form>
  );
}
