import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';
import { cn } from '../../lib/utils';

export const toggleVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-medium ring-offset-background transition-colors hover:bg-muted hover:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 data-[state=on]:bg-accent data-[state=on]:text-accent-foreground',
  {
    variants: {
      variant: { default: 'bg-transparent', outline: 'border border-input bg-transparent hover:bg-accent' },
      size: { default: 'h-10 px-3 min-w-10', sm: 'h-9 px-2.5 min-w-9', lg: 'h-11 px-5 min-w-11' },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export interface ToggleProps
  extends Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'onChange'>,
    VariantProps<typeof toggleVariants> {
  pressed?: boolean;
  defaultPressed?: boolean;
  onPressedChange?: (pressed: boolean) => void;
}

/** shadcn/ui's Toggle: a two-state button (`aria-pressed`, `data-state="on"|"off"`). */
export const Toggle = React.forwardRef<HTMLButtonElement, ToggleProps>(
  (
    { className, variant, size, pressed, defaultPressed = false, onPressedChange, onClick, ...props },
    ref,
  ) => {
    const [own, setOwn] = React.useState(defaultPressed);
    const on = pressed ?? own;
    return (
      <button
        ref={ref}
        type="button"
        aria-pressed={on}
        data-state={on ? 'on' : 'off'}
        className={cn(toggleVariants({ variant, size, className }))}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          if (pressed === undefined) setOwn(!on);
          onPressedChange?.(!on);
        }}
        {...props}
      />
    );
  },
);
Toggle.displayName = 'Toggle';
