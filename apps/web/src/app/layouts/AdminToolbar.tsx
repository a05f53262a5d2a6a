import { Avatar, Burger, Button, Menu, Text } from '@mantine/core';
import { IconChevronDown, IconEye, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { StaffFeedbackLink } from '../../features/feedback/FeedbackButton';
import { FranchiseSwitcher } from '../../features/franchise/FranchiseSwitcher';
import { HiddenCommandIndicator } from '../../features/hidden-command/HiddenCommandIndicator';
import type { NavItem } from '../../features/navigation/nav-item';
import { displayName } from '../../features/navigation/student-menu';
import { NoticesButton } from '../../features/notices/NoticesButton';
import { startActingAsMember, startStudentPreview, startWebPreview } from '../../features/session/preview-actions';
import { useSession, useTenant } from '../../features/session/session-store';
import { ShortcutsBar } from '../../features/shortcuts/ShortcutsBar';
import { TenantLogo } from './TenantLogo';

const MemberPickerDialog = lazy(() => import('../../features/users/MemberPickerDialog'));
const ChangePasswordDialog = lazy(() => import('../../features/account/ChangePasswordDialog'));

interface Props {
  menuExpanded: boolean;
  onToggleMenu: () => void;
  /** The sidebar's items: what the shortcuts bar may point to. */
  menu: NavItem[];
}

/** Spec 3 §2.6 staff toolbar: menu toggle, logo, shortcuts, feedback, notices, Preview menu, user menu. */
export function AdminToolbar({ menuExpanded, onToggleMenu, menu }: Props) {
  const { user } = useSession();
  const tenant = useTenant();
  const [startingPreview, setStartingPreview] = useState(false);
  const [pickingMember, setPickingMember] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const name = user ? displayName(user) : '';
  return (
    <header className="admin-toolbar">
      <Burger opened={menuExpanded} onClick={onToggleMenu} aria-label="Toggle menu" size="sm" />
      <TenantLogo to="/dashboard" />
      <ShortcutsBar menu={menu} isStaff showsStore={tenant.isShowStoreMenu} />
      <div className="admin-toolbar__spacer" />
      {user?.role === 'admin' ? <HiddenCommandIndicator /> : null}
      <StaffFeedbackLink labelClassName="admin-toolbar__label" />
      {/* admins and staff write notices (Manage links); front desk reads the board */}
      <NoticesButton manage={user?.role === 'admin' || user?.role === 'staff'} />
      <FranchiseSwitcher />
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            leftSection={<IconEye size={18} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            loading={startingPreview}
            px="xs"
          >
            <span className="admin-toolbar__label">Preview</span>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => startWebPreview()}>Web Preview</Menu.Item>
          <Menu.Item
            onClick={async () => {
              setStartingPreview(true);
              // A failure is already toasted by the API client; the admin view simply stays.
              await startStudentPreview().catch(() => undefined);
              setStartingPreview(false);
            }}
          >
            Student Preview
          </Menu.Item>
          {user?.role === 'admin' ? (
            <Menu.Item onClick={() => setPickingMember(true)}>Act as a Member</Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {pickingMember ? (
        <Suspense fallback={null}>
          {/* Spec 2 §4 acting as a member: the chosen member's token, the student face, /classes. */}
          <MemberPickerDialog
            opened
            onClose={() => setPickingMember(false)}
            onSubmit={(member) => startActingAsMember({ guId: member.id, fullName: member.label })}
          />
        </Suspense>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="subtle" color="dark" aria-label={`User menu for ${name}`} px="xs">
            <Avatar src={user?.picture ?? null} alt="" size="sm" radius="xl" mr={8} />
            <Text size="sm" className="admin-toolbar__label">
              {name}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
            My Profile
          </Menu.Item>
          <Menu.Item leftSection={<IconKey size={16} aria-hidden />} onClick={() => setChangingPassword(true)}>
            Change Password
          </Menu.Item>
          <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changingPassword ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
