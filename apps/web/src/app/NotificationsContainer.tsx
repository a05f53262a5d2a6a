import { Notifications } from '@mantine/notifications';
import { MantineScope } from './MantineScope';

export default function NotificationsContainer() {
  return (
    <MantineScope>
      <Notifications position="top-right" limit={4} />
    </MantineScope>
  );
}
