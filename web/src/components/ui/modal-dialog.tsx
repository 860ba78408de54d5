import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/lib/cn';

/**
 * The open dialog of a Modal (modal.tsx): Radix's dialog, its focus trap and scroll lock. Loaded when
 * a modal first opens (or once the page is idle), not with the page: no page's first screen shows one.
 */
export function ModalDialog({
  onOpenChange,
  triggerRef,
  returnFocus,
  title,
  description,
  children,
  className,
}: {
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLElement | null>;
  returnFocus?: RefObject<HTMLElement | null>;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          className={cn(
            'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl bg-white p-6 shadow-xl',
            className,
          )}
          onCloseAutoFocus={(event) => {
            const target = triggerRef.current ?? returnFocus?.current;
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {/* Room for the Close button (icon and word) so a long title never runs under it. */}
          <div className="pr-16">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
            ) : null}
          </div>
          {children}
          <Dialog.Close className="absolute right-3 top-3 inline-flex items-center gap-1 rounded-md p-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900">
            <X aria-hidden="true" className="h-4 w-4" />
            <span>Close</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
