import { NOT_FOUND_TEXT, NOT_FOUND_TITLE, PAGE_PATHS } from '@contracts/routes';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { usePageMeta } from '@/lib/use-page-meta';

export function NotFoundPage() {
  usePageMeta('notFound');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{NOT_FOUND_TITLE}</h1>
      <p className="mt-3 text-slate-600">{NOT_FOUND_TEXT}</p>
      <Link href={PAGE_PATHS.home} className={buttonClasses('primary', 'md', 'mt-8')}>
        Go to the home page
      </Link>
    </section>
  );
}
