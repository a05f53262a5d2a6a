import { z } from 'zod';
import { colour, imagePath } from './website-settings.ts';

/**
 * Spec 2 §3 "Student app": the labels of the student portal's four tabs (Calendar, Courses, My
 * Store, Assessments, in that order), its primary colour and three welcome images.
 */
export const DEFAULT_APP_LABELS = ['Calendar', 'Courses', 'My Store', 'Assessments'] as const;
export const APP_LABEL_MAX = 30;

export const StudentAppSettings = z.object({
  appLabel1: z.string(),
  appLabel2: z.string(),
  appLabel3: z.string(),
  appLabel4: z.string(),
  appPrimaryColor: z.string().nullable(),
  appWelcomeImage1: z.string().nullable(),
  appWelcomeImage2: z.string().nullable(),
  appWelcomeImage3: z.string().nullable(),
});
export type StudentAppSettings = z.infer<typeof StudentAppSettings>;

const label = (n: number) =>
  z
    .string({ error: `Label ${n} is required!` })
    .trim()
    .min(1, `Label ${n} is required!`)
    .max(APP_LABEL_MAX, `Label ${n} cannot exceed ${APP_LABEL_MAX} characters`);

/** PUT /rest/settings/studentapp: the whole screen. */
export const StudentAppSettingsWrite = z
  .object({
    appLabel1: label(1),
    appLabel2: label(2),
    appLabel3: label(3),
    appLabel4: label(4),
    appPrimaryColor: colour('Primary colour'),
    appWelcomeImage1: imagePath('Welcome image 1'),
    appWelcomeImage2: imagePath('Welcome image 2'),
    appWelcomeImage3: imagePath('Welcome image 3'),
  })
  .strict();
export type StudentAppSettingsWrite = z.input<typeof StudentAppSettingsWrite>;
