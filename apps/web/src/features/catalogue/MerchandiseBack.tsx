import { Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The way back to Merchandise above the lists that belong to it (Product Bundles, Offers). */
export function MerchandiseBack() {
  return (
    <Group gap="xs">
      <Button component={Link} to="/products" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        Merchandise
      </Button>
    </Group>
  );
}
