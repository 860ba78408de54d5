import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function InventoryPage() {
  usePageMeta('inventory');
  return <PageHeading title="Vehicle Listings" />;
}
