import { Alert, Anchor, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { revealApp } from '../../app/app-prepaint';
import { MantineScope } from '../../app/MantineScope';
import { useSession } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';

/** The frame of the login, register and password screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { tenant } = useSession();
  useDocumentHead(tenant, title);
  useEffect(revealApp, []);
  return (
    <MantineScope>
      <Paper withBorder shadow="sm" p="xl" className="auth-card">
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        {children}
      </Paper>
    </MantineScope>
  );
}

/** The way to the Login screen from the other sign-in screens. */
export function LoginLink({ children }: { children: ReactNode }) {
  return (
    <Anchor component={Link} to="/login">
      {children}
    </Anchor>
  );
}

/** What a register or forgot-password request says once its email is sent, and the way back to Login. */
export function CheckYourEmail({ message }: { message: string }) {
  return (
    <Stack>
      <Alert color="teal" role="status" title="Check your email">
        {message}
      </Alert>
      <LoginLink>Back to Login</LoginLink>
    </Stack>
  );
}
