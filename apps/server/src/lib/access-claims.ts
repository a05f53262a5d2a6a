import type { Role } from '@atrium/contracts';

/** What an access token says: who, in which tenant, with which role and session. */
export interface AccessClaims {
  /** contact id */
  sub: string;
  /** tenant id */
  tid: string;
  role: Role;
  /** refresh-token family (the login session) */
  sid: string;
  /** a student-preview token issued to a staff member */
  preview?: boolean;
  /** franchise mode: the master admin (contact id in the master tenant) acting as this franchise's admin */
  masterAdminId?: string;
  /** acting as a member (RFC 8693 actor claim): the admin who acts; `sub` is the member */
  act?: { sub: string };
}
