import { isStaffRole } from '@atrium/contracts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import type { VideoAssetRow } from './video.repo.ts';

export interface VideoAccessQuestion {
  platform: Platform;
  tenant: TenantContext;
  /** The signed-in person (a student-preview token counts as the student it previews as). */
  claims: AccessClaims;
  asset: VideoAssetRow;
}

/** A signed-out visitor's question: no claims. */
export type VisitorVideoQuestion = Omit<VideoAccessQuestion, 'claims'>;

/**
 * What a policy says of a signed-out visitor: `watch` (e.g. the preview chapter of a published
 * course), `listed` (a public page shows the video but it is not open to visitors: 403), `unknown`
 * (nothing public shows it: the visitor is told it does not exist, 404).
 */
export type VisitorVideoAnswer = 'watch' | 'listed' | 'unknown';

/**
 * Answers whether a signed-in person who is not staff may watch an asset, e.g. courses: "enrolled
 * in a course one of whose chapters shows this asset". True grants; false leaves the question to
 * the other policies. A policy must never answer true for another tenant's asset (it is given the
 * request's tenant and an asset of that tenant only).
 */
export interface VideoAccessPolicy {
  /** Names the policy in logs and in the decision record, e.g. 'course-enrolment'. */
  name: string;
  mayWatch(question: VideoAccessQuestion): Promise<boolean>;
  /** Signed-out visitors; a policy without it shows visitors nothing. */
  forVisitor?(question: VisitorVideoQuestion): Promise<VisitorVideoAnswer>;
}

const policies = new Map<string, VideoAccessPolicy>();

/** Adds (or, by the same name, replaces) a policy; modules register theirs when their routes register. */
export function registerVideoAccessPolicy(policy: VideoAccessPolicy): void {
  policies.set(policy.name, policy);
}

/** Staff always may; anyone else signed in when one registered policy says so. */
export async function mayWatchVideo(question: VideoAccessQuestion): Promise<boolean> {
  if (isStaffRole(question.claims.role) && !question.claims.preview) return true;
  for (const policy of policies.values()) {
    if (await policy.mayWatch(question)) return true;
  }
  return false;
}

/**
 * A signed-out visitor: `watch` when a policy opens the video to visitors, else `listed` when one
 * shows it publicly, else `unknown`.
 */
export async function visitorMayWatchVideo(question: VisitorVideoQuestion): Promise<VisitorVideoAnswer> {
  let answer: VisitorVideoAnswer = 'unknown';
  for (const policy of policies.values()) {
    const said = (await policy.forVisitor?.(question)) ?? 'unknown';
    if (said === 'watch') return 'watch';
    if (said === 'listed') answer = 'listed';
  }
  return answer;
}

/** For tests: the policies registered so far, by name. */
export function videoAccessPolicyNames(): string[] {
  return [...policies.keys()];
}
