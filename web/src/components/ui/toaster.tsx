import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { dismissToast, TOAST_DURATION, useToasts } from './use-toast';

export const ToastAction = ({ className, ...props }: ComponentProps<typeof Toast.Action>) => (
  <Toast.Action
    className={cn(
      'inline-flex h-8 shrink-0 items-center rounded-md border border-current/30 px-3 text-sm font-medium hover:bg-black/5',
      className,
    )}
    {...props}
  />
);

/**
 * The toast area of docs/product.md §2/§9: one at a time, 5000 ms, swipe right past 50 px to dismiss,
 * F8 moves focus to it, at the bottom of the screen (right-aligned and at most 420 px wide from
 * medium screens up).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant = 'default', open }) => (
        <Toast.Root
          key={id}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={variant}
          className={cn(
            'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0',
            variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {title ? <Toast.Title className="text-sm font-semibold">{title}</Toast.Title> : null}
            {description ? (
              <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>
            ) : null}
          </div>
          {action}
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        // At the bottom on every screen: on a phone the top holds the header (Portal, after an
        // offer) and an open dialog's title and Close; a toast there covered what comes next.
        className="fixed bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:right-0 md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
