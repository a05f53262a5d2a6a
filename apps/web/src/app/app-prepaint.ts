/**
 * The server draws the sign-in screens' first paint from HTML alone (render-page.ts appPrepaint)
 * and keeps the app hidden behind it. The app removes it once a screen of its own is up: the
 * sign-in card, or the face a signed-in person is sent to. If neither comes (an error), it goes
 * anyway after a while, so the app is never left hidden.
 */
const FALLBACK_MS = 10_000;

export function revealApp(): void {
  document.getElementById('app-prepaint')?.remove();
  document.getElementById('app-prepaint-style')?.remove();
}

export function revealAppEventually(): void {
  if (document.getElementById('app-prepaint')) window.setTimeout(revealApp, FALLBACK_MS);
}
