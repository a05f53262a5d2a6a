import type {
  AccountSettingsWrite,
  ModuleSettingsWrite,
  RoleSettings,
  StudentAppSettingsWrite,
} from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshTenantAndAccount } from '../session/session-actions';
import { settingsApi } from './api';

export const settingsKeys = {
  account: ['settings', 'account'] as const,
  admins: ['settings', 'admins'] as const,
  modules: ['settings', 'modules'] as const,
  roles: ['settings', 'roles'] as const,
  studentApp: ['settings', 'studentapp'] as const,
};

export function useAccountSettings() {
  return useQuery({ queryKey: settingsKeys.account, queryFn: settingsApi.account, staleTime: 0 });
}

export function useAdminList() {
  return useQuery({
    queryKey: settingsKeys.admins,
    queryFn: settingsApi.admins,
    select: (rows) => rows.filter((row) => row.role === 'admin'),
  });
}

export function useModuleSettings() {
  return useQuery({ queryKey: settingsKeys.modules, queryFn: settingsApi.modules, staleTime: 0 });
}

/** A settings write refreshes the tenant and account detail, so menus follow at once. */
export function useSaveAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountSettingsWrite) => settingsApi.saveAccount(body),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKeys.account, saved);
      await refreshTenantAndAccount();
    },
  });
}

export function useSaveModules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ModuleSettingsWrite) => settingsApi.saveModules(body),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKeys.modules, saved);
      await refreshTenantAndAccount();
    },
  });
}

export function useRoleSettings() {
  return useQuery({ queryKey: settingsKeys.roles, queryFn: settingsApi.roles, staleTime: 0 });
}

/** Permissions drive the menu of staff who are signed in elsewhere; here the account detail is refreshed too. */
export function useSaveRoles() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleSettings) => settingsApi.saveRoles(body),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKeys.roles, saved);
      await refreshTenantAndAccount();
    },
  });
}

export function useStudentAppSettings() {
  return useQuery({ queryKey: settingsKeys.studentApp, queryFn: settingsApi.studentApp, staleTime: 0 });
}

export function useSaveStudentApp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StudentAppSettingsWrite) => settingsApi.saveStudentApp(body),
    onSuccess: async (saved) => {
      client.setQueryData(settingsKeys.studentApp, saved);
      await refreshTenantAndAccount();
    },
  });
}
