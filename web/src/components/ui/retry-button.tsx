import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A read that failed, as a page's error state takes it: the error, and the read to run again. */
export type FailedRead = Pick<UseQueryResult<unknown, Error>, 'error' | 'refetch' | 'isFetching'>;

/** Runs a failed read again; its icon turns, and it waits, while the read runs. */
export function RetryButton({
  read,
  className,
  children,
}: {
  read: FailedRead;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => void read.refetch()}
      disabled={read.isFetching}
    >
      <RefreshCw aria-hidden="true" className={read.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
      {children}
    </Button>
  );
}
