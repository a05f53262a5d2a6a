import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/layouts/base.css';
import './app/layouts/public.css';
import './app/layouts/admin.css';
import './app/layouts/student.css';
import './app/layouts/footer.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { revealAppEventually } from './app/app-prepaint';
import { captureLoginFragment } from './features/auth/login-fragment';
import { captureFranchiseSwitchFragment } from './features/franchise/switch-fragment';
import { captureStudioWelcomeFragment } from './features/onboarding/welcome-fragment';

// Before the router reads the address: a social token or handed-over session leaves the URL at once.
captureLoginFragment();
captureFranchiseSwitchFragment();
captureStudioWelcomeFragment();
revealAppEventually();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
