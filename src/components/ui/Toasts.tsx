import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

const MAX_VISIBLE = 3;

/** Top-right toasts: 4 s, paused on hover (react-hot-toast's default), at most three at once. */
export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(MAX_VISIBLE)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-right"
      gutter={14}
      toastOptions={{ duration: 4000, style: { maxWidth: 356, width: 356 } }}
      containerStyle={{ top: 72 }}
    />
  );
}
