import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/use-page-meta';

export default function UploadPage() {
  usePageMeta('upload');
  return <PageHeading title="Upload Vehicle" />;
}
