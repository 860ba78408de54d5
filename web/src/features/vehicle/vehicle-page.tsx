import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function VehiclePage({ id }: { id: string }) {
  usePageMeta('vehicle');
  return <PageHeading title={`Vehicle ${id}`} />;
}
