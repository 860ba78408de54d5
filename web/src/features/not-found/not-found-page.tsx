import { NOT_FOUND_TEXT, NOT_FOUND_TITLE, PAGE_PATHS } from '@contracts/routes';
import { Link } from 'wouter';
import { PageFrame } from '@/components/page-frame';
import { buttonClasses } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundPage() {
  usePageMeta('notFound');
  return (
    <PageFrame centred title={NOT_FOUND_TITLE} subtitle={NOT_FOUND_TEXT}>
      <Link href={PAGE_PATHS.home} className={buttonClasses('primary', 'md')}>
        Go to the home page
      </Link>
    </PageFrame>
  );
}
