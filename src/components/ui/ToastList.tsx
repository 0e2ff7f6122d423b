import { X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import toast, { resolveValue, ToastBar, useToaster, type Toast } from 'react-hot-toast';

const MAX_VISIBLE = 3;
const GUTTER = 14;
const WIDTH = 356;

type PauseReason = 'hover' | 'focus' | 'hidden';

/**
 * Top-right toasts (docs/spec/storefront.md sections 4 and 9): 4 s, three at once, 356 px wide, paused while
 * hovered, while focus is inside one (its close button) and while the tab is hidden. Rendered with
 * react-hot-toast's headless hook because its own Toaster only pauses on hover, and its mouse-leave
 * would end a pause another reason still needs.
 */
export default function ToastList() {
  const { toasts, handlers } = useToaster({ duration: 4000 });
  const { startPause, endPause, calculateOffset, updateHeight } = handlers;
  const [reasons, setReasons] = useState<ReadonlySet<PauseReason>>(() => new Set(document.hidden ? ['hidden'] : []));
  const set = useCallback((reason: PauseReason, on: boolean) => {
    setReasons((prev) => {
      if (prev.has(reason) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(reason);
      else next.delete(reason);
      return next;
    });
  }, []);

  // One pause for however many reasons hold it.
  const paused = reasons.size > 0;
  const pauseRef = useRef({ startPause, endPause });
  pauseRef.current = { startPause, endPause };
  useEffect(() => {
    if (paused) pauseRef.current.startPause();
    else pauseRef.current.endPause();
  }, [paused]);

  useEffect(() => {
    const onVisibility = () => set('hidden', document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [set]);

  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    // A step that succeeded makes the errors shown before it stale ('Address line 1 is required'
    // must not stay next to 'Order placed successfully!').
    const lastSuccess = Math.max(0, ...visible.filter((t) => t.type === 'success').map((t) => t.createdAt));
    visible.filter((t) => t.type === 'error' && t.createdAt <= lastSuccess).forEach((t) => toast.dismiss(t.id));
    visible.slice(MAX_VISIBLE).forEach((t) => toast.dismiss(t.id));
  }, [toasts]);

  // Hover and focus no longer apply once the last toast is gone.
  const empty = toasts.length === 0;
  useEffect(() => {
    if (!empty) return;
    set('hover', false);
    set('focus', false);
  }, [empty, set]);

  return (
    <div
      style={{ position: 'fixed', zIndex: 9999, top: 72, right: 16, left: 16, pointerEvents: 'none' }}
      onPointerEnter={() => set('hover', true)}
      onPointerLeave={() => set('hover', false)}
      onFocus={() => set('focus', true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) set('focus', false);
      }}
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} offset={calculateOffset(t, { gutter: GUTTER })} onHeight={updateHeight} />
      ))}
    </div>
  );
}

function ToastItem({ toast: t, offset, onHeight }: { toast: Toast; offset: number; onHeight: (id: string, height: number) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // Measured after each render (offsetHeight ignores the enter animation's scale); stored on change only.
  useLayoutEffect(() => {
    const height = ref.current?.offsetHeight;
    if (height && height !== t.height) onHeight(t.id, height);
  });
  return (
    <div
      ref={ref}
      data-testid="toast"
      data-visible={t.visible ? 'true' : 'false'}
      style={{
        position: 'absolute',
        right: 0,
        top: 0,
        maxWidth: '100%',
        transform: `translateY(${offset}px)`,
        transition: 'transform 230ms cubic-bezier(.21,1.02,.73,1)',
        zIndex: t.visible ? 9999 : undefined,
      }}
    >
      <ToastBar toast={t} position="top-right" style={{ width: WIDTH, maxWidth: '100%', pointerEvents: 'auto', padding: '8px 8px 8px 12px' }}>
        {({ icon }) => (
          <>
            {icon}
            {/* Left-aligned: react-hot-toast centres the text, which reads badly in a wide box. */}
            <div {...t.ariaProps} className="min-w-0 flex-1 whitespace-pre-line px-2 py-1 text-left text-sm text-slate-800" data-testid="toast-message">
              {resolveValue(t.message, t)}
            </div>
            {t.type !== 'loading' && (
              <button
                type="button"
                aria-label="Dismiss notification"
                onClick={() => toast.dismiss(t.id)}
                className="flex h-7 w-7 flex-none items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            )}
          </>
        )}
      </ToastBar>
    </div>
  );
}
