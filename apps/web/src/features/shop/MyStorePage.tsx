import { ShopCatalogue } from './MerchandisePage';

/** Student /store ('My Store'): the shop's catalogue and the member's cart (the student face brings Mantine). */
export default function MyStorePage() {
  return <ShopCatalogue title="My Store" checkoutPath="/cartcheckout" />;
}
