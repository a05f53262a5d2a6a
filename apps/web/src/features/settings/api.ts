import type {
  AccountSettings,
  AccountSettingsWrite,
  ModuleSettings,
  ModuleSettingsWrite,
  RoleSettings,
  StudentAppSettings,
  StudentAppSettingsWrite,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** A row of GET /rest/contact?userType=admin (staff of every role). */
export interface AdminRow {
  guId: string;
  fullName: string;
  email: string;
  role: string;
}

/** Spec 2 §7 "Account and tenant" (decisions.md "Settings" for the paths the spec does not show). */
export const settingsApi = {
  account: () => apiRequest<AccountSettings>('/snode/tenant'),
  /** Its failures are shown by the form itself (field errors or the server's message). */
  saveAccount: (body: AccountSettingsWrite) =>
    apiRequest<AccountSettings>('/snode/tenant', { method: 'PUT', body, silent: true }),
  admins: () => apiRequest<AdminRow[]>('/rest/contact', { query: { userType: 'admin' } }),
  modules: () => apiRequest<ModuleSettings>('/rest/settings/display'),
  saveModules: (body: ModuleSettingsWrite) =>
    apiRequest<ModuleSettings>('/rest/settings/display', { method: 'PUT', body }),
  roles: () => apiRequest<RoleSettings>('/rest/settings/roles'),
  saveRoles: (body: RoleSettings) => apiRequest<RoleSettings>('/rest/settings/roles', { method: 'PUT', body }),
  studentApp: () => apiRequest<StudentAppSettings>('/rest/settings/studentapp'),
  saveStudentApp: (body: StudentAppSettingsWrite) =>
    apiRequest<StudentAppSettings>('/rest/settings/studentapp', { method: 'PUT', body, silent: true }),
};
