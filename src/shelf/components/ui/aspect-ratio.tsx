import * as React from 'react';
import { cn } from '../../lib/utils';

export interface AspectRatioProps extends React.HTMLAttributes<HTMLDivElement> {
  /** Width over height (16 / 9); 1 by default. */
  ratio?: number;
}

/** shadcn/ui's AspectRatio: its children fill a box of the given width-to-height ratio. */
export const AspectRatio = React.forwardRef<HTMLDivElement, AspectRatioProps>(
  ({ ratio = 1, className, style, ...props }, ref) => (
    <div style={{ position: 'relative', width: '100%', paddingBottom: `${100 / ratio}%` }}>
      <div
        ref={ref}
        className={cn(className)}
        style={{ position: 'absolute', inset: 0, ...style }}
        {...props}
      />
    </div>
  ),
);
AspectRatio.displayName = 'AspectRatio';
