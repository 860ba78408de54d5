import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function AdminPage() {
  usePageMeta('admin');
  return <PageHeading title="Admin Dashboard" />;
}
