import { Anchor, type MantineSize, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AT_STUDIO } from './place-payment';

/** A place paid at the studio (a class or an event): says so, with its invoice to view once there is one. */
export function PayAtStudioNote({
  invoicePublicId,
  size,
}: {
  invoicePublicId: string | null | undefined;
  size?: MantineSize;
}) {
  return (
    <Text size={size}>
      {AT_STUDIO}
      {invoicePublicId ? (
        <>
          {' '}
          <Anchor component={Link} to={`/invoice/${encodeURIComponent(invoicePublicId)}`}>
            View invoice
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}
