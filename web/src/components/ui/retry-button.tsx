import type { UseQueryResult } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';

/** A read that failed, as a page's error state takes it: the error, and the read to run again. */
export type FailedRead = Pick<UseQueryResult<unknown, Error>, 'error' | 'refetch' | 'isFetching'>;

/** Runs a failed read again; its icon turns, and it waits, while the read runs. */
export function RetryButton({
  read,
  variant = 'secondary',
  size,
  className,
  children,
}: {
  read: FailedRead;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      onClick={() => void read.refetch()}
      disabled={read.isFetching}
    >
      <RefreshCw aria-hidden="true" className={read.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
      {children}
    </Button>
  );
}
