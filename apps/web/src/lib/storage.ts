/** localStorage that never throws (private mode, disabled storage, or no window in tests). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string): string | null {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    const storage = store();
    if (!storage) return;
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch {
    // Storage full or blocked: the session then lives only in memory.
  }
}

export const STORAGE_KEYS = {
  /** The public shop's cart id on this device (the server keeps the cart). */
  cartId: 'atrium.cartId',
  /** How many items that cart holds (the public top bar's count). */
  cartCount: 'atrium.cartCount',
  /** Spec 1 §4 login-trace flag: 'true' or 'false'. */
  loginTrace: 'atrium.loginTrace',
  accessToken: 'atrium.accessToken',
  refreshToken: 'atrium.refreshToken',
  /** Pending class pick {classId, clsStartTime, scheduleId?} made before login. */
  pendingEvent: 'atrium.pendingEvent',
  lastAccountActivity: 'atrium.lastAccountActivity',
  /** Test hook: overrides the 15-minute idle timeout, in milliseconds. */
  idleTimeoutMs: 'atrium.idleTimeoutMs',
  /** Spec 3 §7.1: set by every website-page write, read before navigation is rebuilt. */
  websiteRefreshed: 'websiteRefreshed',
} as const;
