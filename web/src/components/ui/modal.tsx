import { Slot } from 'radix-ui';
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { afterLoadAndIdle } from '@/lib/when-idle';

/** The dialog's code (Radix's dialog, focus trap, scroll lock): not on any page's first screen. */
const loadDialog = () => import('./modal-dialog');
const ModalDialog = lazy(() => loadDialog().then((m) => ({ default: m.ModalDialog })));
let dialogRequested = false;
/** Fetches the dialog's code once: when the page is idle, or at once when a trigger is pointed at. */
const preloadDialog = () => {
  if (dialogRequested) return;
  dialogRequested = true;
  void loadDialog();
};

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
  /** Fetches the code of what the dialog holds (a body loaded on its own), with the dialog's. */
  preload?: () => void;
}

/**
 * The reusable modal of docs/product.md §2: title, description and a close button labelled 'Close'.
 * The dialog itself is mounted only while open: a listings page has three triggers per card, and
 * mounting a closed dialog for each made every search keystroke and the first paint slower.
 * Closing returns focus to the trigger. The dialog's code (modal-dialog.tsx) is not in the page's
 * chunks (issue #46): it loads once the page is idle, or when a trigger is pointed at or focused;
 * a modal opened before that shows when its code arrives.
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
  preload,
}: ModalProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openProp ?? ownOpen;
  const triggerRef = useRef<HTMLElement>(null);
  useEffect(() => (dialogRequested ? undefined : afterLoadAndIdle(preloadDialog)), []);
  const preloadAll = () => {
    preloadDialog();
    preload?.();
  };
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
          onPointerEnter={preloadAll}
          onPointerDown={preloadAll}
          onFocus={preloadAll}
        >
          {trigger}
        </Slot.Root>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <ModalDialog
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            returnFocus={returnFocus}
            title={title}
            description={description}
            className={className}
          >
            {children}
          </ModalDialog>
        </Suspense>
      ) : null}
    </>
  );
}
