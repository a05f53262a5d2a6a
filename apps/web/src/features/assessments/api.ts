import type {
  AnswerInput,
  AnswerSaved,
  AssessmentKind,
  AssignableList,
  Attempt,
  AttemptList,
  AttemptStatus,
  GradeInput,
  MyTestList,
  Test,
  TestInput,
  TestList,
} from '@atrium/contracts';
import { apiFile, apiRequest } from '../../lib/api';
import { saveBlob } from '../../lib/save-file';

export const assessmentKeys = { all: ['assessments'] as const };

const at = (id: string) => encodeURIComponent(id);

/** The tests and assessments calls (docs/decisions/engagement.md, "Tests and assessments"). */
export const assessmentsApi = {
  list: (p: { kind: AssessmentKind; page: number; size: number; search: string }) =>
    apiRequest<TestList>('/edtest/tests', {
      query: { kind: p.kind, offset: (Math.max(1, p.page) - 1) * p.size, max: p.size, search: p.search || undefined },
    }),
  get: (id: string) => apiRequest<Test>(`/edtest/tests/${at(id)}`),
  assignables: (search: string) =>
    apiRequest<AssignableList>('/edtest/tests/assignables', { query: { search: search || undefined } }),
  create: (body: TestInput) => apiRequest<Test>('/edtest/tests', { method: 'POST', body, silent: true }),
  update: (id: string, body: TestInput) =>
    apiRequest<Test>(`/edtest/tests/${at(id)}`, { method: 'PUT', body, silent: true }),
  remove: (id: string) =>
    apiRequest<{ message: string }>(`/edtest/tests/${at(id)}`, { method: 'DELETE', silent: true }),
  attempts: (p: {
    kind: AssessmentKind;
    page: number;
    size: number;
    status: AttemptStatus | null;
    testId: string | null;
  }) =>
    apiRequest<AttemptList>('/edtest/attempts', {
      query: {
        kind: p.kind,
        offset: (Math.max(1, p.page) - 1) * p.size,
        max: p.size,
        status: p.status,
        testId: p.testId,
      },
    }),
  attempt: (id: string) => apiRequest<Attempt>(`/edtest/attempts/${at(id)}`, { silent: true }),
  grade: (id: string, position: number, body: GradeInput) =>
    apiRequest<Attempt>(`/edtest/attempts/${at(id)}/answers/${position}/grade`, { method: 'PUT', body, silent: true }),
  myTests: () => apiRequest<MyTestList>('/edtest/my/tests'),
  start: (testId: string) =>
    apiRequest<Attempt>(`/edtest/tests/${at(testId)}/attempts`, { method: 'POST', silent: true }),
  save: (id: string, position: number, body: AnswerInput) =>
    apiRequest<AnswerSaved>(`/edtest/attempts/${at(id)}/answers/${position}`, { method: 'PUT', body, silent: true }),
  submit: (id: string) => apiRequest<Attempt>(`/edtest/attempts/${at(id)}/submit`, { method: 'POST', silent: true }),
};

/** Saves a finished attempt's result as a PDF. */
export async function downloadResult(attempt: { _id: string; testName: string }): Promise<void> {
  const safe = attempt.testName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'test';
  saveBlob(await apiFile(`/edtest/attempts/${at(attempt._id)}/result.pdf`), `${safe} result.pdf`);
}
