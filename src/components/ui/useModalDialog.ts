import { useEffect, useRef } from 'react';

/**
 * Opens a native <dialog> as a modal while the component is mounted, and gives focus back to what
 * had it before (the button that opened it) when it goes. The browser would do that itself on
 * dialog.close(), but these dialogs leave by being unmounted (Escape's cancel, Cancel, Save), and an
 * element taken out of the page gives focus to <body>: a keyboard user would start again at the top.
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      // Not when it has left the page meanwhile (a list re-rendered), nor over focus already moved on.
      if (opener?.isConnected && (document.activeElement === document.body || document.activeElement === null || dialog?.contains(document.activeElement))) opener.focus();
    };
  }, []);
  return ref;
}
