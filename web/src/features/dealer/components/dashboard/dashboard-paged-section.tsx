import type { DealerDashboardItem } from '@contracts/dealer-dashboard';
import type { Page } from '@contracts/paging';
import { isValidElement, type ReactNode, type Ref } from 'react';
import { ServerPagedList } from '@/components/ui/pager';
import { Empty, QuerySection, type SectionSpec, type StatesQuery } from '@/components/ui/query-states';
import { useDashboardPaging } from '../../server-list';

/** What a paged section says, worded once in the dashboard's table of sections (dashboard-sections.tsx). */
export interface PagedSectionSpec extends SectionSpec {
  title: string;
  /** With no item at all: a text in a quiet box, or an element shown as it is. */
  empty: ReactNode;
  /** When the session has ended (the read answers nothing); `empty` when left out. */
  signedOut?: string;
}

/** What a page read is asked: the page (cursor, limit) or the one item a link names (id). */
export interface PagedSectionQuery {
  cursor?: string;
  limit: number;
  id?: number;
}

/**
 * One frame for a dashboard list the server pages (issue #47): the section's card and heading,
 * its read's loading, failure, signed-out and empty states, then its page (20 at a time, the
 * `Pager` under it) with the item an address names (`#buy-order-3`, of kind `item`) read by its id
 * and shown first when it is on another page. `usePage` is the list's named read (called twice:
 * the page, and the named item, off until an address names one); `children` draws one item's card.
 */
export function DashboardPagedSection<T>({
  section,
  item,
  usePage,
  idOf = (entry) => (entry as { id: number }).id,
  actions,
  headingRef,
  listClassName,
  children,
}: {
  section: PagedSectionSpec;
  item: DealerDashboardItem;
  usePage: (query: PagedSectionQuery, enabled?: boolean) => StatesQuery<Page<T> | null>;
  /** The id the list's `id` reads an item by (its `id` unless told). */
  idOf?: (entry: T) => number;
  actions?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  listClassName: string;
  children: (entry: T) => ReactNode;
}) {
  const { signedOut, ...spec } = section;
  const { cursor, limit, listRef, pagerOf, namedId } = useDashboardPaging(item);
  const page = usePage({ cursor, limit });
  const named = usePage({ id: namedId ?? undefined, limit: 1 }, namedId !== null);
  return (
    <QuerySection
      section={spec}
      headingRef={headingRef}
      actions={actions}
      query={page}
      isEmpty={(data) => data === null}
      empty={signedOut ?? spec.empty}
    >
      {(data) =>
        data.total === 0 ? (
          isValidElement(spec.empty) ? (
            spec.empty
          ) : (
            <Empty className="mt-4">{spec.empty}</Empty>
          )
        ) : (
          <ServerPagedList
            items={data.items}
            named={named.data?.items[0]}
            idOf={idOf}
            pager={pagerOf(data)}
            listRef={listRef}
            label={spec.title}
            className={listClassName}
          >
            {children}
          </ServerPagedList>
        )
      }
    </QuerySection>
  );
}
