import { X } from 'lucide-react';
import { Dialog, Slot } from 'radix-ui';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

interface ModalProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the modal (it gets the dialog-trigger attributes and click handler). */
  trigger?: ReactNode;
  /**
   * Where focus goes when a modal without a trigger closes (one the page opens itself, e.g. after a
   * server's answer): the control that started what the modal asks about.
   */
  returnFocus?: RefObject<HTMLElement | null>;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * The reusable modal of docs/product.md §2: title, description and a close button labelled 'Close'.
 * The dialog itself is mounted only while open: a listings page has three triggers per card, and
 * mounting a closed dialog for each made every search keystroke and the first paint slower.
 * Closing returns focus to the trigger.
 */
export function Modal({
  open: openProp,
  onOpenChange,
  trigger,
  returnFocus,
  title,
  description,
  children,
  className,
}: ModalProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const triggerRef = useRef<HTMLElement>(null);
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {trigger ? (
        <Slot.Root
          ref={triggerRef}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-state={open ? 'open' : 'closed'}
          onClick={() => setOpen(true)}
        >
          {trigger}
        </Slot.Root>
      ) : null}
      {open ? (
        <Dialog.Root open onOpenChange={setOpen}>
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
                  <Dialog.Description className="mt-1 text-sm text-slate-600">
                    {description}
                  </Dialog.Description>
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
      ) : null}
    </>
  );
}
