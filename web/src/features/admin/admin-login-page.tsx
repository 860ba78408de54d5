import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function AdminLoginPage() {
  usePageMeta('adminLogin');
  return <PageHeading title="Admin Login" />;
}
