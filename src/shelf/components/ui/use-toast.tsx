// shadcn/ui's toast store (the set before Sonner): `toast({ title, description })` from anywhere adds a toast,
// `useToast()` reads the list (and `toast`, `dismiss`). One list for the page, as shadcn/ui's: the newest
// toast replaces the one showing (TOAST_LIMIT), and a dismissed one leaves after its exit animation.
import * as React from 'react';
import type { ToastActionElement, ToastProps } from './toast';

const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1000;

type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

interface State {
  toasts: ToasterToast[];
}

let count = 0;
const listeners: Array<(state: State) => void> = [];
let memoryState: State = { toasts: [] };
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State) {
  memoryState = next;
  for (const listener of listeners) listener(memoryState);
}

function scheduleRemoval(id: string) {
  if (removeTimeouts.has(id)) return;
  removeTimeouts.set(
    id,
    setTimeout(() => {
      removeTimeouts.delete(id);
      setState({ toasts: memoryState.toasts.filter((t) => t.id !== id) });
    }, TOAST_REMOVE_DELAY),
  );
}

function dismiss(toastId?: string) {
  for (const t of memoryState.toasts) if (toastId === undefined || t.id === toastId) scheduleRemoval(t.id);
  setState({
    toasts: memoryState.toasts.map((t) =>
      toastId === undefined || t.id === toastId ? { ...t, open: false } : t,
    ),
  });
}

type Toast = Omit<ToasterToast, 'id'>;

export function toast(props: Toast) {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(count);
  const update = (next: Partial<ToasterToast>) =>
    setState({ toasts: memoryState.toasts.map((t) => (t.id === id ? { ...t, ...next } : t)) });
  setState({
    toasts: [
      {
        ...props,
        id,
        open: true,
        onOpenChange: (open: boolean) => {
          if (!open) dismiss(id);
        },
      },
      ...memoryState.toasts,
    ].slice(0, TOAST_LIMIT),
  });
  return { id, dismiss: () => dismiss(id), update };
}

export function useToast() {
  const [state, setLocal] = React.useState<State>(memoryState);
  React.useEffect(() => {
    listeners.push(setLocal);
    return () => {
      const index = listeners.indexOf(setLocal);
      if (index > -1) listeners.splice(index, 1);
    };
  }, []);
  return { ...state, toast, dismiss };
}
